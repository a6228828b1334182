import type { BundleChange, EntryChange, ImpactItem, Moved } from './types';

/** Short phrases shared by the text and Markdown forms and the app. */

export const show = (v: string | null): string => v ?? '(none)';

export function arrow<T>(m: Moved<T>, fmt: (v: T) => string = String): string {
  return `${m.old === null ? '(none)' : fmt(m.old)} → ${m.new === null ? '(none)' : fmt(m.new)}`;
}

const list = (v: string[]): string => (v.length ? v.join(', ') : '[]');

export function entryChangeText(e: EntryChange): string {
  const parts: string[] = [];
  if (e.replaces) parts.push(`replaces ${arrow(e.replaces, (v) => v || '(none)')}`);
  if (e.skips) parts.push(`skips ${arrow(e.skips, list)}`);
  if (e.skipRange) parts.push(`skipRange ${arrow(e.skipRange, (v) => v || '(none)')}`);
  return parts.join('; ');
}

export function bundleChangeText(b: BundleChange): string {
  const parts: string[] = [];
  if (b.image) parts.push(`RE-TAG: image ${arrow(b.image)}`);
  if (b.version) parts.push(`version ${arrow(b.version)}`);
  if (b.deprecation) {
    parts.push(b.deprecation.new !== null ? `deprecated: ${b.deprecation.new}` : 'no longer deprecated');
  }
  for (const p of b.properties) parts.push(`${p.type} ${arrow({ old: p.old, new: p.new }, list)}`);
  return parts.join('; ');
}

export const IMPACT_TITLE: Record<ImpactItem['kind'], string> = {
  'no-path': 'loses the path to the head',
  'next-hop': 'next hop changes',
  'lands-deprecated': 'lands on a deprecated bundle',
  removed: 'removed (pruned)',
  retag: 're-tag',
  'channel-removed': 'channel removed',
  'default-channel-gone': 'default channel gone',
  'package-removed': 'package removed',
};

export function semanticsText(i: ImpactItem): string {
  return i.v0 && i.v1 ? 'OLM v0 and v1' : i.v0 ? 'OLM v0' : 'OLM v1';
}
