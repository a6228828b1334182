/**
 * A value as YAML block text (scalars as JSON, which YAML reads back the same), for the random
 * catalogs the loader-thread tests write.
 */
export function yaml(value: unknown, indent = ''): string {
  if (Array.isArray(value)) {
    return value.length === 0
      ? ' []'
      : value.map((v) => `\n${indent}- ${yaml(v, indent + '  ').replace(/^\n\s*/, '')}`).join('');
  }
  if (value && typeof value === 'object') {
    return Object.entries(value)
      .map(
        ([k, v]) =>
          `\n${indent}${k}:${v && typeof v === 'object' ? yaml(v, indent + '  ') : ` ${JSON.stringify(v)}`}`,
      )
      .join('');
  }
  return ` ${JSON.stringify(value)}`;
}
