/**
 * Any CatalogSource served read-only (the server's source abstraction for what is not a folder on
 * disk: a catalog image once the registry client exists, a zip, a Git revision). Only the paths the
 * source lists can be read; nothing can be written or removed.
 */
import { createHash } from 'node:crypto';
import type { CatalogSource } from '../core/source/types';
import {
  checkRelativePath,
  ServedError,
  type ServedEntry,
  type ServedFile,
  type ServedFolder,
} from './served-folder';

export class SourceFolder implements ServedFolder {
  readonly name: string;
  readonly id: string;
  private listed: Promise<Map<string, number>> | undefined;

  /** `id`: what names the source across runs (an image reference with its digest); `name`: shown. */
  constructor(
    private readonly source: CatalogSource,
    id: string = source.name,
    name: string = source.name,
  ) {
    this.name = name;
    this.id = createHash('sha256').update(`source:${id}`).digest('hex').slice(0, 16);
  }

  private files(): Promise<Map<string, number>> {
    return (this.listed ??= this.source
      .list()
      .then((l) => new Map(l.map((f) => [f.path, f.size ?? 0] as const))));
  }

  async list(): Promise<ServedEntry[]> {
    // A read-only source does not change while served: one version for all.
    return [...(await this.files())].map(([path, size]) => ({ path, size, version: 'fixed' }));
  }

  async read(path: string, maxBytes: number): Promise<ServedFile> {
    checkRelativePath(path);
    const size = (await this.files()).get(path);
    if (size === undefined) throw new ServedError(404, `${path}: no such file`);
    if (size > maxBytes) throw new ServedError(413, `${path} is larger than ${maxBytes} bytes`);
    const bytes = await this.source.read(path);
    if (bytes.byteLength > maxBytes) throw new ServedError(413, `${path} is larger than ${maxBytes} bytes`);
    return { body: [bytes], size: bytes.byteLength, version: 'fixed' };
  }
}
