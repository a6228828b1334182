/** -o github written in pieces as it is made: each piece whole characters, together the same text as one string. */
import { beforeAll, describe, expect, it } from 'vitest';
import { renderGithub, writeGithubBytes, writeGithubText } from '../../../src/cli/report/github';
import { writeReport } from '../../../src/cli/report';
import type { Report } from '../../../src/cli/report/types';
import { loadRuleCatalogue } from '../../../src/cli/rule-catalogue';

// The writers name rules; their commands load the catalogue before writing (rule-catalogue.ts).
beforeAll(() => loadRuleCatalogue());

const report: Report = {
  command: 'validate',
  catalogs: [{ name: 'c' } as Report['catalogs'][0]],
  findings: Array.from({ length: 500 }, (_, i) => ({
    ruleId: i % 3 === 0 ? 'R55' : 'skipped-replaces-target',
    severity: i % 3 === 0 ? ('error' as const) : ('warning' as const),
    message: `finding ${i}: 100% of "a,b" ${'x'.repeat(i % 50)}\nsecond line`,
    file: `pkg-${i % 7}/index.json`,
    line: i + 1,
    column: 3,
    ours: i % 3 !== 0,
    ...(i === 7 ? { accepted: { reason: 'known', by: '.fbc-studio.yaml:3' } } : {}),
  })),
};

describe('github annotations in pieces', () => {
  it('as strings: pieces of whole characters that join to the whole report', () => {
    const chunks: string[] = [];
    writeGithubText(report, (s) => chunks.push(s), 1000);
    expect(chunks.length).toBeGreaterThan(10);
    for (const c of chunks) expect(c).not.toContain('\uFFFD');
    expect(chunks.join('')).toBe(renderGithub(report));
    const lines = renderGithub(report).split('\n');
    expect(lines).toHaveLength(500); // 499 annotations (one accepted) and the final newline
    expect(lines[0]).toBe(
      '::error file=pkg-0/index.json,line=1,col=3,title=opm R55%3A Channel graph has no single head or strands bundles::finding 0: 100%25 of "a,b" %0Asecond line',
    );
  });

  it('writeReport gives the same bytes as one string would, as strings or as bytes', () => {
    let out = '';
    writeReport({ out: (s) => (out += s) }, 'github', report);
    expect(out).toBe(renderGithub(report));
    const bytes: Buffer[] = [];
    writeReport(
      { out: () => expect.unreachable(), outBytes: (b) => bytes.push(Buffer.from(b)) },
      'github',
      report,
    );
    expect(Buffer.concat(bytes).toString('utf8')).toBe(renderGithub(report));
  });

  it('bytes: the buffer is reused, a piece larger than it goes alone, UTF-8 stays whole', () => {
    const wide: Report = {
      ...report,
      findings: report.findings.map((f, i) => ({
        ...f,
        message: i === 3 ? `é€😀 ${'long '.repeat(400)}` : `${f.message} é€😀`,
      })),
    };
    // Where each write's bytes sit (Node pools small buffers: one ArrayBuffer, several offsets).
    const seen = new Map<ArrayBufferLike, Set<number>>();
    const pieces: Buffer[] = [];
    writeGithubBytes(
      wide,
      (b) => {
        seen.set(b.buffer, (seen.get(b.buffer) ?? new Set()).add(b.byteOffset));
        pieces.push(Buffer.from(b));
      },
      1000,
    );
    expect(pieces.length).toBeGreaterThan(50);
    for (const p of pieces) expect(p.length).toBeLessThanOrEqual(2000 * 3);
    // Every piece decodes alone: no character is cut between two writes.
    for (const p of pieces) expect(p.toString('utf8')).not.toContain('\uFFFD');
    expect(Buffer.concat(pieces).toString('utf8')).toBe(renderGithub(wide));
    // One reused buffer, and the 2 KB message written from its own.
    expect([...seen.values()].reduce((n, offsets) => n + offsets.size, 0)).toBe(2);
  });
});
