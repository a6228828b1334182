import { useEffect, useRef, useState } from 'react';
import { readDrop } from '../../browser/drop';
import { pickDirectory } from '../../browser/recent-folders';
import { filesFromDirectoryInput } from '../../browser/files-source';
import type { CompareRequest, CompareTargets } from '../../protocol/catalog-protocol';

/**
 * What to compare the open catalog with: a target the worker offers (another catalog of the
 * repository, a Git revision), or any folder or zip — picked with the folder picker, the file
 * input, or dropped on the dialog. A drop here is the comparison's, not the page's (which would
 * open the folder or offer it as a bundle).
 */
export interface Picked {
  against: CompareRequest;
  /** How the user knows the picked folder or zip. */
  name?: string;
}

export function ComparePicker({
  targets,
  initial,
  onCompare,
  busy,
}: {
  targets: CompareTargets;
  /** The last comparison's target, so reopening shows what was compared. */
  initial?: CompareRequest;
  onCompare(p: Picked): void;
  busy: boolean;
}) {
  const first =
    initial?.kind === 'revision'
      ? `rev:${initial.ref}`
      : initial?.kind === 'catalog'
        ? `catalog:${initial.id}`
        : targets.revisions?.[0]
          ? `rev:${targets.revisions[0].ref}`
          : targets.catalogs[0]
            ? `catalog:${targets.catalogs[0].id}`
            : '';
  const [choice, setChoice] = useState(first);
  const [typed, setTyped] = useState('');
  const [over, setOver] = useState(false);
  const folderInput = useRef<HTMLInputElement>(null);
  const root = useRef<HTMLDivElement>(null);
  // The dialog opened while its targets were being looked up (focus on the dialog itself): focus
  // lands on the first way to compare once it is shown.
  useEffect(() => {
    const dialog = root.current?.closest('[role="dialog"]');
    const active = document.activeElement;
    if (dialog && (!active || active === dialog || active === document.body))
      root.current?.querySelector<HTMLElement>('select, button')?.focus();
  }, []);
  const offered = !!targets.revisions || targets.catalogs.length > 0;
  const submit = () => {
    // The button stays enabled while comparing (a disabled button drops focus to <body>, where
    // Escape no longer reaches the dialog); a second submit waits for the first.
    if (busy) return;
    if (typed.trim()) onCompare({ against: { kind: 'revision', ref: typed.trim() } });
    else if (choice.startsWith('rev:')) onCompare({ against: { kind: 'revision', ref: choice.slice(4) } });
    else if (choice.startsWith('catalog:')) onCompare({ against: { kind: 'catalog', id: choice.slice(8) } });
  };
  const pickFolder = async () => {
    if (busy) return;
    const handle = await pickDirectory();
    if (handle)
      onCompare({ against: { kind: 'picked', spec: { kind: 'handle', handle } }, name: handle.name });
    // No folder picker (Firefox, Safari): the read-only folder input.
    else if (!('showDirectoryPicker' in globalThis)) folderInput.current?.click();
  };
  return (
    <div className="compare-pickers" ref={root}>
      {offered ? (
        <form
          className="compare-picker"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <label>
            Compare {targets.current || 'this catalog'} with{' '}
            <select value={choice} onChange={(e) => setChoice(e.target.value)} aria-label="Compare with">
              {targets.revisions && (
                <optgroup label={`Git revisions${targets.branch ? ` (on ${targets.branch})` : ''}`}>
                  {targets.revisions.map((r) => (
                    <option key={`${r.kind}:${r.ref}`} value={`rev:${r.ref}`}>
                      {r.kind === 'head'
                        ? `HEAD — ${r.label}`
                        : r.kind === 'commit'
                          ? r.label
                          : `${r.kind} ${r.label}`}
                    </option>
                  ))}
                </optgroup>
              )}
              {targets.catalogs.length > 0 && (
                <optgroup label="Catalogs of this repository">
                  {targets.catalogs.map((c) => (
                    <option key={c.id} value={`catalog:${c.id}`}>
                      {c.label}
                    </option>
                  ))}
                </optgroup>
              )}
            </select>
          </label>
          {targets.revisions && (
            <label>
              or revision{' '}
              <input
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                placeholder="HEAD~2, a tag, a commit id"
              />
            </label>
          )}
          <button type="submit" className="primary" aria-disabled={busy}>
            {busy ? 'Comparing…' : 'Compare'}
          </button>
        </form>
      ) : (
        <p className="muted">
          This folder has no Git repository (<code>.git</code>) and no other catalogs: compare it with a
          folder or a zip.
        </p>
      )}
      <div
        className={`compare-drop${over ? ' over' : ''}`}
        onDragOver={(e) => {
          if (!Array.from(e.dataTransfer.types).includes('Files')) return;
          e.preventDefault();
          e.stopPropagation();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          if (!Array.from(e.dataTransfer.types).includes('Files')) return;
          e.preventDefault();
          e.stopPropagation();
          setOver(false);
          void readDrop(e.dataTransfer).then((spec) => {
            if (!spec) return;
            const name =
              spec.kind === 'handle'
                ? spec.handle.name
                : spec.kind === 'files'
                  ? (spec.files[0]?.path ?? spec.name)
                  : '';
            onCompare({
              against: { kind: 'picked', spec },
              name: spec.kind === 'files' && spec.files.length > 1 ? spec.name : name,
            });
          });
        }}
      >
        <span>{offered ? 'Or compare with' : 'Compare with'} any catalog:</span>
        <button type="button" onClick={() => void pickFolder()} aria-disabled={busy}>
          Folder…
        </button>
        <label className="button">
          Zip…
          <input
            className="visually-hidden"
            type="file"
            accept=".zip,application/zip"
            aria-label="Compare with a zip"
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              e.currentTarget.value = '';
              if (file && !busy)
                onCompare({
                  against: {
                    kind: 'picked',
                    spec: { kind: 'files', name: file.name, files: [{ path: file.name, file }] },
                  },
                  name: file.name,
                });
            }}
          />
        </label>
        <input
          ref={folderInput}
          className="visually-hidden"
          type="file"
          multiple
          tabIndex={-1}
          aria-hidden="true"
          {...{ webkitdirectory: '', directory: '' }}
          onChange={(e) => {
            const list = e.currentTarget.files;
            e.currentTarget.value = '';
            if (!list?.length || busy) return;
            const { name, files } = filesFromDirectoryInput(list);
            onCompare({ against: { kind: 'picked', spec: { kind: 'files', name, files } }, name });
          }}
        />
        <span className="muted small">or drop a folder or a .zip here</span>
      </div>
    </div>
  );
}
