/**
 * The Files list's rows: each folder once, above its contents and indented by its depth, every
 * ancestor folder included (a folder that holds only folders still gets its row, so
 * `cirrus-operator/bundles/` is not drawn under the folder listed before it). Paths are ordered
 * folder by folder, so a folder's contents stay together whatever order the source listed them in.
 */
export interface FileRow {
  path: string;
  depth: number;
  /** Set on a folder's row. */
  dir?: true;
}

function byFolder(a: string, b: string): number {
  const pa = a.split('/');
  const pb = b.split('/');
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    const x = pa[i]!;
    const y = pb[i]!;
    if (x === y) continue;
    // Within one folder, its files first, then its sub-folders (as the walk lists them).
    const xDir = i < pa.length - 1;
    const yDir = i < pb.length - 1;
    if (xDir !== yDir) return xDir ? 1 : -1;
    return x < y ? -1 : 1;
  }
  return pa.length - pb.length;
}

export function fileRows(paths: readonly string[]): FileRow[] {
  const rows: FileRow[] = [];
  let open: string[] = [];
  for (const path of [...paths].sort(byFolder)) {
    const parts = path.split('/');
    const dirs = parts.slice(0, -1);
    let same = 0;
    while (same < dirs.length && same < open.length && dirs[same] === open[same]) same++;
    for (let d = same; d < dirs.length; d++)
      rows.push({ path: dirs.slice(0, d + 1).join('/'), depth: d, dir: true });
    open = dirs;
    rows.push({ path, depth: dirs.length });
  }
  return rows;
}
