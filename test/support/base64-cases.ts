/**
 * Inputs for the canonical-base64 tests (the CLI's Buffer check, the browser's decoder check, both
 * held to atob's): canonical, padded, URL-safe, spaced and non-ASCII strings, plus `random` ones
 * drawn mostly from the alphabet with now and then a character Go refuses.
 */
const CHARS = 'AQZaqz09+/=-_ \n\r\té€';

function random(seed: number, n: number): string {
  let x = seed;
  let s = '';
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    s += x % 10 < 8 ? 'ABCDwxyz0189+/'[x % 14] : CHARS[x % CHARS.length];
  }
  return s;
}

export function base64Cases(randomCount: number): string[] {
  const cases = ['', 'AAAA', 'AAA=', 'AA==', 'AB==', 'AAB=', 'A===', '====', 'AA=A', 'AAA-', 'AA_A'];
  cases.push('AA A', 'AAAA\n', 'AAé=', 'AA€=');
  for (let seed = 1; seed <= randomCount; seed++) cases.push(random(seed, 4 * (1 + (seed % 9))));
  return cases;
}
