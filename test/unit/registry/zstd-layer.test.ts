/**
 * zstd layers (`application/vnd.oci.image.layer.v1.tar+zstd`): a bundle image whose layer the zstd
 * command compressed, pushed by skopeo to Debian's docker-registry, is pulled and rendered as
 * `render-bundle` renders its folder. Decompression is Node's own where it has zstd, else fzstd:
 * a frame asking for a window beyond zstd's own decoder limit is refused before anything is
 * allocated, what a layer decompresses to is bounded, and a layer of zeros decompresses with
 * memory that does not grow with it.
 */
import { createReadStream, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decompressorFor, ZstdFrameCheck, ZSTD_MAX_WINDOW } from '../../../src/node/registry/decompress';
import { bundleFiles } from '../bundle/bundle-fixture';
import {
  BUNDLE_LABELS,
  hasRegistryTools,
  hasZstd,
  isolateHome,
  registrySkipReason,
  startRegistry,
  tarLayer,
  zstdCompress,
  type TestRegistry,
  pushFiles,
} from '../../support/registry';
import { runCli, writeTree } from '../../support/cli-run';
import { tempDir } from '../../support/temp-dir';

const zstdSkipReason = 'zstd layer tests: skipped, the zstd command is not installed (apt-get install zstd)';
if (!hasZstd) console.log(zstdSkipReason);
if (!hasRegistryTools) console.log(registrySkipReason);

/** A file holding `bytes`, for the decompressor (it reads a layer's first bytes from its file). */
function layerFile(bytes: Buffer): string {
  const f = join(tempDir('fbc-zstd-'), 'layer');
  writeFileSync(f, bytes);
  return f;
}

/** Decompresses `file` as a layer is, into a sink that keeps only the count; the peak of external memory. */
async function drain(file: string, maxBytes?: number): Promise<{ bytes: number; peak: number }> {
  let bytes = 0;
  let peak = 0;
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      peak = Math.max(peak, process.memoryUsage().arrayBuffers);
      done();
    },
  });
  await pipeline([createReadStream(file), ...(await decompressorFor(file, 'layer L', maxBytes)), sink]);
  return { bytes, peak };
}

describe('ZstdFrameCheck', () => {
  // magic, frame header descriptor (no single segment, no checksum), window descriptor.
  const frame = (wd: number) => Uint8Array.from([0x28, 0xb5, 0x2f, 0xfd, 0x00, wd]);
  it("refuses a frame whose window is over zstd's decoder limit, from its header alone", () => {
    const check = new ZstdFrameCheck(ZSTD_MAX_WINDOW, 'layer L');
    // Exponent 20: a 1 GiB window.
    expect(() => check.feed(frame(20 << 3))).toThrow(
      `layer L: a zstd frame asks for a 1073741824-byte window, more than the limit of ${ZSTD_MAX_WINDOW} (as zstd's own decoder)`,
    );
    // Exponent 17: 128 MiB, the limit itself, goes on.
    expect(() => new ZstdFrameCheck(ZSTD_MAX_WINDOW, 'layer L').feed(frame(17 << 3))).not.toThrow();
  });
  it('refuses what is not a zstd frame', () => {
    expect(() => new ZstdFrameCheck(ZSTD_MAX_WINDOW, 'layer L').feed(Buffer.from('tar!'))).toThrow(
      'layer L: not a zstd frame',
    );
  });
});

// Runs the zstd command (.ci/run installs it): skipped with the printed reason where it is absent.
describe.skipIf(!hasZstd)('zstd decompression of a layer', () => {
  it('decompresses what the zstd command wrote, frame after frame', async () => {
    const tar = await tarLayer([{ path: 'manifests/a.yaml', content: 'a: 1\n'.repeat(10_000) }]);
    // Two frames, as zstd:chunked writes: the stream is their concatenation.
    const twice = Buffer.concat([zstdCompress(tar), zstdCompress(tar, ['-19'])]);
    expect((await drain(layerFile(twice))).bytes).toBe(tar.length * 2);
  });

  it('bounds what a layer decompresses to', async () => {
    const zeros = zstdCompress(Buffer.alloc(4 << 20));
    await expect(drain(layerFile(zeros), 1 << 20)).rejects.toThrow(
      `layer L decompresses to more than ${1 << 20} bytes`,
    );
  });

  it('decompresses 256 MiB of zeros with memory that does not grow with them', async () => {
    const zeros = zstdCompress(Buffer.alloc(256 << 20));
    // A few hundred bytes of zstd stand for all of it.
    expect(zeros.length).toBeLessThan(64 << 10);
    const before = process.memoryUsage().arrayBuffers;
    const r = await drain(layerFile(zeros));
    expect(r.bytes).toBe(256 << 20);
    expect(r.peak - before).toBeLessThan(64 << 20);
  });

  it("refuses a layer whose frame asks for more than zstd's default window", async () => {
    const big = zstdCompress(Buffer.alloc(1 << 20), ['--long=30']);
    await expect(drain(layerFile(big))).rejects.toThrow(/a zstd frame asks for a \d+-byte window/);
  });
});

// Runs Debian's docker-registry, skopeo and zstd (.ci/run installs them): skipped with the printed reason where they are absent.
describe.skipIf(!hasRegistryTools || !hasZstd)('a bundle image with a tar+zstd layer', () => {
  let reg: TestRegistry;
  let restore: () => void;
  beforeAll(async () => {
    restore = isolateHome();
    reg = await startRegistry('none');
  });
  afterAll(async () => {
    await reg?.stop();
    restore?.();
  });

  it('is pulled and rendered as render-bundle renders its folder', async () => {
    const files = bundleFiles({ version: '3.0.0', channels: 'stable', defaultChannel: 'stable' });
    const ref = await pushFiles(reg, files, BUNDLE_LABELS, 'acme/op-bundle:v3.0.0-zstd', { zstd: true });
    // skopeo kept the layer as the zstd command wrote it.
    const manifest = (await (
      await fetch(`http://${reg.host}/v2/acme/op-bundle/manifests/${ref.slice(ref.indexOf('@') + 1)}`, {
        headers: { Accept: 'application/vnd.oci.image.manifest.v1+json' },
      })
    ).json()) as { layers: { mediaType: string }[] };
    expect(manifest.layers.map((l) => l.mediaType)).toEqual(['application/vnd.oci.image.layer.v1.tar+zstd']);
    const r = await runCli(['render', ref, '--use-http']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const folder = await runCli(['render-bundle', writeTree(files), '--image', ref]);
    expect(r.out).toBe(folder.out);
  });
});
