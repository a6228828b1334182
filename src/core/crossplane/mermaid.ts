/**
 * A Crossplane dependency graph as a Mermaid flowchart, for READMEs and CI logs: one shape per
 * node type, the version constraint on each dependsOn edge, conflicting edges drawn thick and red.
 */
import type { CrossplaneGraph, GraphNode } from './deps-graph';

function quote(s: string): string {
  return `"${s.replace(/"/g, '#quot;')}"`;
}

function shape(n: GraphNode): [string, string] {
  switch (n.type) {
    case 'package':
      return ['[', ']'];
    case 'dependency':
      return ['([', '])'];
    case 'xrd':
      return ['{{', '}}'];
    case 'crd':
      return ['[(', ')]'];
    case 'composition':
      return ['[/', '/]'];
    default:
      return ['(', ')'];
  }
}

function text(n: GraphNode): string {
  if (n.type === 'package' || n.type === 'dependency') return `${n.kind ?? 'package'}<br/>${n.label}`;
  if (n.type === 'xrd') return `XRD ${n.label}${n.missing ? ' (not found)' : ''}`;
  if (n.type === 'crd') return `CRD ${n.label}`;
  if (n.type === 'composition') return `Composition ${n.label}`;
  return n.label;
}

const ARROW: Record<string, string> = {
  dependsOn: '-->',
  defines: '-.->',
  implements: '-->',
  composes: '-->',
};

export function crossplaneMermaid(graph: CrossplaneGraph): string {
  const ids = new Map(graph.nodes.map((n, i) => [n.id, `n${i}`]));
  const lines = ['flowchart LR'];
  for (const n of graph.nodes) {
    const [open, close] = shape(n);
    lines.push(`  ${ids.get(n.id)}${open}${quote(text(n))}${close}`);
  }
  const conflicts: number[] = [];
  graph.edges.forEach((e, i) => {
    const arrow = e.conflict ? '==>' : (ARROW[e.type] ?? '-->');
    const label = e.label !== undefined ? `|${quote(e.conflict ? `conflict: ${e.label}` : e.label)}|` : '';
    lines.push(`  ${ids.get(e.from)} ${arrow}${label} ${ids.get(e.to)}`);
    if (e.conflict) conflicts.push(i);
  });
  if (conflicts.length > 0) lines.push(`  linkStyle ${conflicts.join(',')} stroke:#d62728,stroke-width:3px`);
  return lines.join('\n') + '\n';
}
