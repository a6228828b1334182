import { stringify } from 'yaml';
import { detectEol } from './text';

/**
 * How a YAML file is written, so inserted lines look like their neighbours: the indentation of
 * nested maps, whether sequences are indented under their key (`key:\n  - a`) or not
 * (`key:\n- a`, opm's output), the spaces after `-`, and the preferred quote.
 */
export interface YamlStyle {
  /** Spaces per nested mapping level. */
  indent: number;
  /** Extra spaces of a block sequence's `-` relative to its key (0 for opm's style). */
  seqIndent: number;
  /** Spaces between `-` and the item. */
  dashGap: number;
  quote: 'double' | 'single';
  eol: string;
}

export const DEFAULT_YAML_STYLE: YamlStyle = {
  indent: 2,
  seqIndent: 0,
  dashGap: 1,
  quote: 'double',
  eol: '\n',
};

const KEY_ONLY = /^( *)(?:(- +))?((?:"[^"]*"|'[^']*'|[^\s#'"][^:#]*?)) *:(?: +#.*)? *$/;
const INDENT = /^( *)(- +)?(\S)/;

interface Partial_ {
  indent?: number;
  seqIndent?: number;
  dashGap?: number;
  doubles: number;
  singles: number;
}

/** Scans up to `maxLines` lines of `text` for style samples. */
function scan(text: string, maxLines: number): Partial_ {
  const out: Partial_ = { doubles: 0, singles: 0 };
  const lines = text.split('\n', maxLines);
  let prevKeyCol = -1;
  for (const raw of lines) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const trimmed = line.trimStart();
    if (trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith('---')) continue;
    const m = INDENT.exec(line);
    if (m) {
      const ind = (m[1] as string).length;
      if (m[2] !== undefined && out.dashGap === undefined) out.dashGap = m[2].length - 1;
      if (prevKeyCol >= 0 && ind > prevKeyCol - 1) {
        if (m[2] !== undefined) {
          if (out.seqIndent === undefined && ind >= prevKeyCol) out.seqIndent = ind - prevKeyCol;
        } else if (out.indent === undefined && ind > prevKeyCol) {
          out.indent = ind - prevKeyCol;
        }
      }
    }
    const k = KEY_ONLY.exec(line);
    prevKeyCol = k ? (k[1] as string).length + (k[2]?.length ?? 0) : -1;
    if (/(?::|^ *-) +"/.test(line)) out.doubles++;
    if (/(?::|^ *-) +'/.test(line)) out.singles++;
  }
  return out;
}

/**
 * The style of `blob`, completed from the rest of its file, then from `others` (other YAML files of
 * the catalog, nearest first, read only when needed), then from opm's defaults.
 */
export function detectYamlStyle(blob: string, fileText?: string, others?: () => Iterable<string>): YamlStyle {
  const scans = [scan(blob, 4000)];
  if (fileText !== undefined && fileText !== blob) scans.push(scan(fileText, 4000));
  const complete = (): boolean =>
    scans.some((x) => x.indent !== undefined) &&
    scans.some((x) => x.seqIndent !== undefined) &&
    scans.some((x) => x.dashGap !== undefined);
  if (!complete() && others) {
    for (const t of others()) {
      scans.push(scan(t, 4000));
      if (complete()) break;
    }
  }
  const pick = (k: 'indent' | 'seqIndent' | 'dashGap'): number => {
    for (const x of scans) if (x[k] !== undefined) return x[k] as number;
    return DEFAULT_YAML_STYLE[k];
  };
  // Quotes: the blob and its file decide; other files only break a tie.
  const own = scans.slice(0, fileText !== undefined && fileText !== blob ? 2 : 1);
  let doubles = own.reduce((n, x) => n + x.doubles, 0);
  let singles = own.reduce((n, x) => n + x.singles, 0);
  if (doubles === singles) {
    doubles = scans.reduce((n, x) => n + x.doubles, 0);
    singles = scans.reduce((n, x) => n + x.singles, 0);
  }
  return {
    indent: pick('indent'),
    seqIndent: pick('seqIndent'),
    dashGap: pick('dashGap'),
    quote: singles > doubles ? 'single' : 'double',
    eol: detectEol(fileText ?? blob),
  };
}

export type QuoteKind = 'plain' | 'double' | 'single';

/**
 * A YAML scalar for `value` that opm (go-yaml v2, YAML 1.1) reads back as the same string: plain
 * when safe (so `yes`, `1.10`, `010`, `~` get quoted), else in `quote`. In flow context the
 * indicators `,[]{}` force quotes too.
 */
export function yamlScalar(
  value: string,
  quote: 'double' | 'single',
  flow = false,
  force?: QuoteKind,
): string {
  const single = (): string => `'${value.replace(/'/g, "''")}'`;
  // eslint-disable-next-line no-control-regex
  const control = /[\u0000-\u001f\u007f]/.test(value);
  if (force === 'double' || control) return JSON.stringify(value);
  if (force === 'single') return single();
  let out = stringify(value, { version: '1.1', lineWidth: 0, singleQuote: quote === 'single' });
  if (out.endsWith('\n')) out = out.slice(0, -1);
  if (out.includes('\n') || out.startsWith('|') || out.startsWith('>')) return JSON.stringify(value);
  const plain = !out.startsWith('"') && !out.startsWith("'");
  if (plain && flow && /[,[\]{}]/.test(value)) return quote === 'single' ? single() : JSON.stringify(value);
  return out;
}
