/** What an export is doing or did, announced politely (the Export graph menu, the slide form). */
export interface ExportState {
  text: string;
  error?: boolean;
}

export function ExportStatus({ status }: { status: ExportState }) {
  return (
    <p className={`export-status small${status.error ? ' error-text' : ''}`} role="status" aria-live="polite">
      {status.text}
    </p>
  );
}
