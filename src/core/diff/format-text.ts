import { arrow, bundleChangeText, entryChangeText, IMPACT_TITLE, semanticsText } from './describe';
import type { CatalogDiff } from './types';

/** `fbc-studio diff` (text): impact first, then what changed per package, indented. */
export function diffToText(d: CatalogDiff): string {
  if (d.packages.length === 0) return 'No differences.\n';
  const lines: string[] = [];
  if (d.impact.length > 0) {
    lines.push(`Impact (${d.impact.length}):`);
    for (const i of d.impact) {
      const where = [i.package, i.channel, i.bundle].filter((x) => x !== null).join('/');
      lines.push(`  ${where}: ${IMPACT_TITLE[i.kind]} [${semanticsText(i)}] — ${i.why}`);
    }
  } else lines.push('Impact: none (no installed version loses or changes its upgrade path).');
  for (const p of d.packages) {
    lines.push('', `package ${p.name} (${p.status})`);
    if (p.defaultChannel.old !== p.defaultChannel.new)
      lines.push(`  default channel: ${arrow(p.defaultChannel)}`);
    if (p.deprecation) lines.push(`  deprecation: ${arrow(p.deprecation)}`);
    for (const n of p.bundles.added) lines.push(`  + bundle ${n}`);
    for (const n of p.bundles.removed) lines.push(`  - bundle ${n}`);
    for (const b of p.bundles.changed) lines.push(`  ~ bundle ${b.name}: ${bundleChangeText(b)}`);
    for (const c of p.channels) {
      const mark = c.status === 'added' ? '+' : c.status === 'removed' ? '-' : '~';
      lines.push(`  ${mark} channel ${c.name}${c.head.old !== c.head.new ? `: head ${arrow(c.head)}` : ''}`);
      if (c.deprecation) lines.push(`      deprecation: ${arrow(c.deprecation)}`);
      for (const n of c.entries.added) lines.push(`      + ${n}`);
      for (const n of c.entries.removed) lines.push(`      - ${n}`);
      for (const e of c.entries.changed) lines.push(`      ~ ${e.name}: ${entryChangeText(e)}`);
    }
  }
  return lines.join('\n') + '\n';
}
