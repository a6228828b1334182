/**
 * `fn` remembering its last argument and result. A report's findings come in runs (file by file, a
 * channel's stranded entries together), so one remembered call catches nearly every repeat of a
 * 13,000-finding report, with no map growing with it.
 */
export function lastMemo<V>(fn: (key: string) => V): (key: string) => V {
  let has = false;
  let last = '';
  let value: V | undefined;
  return (key) => {
    if (!has || key !== last) {
      has = true;
      last = key;
      value = fn(key);
    }
    return value as V;
  };
}
