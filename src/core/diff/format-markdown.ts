import { arrow, bundleChangeText, entryChangeText, IMPACT_TITLE, semanticsText } from './describe';
import { changedPart, type ChannelOverlay } from './overlay';
import type { CatalogDiff, PackageDiff } from './types';

/**
 * The PR comment: what breaks users first, then a table per package, then the changed part of each
 * channel's graph as Mermaid (GitHub renders it). Added is a thick line, removed dotted, so the
 * picture reads without colour too.
 */

const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const code = (s: string | null): string => (s === null ? '—' : `\`${s}\``);

function mermaidId(name: string, ids: Map<string, string>): string {
  let id = ids.get(name);
  if (id === undefined) {
    id = `n${ids.size}`;
    ids.set(name, id);
  }
  return id;
}

/** Mermaid text of the changed part of one channel overlay. */
export function overlayMermaid(o: ChannelOverlay): string {
  const part = changedPart(o);
  const ids = new Map<string, string>();
  const lines = [
    'graph LR',
    '  classDef added fill:#d4f7d4,stroke:#1a7f37,stroke-width:3px',
    '  classDef removed fill:#fde2e2,stroke:#cf222e,stroke-dasharray:5 5',
    '  classDef changed fill:#fff4ce,stroke:#9a6700,stroke-width:2px,stroke-dasharray:2 2',
  ];
  for (const n of part.nodes) {
    const id = mermaidId(n.name, ids);
    const label = `${n.status === 'added' ? '+ ' : n.status === 'removed' ? '- ' : n.status === 'changed' ? '~ ' : ''}${n.name}${n.deprecated ? ' (deprecated)' : ''}`;
    const shape =
      n.status === 'removed' ? `[/"${label}"/]` : n.status === 'added' ? `(["${label}"])` : `["${label}"]`;
    lines.push(`  ${id}${shape}${n.status === 'same' ? '' : `:::${n.status}`}`);
  }
  for (const e of part.edges) {
    const from = mermaidId(e.from, ids);
    const to = mermaidId(e.to, ids);
    const label = `${e.status === 'added' ? '+' : e.status === 'removed' ? '-' : ''}${e.kind}`;
    const arrowText =
      e.status === 'added'
        ? `== ${label} ==>`
        : e.status === 'removed'
          ? `-. ${label} .->`
          : `-- ${label} -->`;
    lines.push(`  ${from} ${arrowText} ${to}`);
  }
  return lines.join('\n');
}

function packageSection(p: PackageDiff, overlays: ChannelOverlay[]): string[] {
  const out = [`### ${p.name} (${p.status})`, '', '| what | name | change |', '| --- | --- | --- |'];
  const row = (what: string, name: string, change: string): number =>
    out.push(`| ${what} | ${cell(name)} | ${cell(change)} |`);
  if (p.defaultChannel.old !== p.defaultChannel.new) row('default channel', '', arrow(p.defaultChannel));
  if (p.deprecation) row('package deprecation', p.name, arrow(p.deprecation));
  for (const n of p.bundles.added) row('bundle added', code(n), '');
  for (const n of p.bundles.removed) row('bundle removed', code(n), '');
  for (const b of p.bundles.changed)
    row(b.image ? '**bundle re-tagged**' : 'bundle changed', code(b.name), bundleChangeText(b));
  for (const c of p.channels) {
    const head = c.head.old !== c.head.new ? `head ${arrow(c.head)}` : '';
    row(
      `channel ${c.status}`,
      code(c.name),
      [head, c.deprecation ? `deprecation ${arrow(c.deprecation)}` : ''].filter(Boolean).join('; '),
    );
    for (const n of c.entries.added) row(`entry added in ${c.name}`, code(n), '');
    for (const n of c.entries.removed) row(`entry removed from ${c.name}`, code(n), '');
    for (const e of c.entries.changed) row(`entry changed in ${c.name}`, code(e.name), entryChangeText(e));
  }
  for (const o of overlays) {
    if (changedPart(o).nodes.length === 0) continue;
    out.push(
      '',
      `<details><summary>Graph of channel ${o.channel} (changed part)</summary>`,
      '',
      '```mermaid',
      overlayMermaid(o),
      '```',
      '',
      '</details>',
    );
  }
  out.push('');
  return out;
}

export function diffToMarkdown(d: CatalogDiff, title = 'Catalog diff'): string {
  const out = [`## ${title}`, ''];
  if (d.packages.length === 0) return `${out.join('\n')}No differences.\n`;
  if (d.impact.length === 0)
    out.push('**Impact:** none — no installed version loses or changes its upgrade path.', '');
  else {
    out.push(`**Impact (${d.impact.length})**`, '');
    for (const i of d.impact) {
      const where = [i.package, i.channel, i.bundle]
        .filter((x) => x !== null)
        .map((x) => `\`${x}\``)
        .join(' / ');
      out.push(`- ${where} — **${IMPACT_TITLE[i.kind]}** (${semanticsText(i)}): ${i.why}`);
    }
    out.push('');
  }
  const added = d.packages.filter((p) => p.status === 'added').length;
  const removed = d.packages.filter((p) => p.status === 'removed').length;
  out.push(
    `${d.packages.length} package(s) differ: ${added} added, ${removed} removed, ${d.packages.length - added - removed} changed.`,
    '',
  );
  for (const p of d.packages)
    out.push(
      ...packageSection(
        p,
        d.overlays.filter((o) => o.package === p.name),
      ),
    );
  return out.join('\n');
}
