/** Whether the first-run tour was offered and taken or declined (remembered in localStorage). */
const KEY = 'fbc-studio.tour';

export function tourOffered(): boolean {
  try {
    return localStorage.getItem(KEY) !== null;
  } catch {
    return true; // storage blocked: never nag
  }
}

export function tourSeen(): void {
  try {
    localStorage.setItem(KEY, 'seen');
  } catch {
    // Offered again next time; harmless.
  }
}
