/**
 * The bundle-size check as operator-framework/api makes it: each file gzip-compressed and
 * base64-encoded on its own, the lengths summed; over 1 MiB an error, over 85% a warning, with
 * upstream's message text and SI units (the cases of its TestBundleSize).
 */
import { gzipSync as zlibGzip } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { checkBundle, readBundleDir } from '../../../src/core/bundle';
import {
  bundleSizes,
  checkBundleSize,
  formatBytesInUnit,
  MAX_BUNDLE_SIZE,
} from '../../../src/core/bundle/bundle-size';
import { Collector } from '../../../src/core/bundle/check-collector';
import { MemorySource } from '../../../src/core/source/memory';
import { bundleFiles } from './bundle-fixture';

describe('bundle size as operator-framework/api reports it', () => {
  it('formats sizes as formatBytesInUnit does', () => {
    expect(
      [999, 1000, 948_576, MAX_BUNDLE_SIZE, 2 * MAX_BUNDLE_SIZE, 9_485_760].map(formatBytesInUnit),
    ).toEqual(['999 B', '1.0 kB', '948.6 kB', '1.0 MB', '2.1 MB', '9.5 MB']);
  });

  it("gives upstream TestBundleSize's messages for its sizes", () => {
    const run = (compressed: number, size: number) => {
      const c = new Collector();
      checkBundleSize({ compressed, size }, c);
      return c.findings.map((f) => [f.rule, f.severity, f.message]);
    };
    expect(run(MAX_BUNDLE_SIZE / 2, MAX_BUNDLE_SIZE / 2)).toEqual([]);
    expect(run(MAX_BUNDLE_SIZE - 100_000, (MAX_BUNDLE_SIZE - 100_000) * 10)).toEqual([
      [
        'bundle-size-near',
        'warning',
        'nearing maximum bundle compressed size with gzip: size=~948.6 kB , max=1.0 MB. Bundle uncompressed size is 9.5 MB',
      ],
    ]);
    expect(run(2 * MAX_BUNDLE_SIZE, 2 * MAX_BUNDLE_SIZE * 10)).toEqual([
      [
        'bundle-size',
        'error',
        'maximum bundle compressed size with gzip size exceeded: size=~2.1 MB , max=1.0 MB. Bundle uncompressed size is 21.0 MB',
      ],
    ]);
  });

  it('sums each file gzip-compressed and base64-encoded on its own: a bundle near the limit warns, over it fails', async () => {
    // Text that barely compresses (a fixed xorshift sequence), so its size drives the total.
    let x = 12345;
    const noise = (n: number) =>
      Array.from({ length: n }, () => {
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        return 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'[(x >>> 0) % 64];
      }).join('');
    const withData = (n: number) => ({
      ...bundleFiles({ version: '1.0.0', channels: 'stable' }),
      'manifests/data.configmap.yaml': `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: data\ndata:\n  blob: ${noise(n)}\n`,
    });
    const near = await readBundleDir(new MemorySource(withData(920_000), 'near'));
    const sizes = bundleSizes(near);
    const raw = [...near.bytes.values()].reduce((n, b) => n + b.length, 0);
    expect(sizes.size).toBe(raw);
    // Upstream's arithmetic with zlib's level-6 gzip, file by file. Deflate encoders differ (Go's,
    // zlib's, fflate's): fflate's output runs ~2-3% larger than zlib's; base64 alone would be +33%.
    const zlib = [...near.bytes.values()].reduce(
      (n, b) => n + 4 * Math.ceil(zlibGzip(b, { level: 6 }).length / 3),
      0,
    );
    expect(Math.abs(sizes.compressed - zlib) / zlib).toBeLessThan(0.04);
    const report = checkBundle(near);
    expect(report.compressedSize).toBe(sizes.compressed);
    expect(report.findings.filter((f) => f.rule.startsWith('bundle-size'))).toEqual([
      {
        rule: 'bundle-size-near',
        source: 'fbc-studio',
        severity: 'warning',
        message: `nearing maximum bundle compressed size with gzip: size=~${formatBytesInUnit(sizes.compressed)} , max=1.0 MB. Bundle uncompressed size is ${formatBytesInUnit(raw)}`,
      },
    ]);
    expect(sizes.compressed).toBeGreaterThan(0.85 * MAX_BUNDLE_SIZE);
    const over = checkBundle(await readBundleDir(new MemorySource(withData(1_100_000), 'over')));
    expect(over.passed).toBe(false);
    expect(over.findings.find((f) => f.rule === 'bundle-size')?.message).toMatch(
      /^maximum bundle compressed size with gzip size exceeded: size=~1\.\d MB , max=1\.0 MB\. Bundle uncompressed size is 1\.1 MB$/,
    );
  });
});
