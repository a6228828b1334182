/**
 * A catalog source's paths are '/'-separated and relative to its root, whatever the platform: the
 * last segment and the folder of one, as path.posix would give them ('' for a file at the root).
 */

/** The last segment: `a/b.yaml` → `b.yaml`. */
export function baseName(p: string): string {
  const i = p.lastIndexOf('/');
  return i < 0 ? p : p.slice(i + 1);
}

/** The folder: `a/b.yaml` → `a`, `b.yaml` → ''. */
export function dirName(p: string): string {
  const i = p.lastIndexOf('/');
  return i < 0 ? '' : p.slice(0, i);
}
