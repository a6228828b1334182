import {
  analyzeScalar,
  goKeyLess,
  isGoBreak,
  isGoPrintable,
  isSimpleKey,
  requestedStringStyle,
  selectScalarStyle,
  type GoScalarStyle,
} from './go-yaml-style';
import { escapeOf, numberText } from './go-yaml-text';

/**
 * go-yaml v2's `yaml.Marshal` of a value decoded from JSON, byte for byte: what sigs.k8s.io/yaml
 * `JSONToYAML` prints, and so what opm's YAML writer prints for each blob. A port of the parts of
 * yaml.v2 emitterc.go that such values reach: block mappings (keys sorted as sorter.go does, `? `
 * for keys over 128 bytes or on several lines), block sequences not indented under their key, `[]`
 * and `{}` for empty collections, and the four scalar writers with their folding at column 80
 * (`best_width`), indentation 2 and the double-quoted escapes.
 *
 * Each emitter function keeps go-yaml's name and its state (`column`, `indent`, `whitespace`,
 * `indention`) so that a difference from go-yaml can be traced to one line of emitterc.go. Runs of
 * ordinary characters are appended as whole slices, which keeps writing a large catalog cheap.
 */

const BEST_WIDTH = 80;
const BEST_INDENT = 2;

class GoYamlEmitter {
  out = '';
  private column = 0;
  private indent = -1;
  private readonly indents: number[] = [];
  private whitespace = true;
  private indention = true;

  /** `put` / `write_all` of characters that are one column each. */
  private put(s: string): void {
    this.out += s;
    this.column += s.length;
  }

  private putBreak(): void {
    this.out += '\n';
    this.column = 0;
  }

  private writeIndent(): void {
    const indent = this.indent < 0 ? 0 : this.indent;
    if (!this.indention || this.column > indent || (this.column === indent && !this.whitespace)) {
      this.putBreak();
    }
    if (this.column < indent) {
      this.out += ' '.repeat(indent - this.column);
      this.column = indent;
    }
    this.whitespace = true;
    this.indention = true;
  }

  private writeIndicator(
    indicator: string,
    needWhitespace: boolean,
    isWhitespace: boolean,
    isIndention: boolean,
  ): void {
    if (needWhitespace && !this.whitespace) this.put(' ');
    this.put(indicator);
    this.whitespace = isWhitespace;
    this.indention = this.indention && isIndention;
  }

  private increaseIndent(flow: boolean, indentless: boolean): void {
    this.indents.push(this.indent);
    if (this.indent < 0) this.indent = flow ? BEST_INDENT : 0;
    else if (!indentless) this.indent += BEST_INDENT;
  }

  private popIndent(): void {
    this.indent = this.indents.pop() as number;
  }

  /** `yaml_emitter_emit_node` for a value from JSON; `mapping` and `simpleKey` are its contexts. */
  node(value: unknown, mapping: boolean, simpleKey: boolean): void {
    // null, booleans and numbers are plain in any context (go-yaml's analysis finds nothing in them).
    if (value === null || value === undefined) return this.scalar('null', 'PLAIN', simpleKey, true);
    switch (typeof value) {
      case 'string':
        return this.scalar(value, requestedStringStyle(value), simpleKey, false);
      case 'boolean':
        return this.scalar(value ? 'true' : 'false', 'PLAIN', simpleKey, true);
      case 'number':
        return this.scalar(numberText(value), 'PLAIN', simpleKey, true);
      case 'bigint':
        return this.scalar(value.toString(), 'PLAIN', simpleKey, true);
      default:
        break;
    }
    if (Array.isArray(value)) return this.sequence(value, mapping);
    return this.mapping(value as Record<string, unknown>);
  }

  /** An empty collection: go-yaml switches to flow style (`yaml_emitter_check_empty_*`). */
  private emptyFlow(open: string, close: string): void {
    this.writeIndicator(open, true, true, false);
    this.writeIndicator(close, false, false, false);
  }

  private sequence(items: readonly unknown[], mapping: boolean): void {
    if (items.length === 0) return this.emptyFlow('[', ']');
    // Under a mapping key (after `key:`, not yet at an indentation) the items are not indented.
    this.increaseIndent(false, mapping && !this.indention);
    for (const item of items) {
      this.writeIndent();
      this.writeIndicator('-', true, false, true);
      this.node(item, false, false);
    }
    this.popIndent();
  }

  private mapping(map: Record<string, unknown>): void {
    const keys = Object.keys(map).filter((k) => map[k] !== undefined);
    if (keys.length === 0) return this.emptyFlow('{', '}');
    // keyList.Less is not transitive for some key sets ("9" < "0079" < "1100." < "1a0" < "9": digit
    // runs against letters); go-yaml sorts Go's randomly ordered map keys, so opm's order for those
    // varies from run to run. For every other key set the order is unique and this is it.
    keys.sort((a, b) => (goKeyLess(a, b) ? -1 : goKeyLess(b, a) ? 1 : 0));
    this.increaseIndent(false, false);
    for (const key of keys) {
      this.writeIndent();
      const analysis = analyzeScalar(key);
      if (isSimpleKey(key, analysis)) {
        this.scalar(key, requestedStringStyle(key), true, false);
        this.writeIndicator(':', false, false, false);
      } else {
        this.writeIndicator('?', true, false, true);
        this.scalar(key, requestedStringStyle(key), false, false);
        this.writeIndent();
        this.writeIndicator(':', true, false, true);
      }
      this.node(map[key], true, false);
    }
    this.popIndent();
  }

  /** `yaml_emitter_emit_scalar`: choose the style, indent one step, write. */
  private scalar(value: string, requested: GoScalarStyle, simpleKey: boolean, plain: boolean): void {
    const style =
      plain || (requested === 'PLAIN' && PLAIN_FAST.test(value))
        ? 'PLAIN'
        : selectScalarStyle(requested, value, analyzeScalar(value), simpleKey);
    this.increaseIndent(true, false);
    const allowBreaks = !simpleKey;
    if (style === 'PLAIN') this.writePlain(value, allowBreaks);
    else if (style === 'QUOTE_SINGLE') this.writeSingleQuoted(value, allowBreaks);
    else if (style === 'QUOTE_DOUBLE') this.writeDoubleQuoted(value, allowBreaks);
    else this.writeLiteral(value);
    this.popIndent();
  }

  /** `yaml_emitter_write_plain_scalar` (a plain scalar never holds a line break). */
  private writePlain(value: string, allowBreaks: boolean): void {
    if (!this.whitespace) this.put(' ');
    const n = value.length;
    if (!allowBreaks || this.column + n - 1 <= BEST_WIDTH) {
      // No space of it can be past column 80: nothing to fold.
      this.out += value;
      this.column += n;
    } else {
      // Only spaces matter here: jump from one to the next (base64 icons are one long word).
      let from = 0;
      for (let i = value.indexOf(' '); i !== -1; i = value.indexOf(' ', i + 1)) {
        const afterSpace = i > 0 && value.charCodeAt(i - 1) === 0x20;
        const col = this.column + (i - from);
        if (!afterSpace && col > BEST_WIDTH && value.charCodeAt(i + 1) !== 0x20) {
          this.out += value.slice(from, i);
          this.column = col;
          this.indention = false;
          this.writeIndent();
          from = i + 1;
        }
      }
      this.out += value.slice(from);
      this.column += n - from;
    }
    this.whitespace = false;
    this.indention = false;
  }

  /** `yaml_emitter_write_single_quoted_scalar`. */
  private writeSingleQuoted(value: string, allowBreaks: boolean): void {
    this.writeIndicator("'", true, false, false);
    const n = value.length;
    let spaces = false;
    let breaks = false;
    for (let i = 0; i < n; i++) {
      const c = value.charCodeAt(i);
      if (c === 0x20) {
        if (
          allowBreaks &&
          !spaces &&
          this.column > BEST_WIDTH &&
          i > 0 &&
          i < n - 1 &&
          value.charCodeAt(i + 1) !== 0x20
        ) {
          this.writeIndent();
        } else {
          this.put(' ');
        }
        spaces = true;
      } else if (isGoBreak(c)) {
        if (!breaks && c === 0x0a) this.putBreak();
        this.writeBreak(c);
        this.indention = true;
        breaks = true;
      } else {
        if (breaks) this.writeIndent();
        if (c === 0x27) this.put("'");
        this.put(value[i] as string);
        this.indention = false;
        spaces = false;
        breaks = false;
      }
    }
    this.writeIndicator("'", false, false, false);
    this.whitespace = false;
    this.indention = false;
  }

  /** `write_break`: LF as the output's line break, other breaks copied as they are. */
  private writeBreak(c: number): void {
    if (c === 0x0a) {
      this.putBreak();
    } else {
      this.out += String.fromCharCode(c);
      this.column = 0;
    }
  }

  /** `yaml_emitter_write_double_quoted_scalar`. */
  private writeDoubleQuoted(value: string, allowBreaks: boolean): void {
    this.writeIndicator('"', true, false, false);
    const n = value.length;
    // go-yaml's is_bom looks at the value's first bytes whatever the position: a value that starts
    // with a BOM has every character escaped.
    const bom = value.charCodeAt(0) === 0xfeff;
    let spaces = false;
    let from = 0;
    const flush = (to: number): void => {
      this.out += value.slice(from, to);
      this.column += to - from;
    };
    for (let i = 0; i < n;) {
      // A surrogate pair is one character (Go reads runes); a lone surrogate is itself.
      const c = value.codePointAt(i) as number;
      const w = c > 0xffff ? 2 : 1;
      if (!isGoPrintable(c) || bom || isGoBreak(c) || c === 0x22 || c === 0x5c) {
        flush(i);
        this.put('\\' + escapeOf(c));
        from = i + w;
        spaces = false;
      } else if (c === 0x20) {
        const col = this.column + (i - from);
        if (allowBreaks && !spaces && col > BEST_WIDTH && i > 0 && i < n - 1) {
          flush(i);
          this.writeIndent();
          if (value.charCodeAt(i + 1) === 0x20) this.put('\\');
          from = i + 1;
        }
        spaces = true;
      } else {
        spaces = false;
      }
      i += w;
    }
    flush(n);
    this.writeIndicator('"', false, false, false);
    this.whitespace = false;
    this.indention = false;
  }

  /** `yaml_emitter_write_block_scalar_hints`: the indentation hint and `-` / `+` chomping. */
  private writeBlockScalarHints(value: string): void {
    const first = value.charCodeAt(0);
    if (first === 0x20 || isGoBreak(first)) this.writeIndicator(String(BEST_INDENT), false, false, false);
    const n = value.length;
    let chomp = '';
    if (n === 0 || !isGoBreak(value.charCodeAt(n - 1))) chomp = '-';
    else if (n === 1 || isGoBreak(value.charCodeAt(n - 2))) chomp = '+';
    if (chomp !== '') this.writeIndicator(chomp, false, false, false);
  }

  /** `yaml_emitter_write_literal_scalar` (its value has no special characters: all in the BMP). */
  private writeLiteral(value: string): void {
    this.writeIndicator('|', true, false, false);
    this.writeBlockScalarHints(value);
    this.putBreak();
    this.indention = true;
    this.whitespace = true;
    let breaks = true;
    const n = value.length;
    let i = 0;
    while (i < n) {
      const c = value.charCodeAt(i);
      if (isGoBreak(c)) {
        this.writeBreak(c);
        this.indention = true;
        breaks = true;
        i++;
        continue;
      }
      if (breaks) this.writeIndent();
      let j = i + 1;
      while (j < n && !isGoBreak(value.charCodeAt(j))) j++;
      this.out += value.slice(i, j);
      this.column += j - i;
      this.indention = false;
      breaks = false;
      i = j;
    }
  }

  /** A document of an implicit `---` (`yaml_emitter_emit_document_end` breaks the last line). */
  document(value: unknown): void {
    this.node(value, false, false);
    this.indent = -1;
    this.writeIndent();
  }
}

/** Strings that are plain whatever their context: no indicator, quote, space or special character. */
const PLAIN_FAST = /^[A-Za-z_/][A-Za-z0-9_./=+-]*$/;

/** `yaml.Marshal(v)` in go-yaml v2 for a JSON value `v`: one document, no leading `---`. */
export function goYamlMarshal(value: unknown): string {
  const e = new GoYamlEmitter();
  e.document(value);
  return e.out;
}
