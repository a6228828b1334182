import './install-buffer';
import git from 'isomorphic-git';
import type { CatalogSource, SourceFile } from '../source/types';

/**
 * A folder as it was at one Git revision, as a CatalogSource: the loader, the diff and the CLI read
 * it like any folder. Objects come from the repository's object store (loose or packed) through
 * isomorphic-git; nothing is checked out.
 */

export interface GitRepo {
  /** An fs isomorphic-git accepts: Node's `fs`, or readOnlyGitFs over a folder handle. */
  fs: unknown;
  /** The working tree root (where `.git` is). */
  dir: string;
}

type IsoFs = Parameters<typeof git.readTree>[0]['fs'];
const fsOf = (repo: GitRepo): IsoFs => repo.fs as IsoFs;

export class GitRevisionSource implements CatalogSource {
  private readonly blobs = new Map<string, string>();
  private readonly cache = {};

  /**
   * @param commit a full commit id (resolveRevision gives one)
   * @param folder the catalog folder inside the repository ('' for the root), '/'-separated
   */
  constructor(
    private readonly repo: GitRepo,
    readonly commit: string,
    private readonly folder: string,
    readonly name = `${folder || '.'}@${commit.slice(0, 7)}`,
  ) {}

  async list(): Promise<SourceFile[]> {
    const fs = fsOf(this.repo);
    const { dir } = this.repo;
    let root: string;
    try {
      root = (
        await git.readTree({
          fs,
          dir,
          oid: this.commit,
          filepath: this.folder || undefined,
          cache: this.cache,
        })
      ).oid;
    } catch {
      throw new Error(`${this.folder || '.'} does not exist at ${this.commit.slice(0, 7)}`);
    }
    const out: SourceFile[] = [];
    const walk = async (oid: string, prefix: string): Promise<void> => {
      const { tree } = await git.readTree({ fs, dir, oid, cache: this.cache });
      for (const e of tree) {
        const path = prefix + e.path;
        if (e.type === 'tree') await walk(e.oid, `${path}/`);
        else if (e.type === 'blob' && e.mode !== '120000') {
          this.blobs.set(path, e.oid);
          out.push({ path });
        }
      }
    };
    await walk(root, '');
    return out;
  }

  /** The blob id of a listed file (after `list`): a file is unchanged when its Git hash is this. */
  blobId(path: string): string | undefined {
    return this.blobs.get(path);
  }

  async read(path: string): Promise<Uint8Array> {
    if (this.blobs.size === 0) await this.list();
    const oid = this.blobs.get(path);
    if (oid === undefined) throw new Error(`open ${path}: no such file or directory`);
    const { blob } = await git.readBlob({ fs: fsOf(this.repo), dir: this.repo.dir, oid, cache: this.cache });
    return blob;
  }
}
