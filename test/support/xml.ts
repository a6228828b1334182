/**
 * A small XML reader for tests: elements, attributes, text, the five predefined entities and
 * numeric references, the XML declaration; enough to check that a report is well-formed and read
 * its structure back, without a dependency. It throws on anything malformed (unclosed or
 * mismatched tags, bad attributes, a bare `<` or `&`).
 */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function isNameChar(c: string): boolean {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || '-_.:'.includes(c);
}

export function parseXml(src: string): XmlElement {
  let i = 0;
  const fail = (what: string): never => {
    throw new Error(`XML: ${what} at offset ${i}`);
  };
  const skipSpace = () => {
    while (i < src.length && ' \t\r\n'.includes(src[i] as string)) i++;
  };
  const name = (): string => {
    const start = i;
    while (i < src.length && isNameChar(src[i] as string)) i++;
    if (i === start) fail('expected a name');
    return src.slice(start, i);
  };
  const decode = (s: string): string => {
    let out = '';
    for (let k = 0; k < s.length; k++) {
      const c = s[k] as string;
      if (c === '<') fail('bare <');
      if (c !== '&') {
        out += c;
        continue;
      }
      const end = s.indexOf(';', k);
      if (end < 0) fail('unterminated entity');
      const ref = s.slice(k + 1, end);
      if (ref.startsWith('#x')) out += String.fromCodePoint(parseInt(ref.slice(2), 16));
      else if (ref.startsWith('#')) out += String.fromCodePoint(parseInt(ref.slice(1), 10));
      else if (ref in ENTITIES) out += ENTITIES[ref];
      else fail(`unknown entity &${ref};`);
      k = end;
    }
    return out;
  };
  const element = (): XmlElement => {
    if (src[i] !== '<') fail('expected <');
    i++;
    const el: XmlElement = { name: name(), attrs: {}, children: [], text: '' };
    for (;;) {
      skipSpace();
      if (src.startsWith('/>', i)) {
        i += 2;
        return el;
      }
      if (src[i] === '>') {
        i++;
        break;
      }
      const attr = name();
      skipSpace();
      if (src[i] !== '=') fail('expected =');
      i++;
      skipSpace();
      const q = src[i];
      if (q !== '"' && q !== "'") fail('expected a quoted value');
      const end = src.indexOf(q as string, i + 1);
      if (end < 0) fail('unterminated attribute');
      if (attr in el.attrs) fail(`duplicate attribute ${attr}`);
      el.attrs[attr] = decode(src.slice(i + 1, end));
      i = end + 1;
    }
    for (;;) {
      const lt = src.indexOf('<', i);
      if (lt < 0) fail(`unclosed <${el.name}>`);
      el.text += decode(src.slice(i, lt));
      i = lt;
      if (src.startsWith('</', i)) {
        i += 2;
        if (name() !== el.name) fail(`mismatched </…> for <${el.name}>`);
        skipSpace();
        if (src[i] !== '>') fail('expected >');
        i++;
        return el;
      }
      el.children.push(element());
    }
  };
  if (src.startsWith('<?xml')) {
    const end = src.indexOf('?>');
    if (end < 0) fail('unterminated declaration');
    i = end + 2;
  }
  skipSpace();
  const root = element();
  skipSpace();
  if (i !== src.length) fail('content after the root element');
  return root;
}
