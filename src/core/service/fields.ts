/**
 * Reading decoded JSON the way Go's encoding/json does for struct fields: an exact key wins,
 * otherwise a case-insensitive match. Anything of the wrong type reads as absent.
 */
export type Json = Record<string, unknown>;

export function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function field(obj: unknown, key: string): unknown {
  if (!isObject(obj)) return undefined;
  if (key in obj) return obj[key];
  const lower = key.toLowerCase();
  for (const k of Object.keys(obj)) if (k.toLowerCase() === lower) return obj[k];
  return undefined;
}

export function str(obj: unknown, key: string): string | undefined {
  const v = field(obj, key);
  return typeof v === 'string' ? v : undefined;
}

export function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}
