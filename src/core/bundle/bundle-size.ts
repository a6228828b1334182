/**
 * The bundle-size check exactly as operator-framework/api makes it (pkg/manifests/bundleloader.go
 * `calculateCompressedBundleSize`, pkg/validation/internal/bundle.go `validateBundleSize`): every
 * file under the bundle directory is gzip-compressed on its own at Go's default level and
 * base64-encoded (pkg/encoding `GzipBase64Encode`, the form the bytes take in the ConfigMap OLM
 * unpacks a bundle into), and the encoded lengths are summed; the raw lengths sum to the
 * uncompressed size. Over 1 MiB is an error, over 85% of it a warning, both sizes printed in SI
 * units (`formatBytesInUnit`).
 */
import { gzipSync } from 'fflate';
import type { Collector } from './check-collector';
import type { BundleDir } from './read-bundle';

/** `max_bundle_size`: 1 << 20 bytes. */
export const MAX_BUNDLE_SIZE = 1 << 20;
const WARN_PERCENT = 0.85;

export interface BundleSizes {
  /** Sum over the files of len(base64(gzip(file))). */
  compressed: number;
  /** Sum of the files' byte lengths. */
  size: number;
}

/** Length of the standard (padded) base64 encoding of `n` bytes. */
function base64Length(n: number): number {
  return 4 * Math.ceil(n / 3);
}

export function bundleSizes(dir: BundleDir): BundleSizes {
  let compressed = 0;
  let size = 0;
  for (const p of dir.files) {
    const b = dir.bytes.get(p);
    if (!b) continue;
    size += b.length;
    // Go's gzip.NewWriter is DefaultCompression, level 6. Go's deflate and fflate's are different
    // encoders: fflate's output measures ~2-3% larger than zlib's on CRD text, so a bundle right
    // at the 85% line may warn here and not upstream. The per-file compression, the base64 step
    // and the sum are upstream's.
    compressed += base64Length(gzipSync(b, { level: 6 }).length);
  }
  return { compressed, size };
}

/** operator-framework/api's formatBytesInUnit: SI units, one decimal (`948.6 kB`, `1.0 MB`). */
export function formatBytesInUnit(b: number): string {
  const unit = 1000;
  if (b < unit) return `${b} B`;
  let div = unit;
  let exp = 0;
  for (let n = Math.floor(b / unit); n >= unit; n = Math.floor(n / unit)) {
    div *= unit;
    exp++;
  }
  return `${(b / div).toFixed(1)} ${'kMGTPE'[exp]}B`;
}

export function checkBundleSize(sizes: BundleSizes, c: Collector): void {
  const tail = `size=~${formatBytesInUnit(sizes.compressed)} , max=${formatBytesInUnit(MAX_BUNDLE_SIZE)}. Bundle uncompressed size is ${formatBytesInUnit(sizes.size)}`;
  if (sizes.compressed > MAX_BUNDLE_SIZE)
    c.add('bundle-size', `maximum bundle compressed size with gzip size exceeded: ${tail}`);
  else if (sizes.compressed > MAX_BUNDLE_SIZE * WARN_PERCENT)
    c.add('bundle-size-near', `nearing maximum bundle compressed size with gzip: ${tail}`);
}
