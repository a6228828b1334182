import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changedRange, shadowText, valueAt, valueSpans } from '../../../src/app/editor/json-stream-scan';

const STREAM = [
  '{"schema": "olm.package", "name": "op", "description": "braces } ] { and \\"quotes\\""}',
  '{',
  '  "schema": "olm.channel",',
  '  "entries": [{"name": "op.v1"}, {"name": "op.v2", "replaces": "op.v1"}]',
  '}',
  '',
  '{"schema": "olm.bundle", "name": "a\\\\"}',
].join('\n');

const texts = (text: string) => valueSpans(text).map((s) => text.slice(s.start, s.end));

/** 1-based line and column of every offset in [start, end). */
function positions(text: string, start: number, end: number): string[] {
  const out: string[] = [];
  let line = 1;
  let col = 1;
  for (let i = 0; i < end; i++) {
    if (i >= start) out.push(`${line}:${col}:${text[i]}`);
    if (text[i] === '\n') {
      line++;
      col = 1;
    } else col++;
  }
  return out;
}

describe('valueSpans', () => {
  it('finds each top-level value, not fooled by brackets and escaped quotes inside strings', () => {
    expect(texts(STREAM)).toEqual([
      '{"schema": "olm.package", "name": "op", "description": "braces } ] { and \\"quotes\\""}',
      STREAM.split('\n').slice(1, 5).join('\n'),
      '{"schema": "olm.bundle", "name": "a\\\\"}',
    ]);
  });

  it('lets an unfinished value run to the end of the file', () => {
    const text = '{"a": 1}\n{"schema": "olm.channel", "entries": [{"name": "x"}\n\n';
    expect(texts(text)).toEqual(['{"a": 1}', '{"schema": "olm.channel", "entries": [{"name": "x"}\n\n']);
  });

  it('ends an unterminated string at its line break, so it does not swallow the next value', () => {
    const text = '{"schema": "olm.pack\n}\n{"b": 2}';
    expect(texts(text)).toEqual(['{"schema": "olm.pack\n}', '{"b": 2}']);
  });

  it('takes bare scalars and stray punctuation as values of their own', () => {
    expect(texts('1 true\n"s" , {"a":[1]} nul')).toEqual(['1', 'true', '"s"', ',', '{"a":[1]}', 'nul']);
  });

  it('gives back exactly the values of any stream of JSON values', () => {
    const ws = fc.stringMatching(/^[ \t\r\n]{1,4}$/);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.jsonValue(), ws, fc.boolean()), { minLength: 1, maxLength: 6 }),
        (vs) => {
          const parts = vs.map(([v, , pretty]) => JSON.stringify(v, null, pretty ? 2 : undefined));
          const text = vs.map(([, sep], i) => sep + parts[i]).join('');
          expect(texts(text)).toEqual(parts);
        },
      ),
    );
  });
});

describe('valueAt', () => {
  const spans = valueSpans(STREAM);
  const second = STREAM.indexOf('{\n');

  it('picks the value containing the offset', () => {
    expect(valueAt(spans, STREAM.indexOf('"entries"'))).toEqual(spans[1]);
    expect(valueAt(spans, second)).toEqual(spans[1]);
    expect(valueAt(spans, 0)).toEqual(spans[0]);
  });

  it('picks a value the cursor directly follows (just after its closing brace, or at the end of one being typed)', () => {
    expect(valueAt(spans, spans[1]!.end)).toEqual(spans[1]);
    const typing = '{"a": 1}\n{"sch';
    expect(valueAt(valueSpans(typing), typing.length)).toEqual({ start: 9, end: typing.length });
  });

  it('starts a new, empty value in the whitespace between values', () => {
    const blankLine = spans[1]!.end + 1;
    expect(valueAt(spans, blankLine)).toEqual({ start: blankLine, end: blankLine });
    expect(valueAt([], 0)).toEqual({ start: 0, end: 0 });
  });
});

describe('shadowText', () => {
  it('keeps the chosen value at its own lines and columns, with only line breaks and blanks before it', () => {
    const spans = valueSpans(STREAM);
    for (const span of spans) {
      const shadow = shadowText(STREAM, span);
      const lines = STREAM.slice(0, span.start).split('\n').length;
      expect(shadow.split('\n')).toHaveLength(
        lines + STREAM.slice(span.start, span.end).split('\n').length - 1,
      );
      const at = shadow.length - (span.end - span.start);
      expect(positions(shadow, at, shadow.length)).toEqual(positions(STREAM, span.start, span.end));
      expect(shadow.slice(0, at).trim()).toBe('');
      expect(() => JSON.parse(shadow)).not.toThrow();
    }
  });

  it('blanks the start of the value’s own line when it follows another value there', () => {
    const text = '{"a": 1}\n{"b": 2} {"c": 3}\n';
    const third = valueAt(valueSpans(text), text.indexOf('{"c"'));
    expect(shadowText(text, third)).toBe('\n         {"c": 3}');
  });

  it('keeps CRLF line breaks (Monaco counts them) and is empty-valued between values', () => {
    const text = '{"a": 1}\r\n{"b": 2}';
    expect(shadowText(text, valueAt(valueSpans(text), 10))).toBe('\r\n{"b": 2}');
    const gap = '{"a": 1}\r\n\r\n  {"b": 2}';
    expect(shadowText(gap, valueAt(valueSpans(gap), 12))).toBe('\r\n\r\n');
    expect(shadowText(gap, valueAt(valueSpans(gap), 13))).toBe('\r\n\r\n ');
  });
});

describe('changedRange', () => {
  it('is the smallest replacement turning one text into the other', () => {
    expect(changedRange('abcdef', 'abXYef')).toEqual({ start: 2, end: 4, text: 'XY' });
    expect(changedRange('   {"a"}', '   ')).toEqual({ start: 3, end: 8, text: '' });
    expect(changedRange('aaa', 'aaaa')).toEqual({ start: 3, end: 3, text: 'a' });
    expect(changedRange('same', 'same')).toBeUndefined();
  });

  it('turns any text into any other when applied', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const r = changedRange(a, b);
        const out = r ? a.slice(0, r.start) + r.text + a.slice(r.end) : a;
        expect(out).toBe(b);
      }),
    );
  });
});
