/**
 * Writing back to the folder: only when the disk still holds what was loaded; conflicts are
 * reported, never overwritten unless chosen; a failure part-way says what was and was not written.
 */
import { describe, expect, it } from 'vitest';
import type { FileEdit } from '../../../src/core/service/edit-types';
import {
  findConflicts,
  writeFiles,
  type DirHandleLike,
  type FileHandleLike,
} from '../../../src/browser/write-folder';

class FakeDir implements DirHandleLike {
  readonly files = new Map<string, Uint8Array>();
  readonly dirs = new Map<string, FakeDir>();
  /**
   * Paths (relative to this folder) whose write fails, with the DOMException name the browser
   * throws and where: opening the writable (a lock, a revoked permission) or writing to it.
   */
  failing = new Map<string, { name: string; on: 'open' | 'write' }>();
  constructor(
    private readonly prefix = '',
    private readonly root?: FakeDir,
  ) {}

  private top(): FakeDir {
    return this.root ?? this;
  }
  async getDirectoryHandle(name: string, opts?: { create?: boolean }): Promise<DirHandleLike> {
    let d = this.dirs.get(name);
    if (!d) {
      if (!opts?.create) throw Object.assign(new Error('not found'), { name: 'NotFoundError' });
      this.dirs.set(name, (d = new FakeDir(`${this.prefix}${name}/`, this.top())));
    }
    return d;
  }
  async getFileHandle(name: string, opts?: { create?: boolean }): Promise<FileHandleLike> {
    if (!this.files.has(name) && !opts?.create)
      throw Object.assign(new Error('not found'), { name: 'NotFoundError' });
    const full = this.prefix + name;
    return {
      getFile: async () => {
        const data = this.files.get(name) ?? new Uint8Array();
        return { arrayBuffer: async () => data.slice().buffer };
      },
      createWritable: async () => {
        const fail = this.top().failing.get(full);
        if (fail?.on === 'open') throw new DOMException('refused', fail.name);
        let staged: Uint8Array | undefined;
        return {
          write: async (d: Uint8Array) => {
            if (fail?.on === 'write') throw new DOMException('The quota has been exceeded.', fail.name);
            staged = d;
          },
          close: async () => {
            if (staged) this.files.set(name, staged);
          },
          abort: async () => undefined,
        };
      },
    };
  }
  async removeEntry(name: string): Promise<void> {
    this.files.delete(name);
  }
  put(path: string, data: string | Uint8Array): void {
    const parts = path.split('/');
    const name = parts.pop()!;
    const d = parts.reduce<FakeDir>((cur, p) => {
      if (!cur.dirs.has(p)) cur.dirs.set(p, new FakeDir(`${cur.prefix}${p}/`, this));
      return cur.dirs.get(p)!;
    }, this);
    d.files.set(name, typeof data === 'string' ? new TextEncoder().encode(data) : data);
  }
  get(path: string): string | undefined {
    const parts = path.split('/');
    const name = parts.pop()!;
    const d = parts.reduce<FakeDir | undefined>((cur, p) => cur?.dirs.get(p), this);
    const f = d?.files.get(name);
    return f ? new TextDecoder().decode(f) : undefined;
  }
}

const edit = (path: string, original: string | null, text: string | null): FileEdit => ({
  path,
  original,
  text,
});

describe('writing edits to a folder', () => {
  it('writes changed and new files (creating folders) when the disk is as loaded', async () => {
    const dir = new FakeDir();
    dir.put('a/catalog.yaml', 'old\n');
    const r = await writeFiles(dir, [
      edit('a/catalog.yaml', 'old\n', 'new\n'),
      edit('a/channels/x.yaml', null, 'x\n'),
    ]);
    expect(r).toEqual({
      written: [
        { path: 'a/catalog.yaml', text: 'new\n' },
        { path: 'a/channels/x.yaml', text: 'x\n' },
      ],
      failed: [],
      conflicts: [],
    });
    expect(dir.get('a/catalog.yaml')).toBe('new\n');
    expect(dir.get('a/channels/x.yaml')).toBe('x\n');
  });

  it('never overwrites a file changed, deleted or created on disk since loading', async () => {
    const dir = new FakeDir();
    dir.put('changed.yaml', 'someone else\n');
    dir.put('created.yaml', 'appeared\n');
    const files = [
      edit('changed.yaml', 'loaded\n', 'mine\n'),
      edit('deleted.yaml', 'loaded\n', 'mine\n'),
      edit('created.yaml', null, 'mine\n'),
    ];
    expect((await findConflicts(dir, files)).map((c) => [c.path, c.disk, c.reason])).toEqual([
      ['changed.yaml', 'someone else\n', 'the file was changed on disk since loading'],
      ['deleted.yaml', null, 'the file was deleted on disk since loading'],
      ['created.yaml', 'appeared\n', 'a file of this name was created on disk since loading'],
    ]);
    const r = await writeFiles(dir, files);
    expect(r.written).toEqual([]);
    expect(r.conflicts.map((c) => c.path)).toEqual(['changed.yaml', 'deleted.yaml', 'created.yaml']);
    expect(dir.get('changed.yaml')).toBe('someone else\n');
    expect(dir.get('deleted.yaml')).toBeUndefined();

    // Overwriting is an explicit choice, per file.
    const o = await writeFiles(dir, files, new Set(['changed.yaml']));
    expect(o.written.map((w) => w.path)).toEqual(['changed.yaml']);
    expect(dir.get('changed.yaml')).toBe('mine\n');
  });

  it('refuses a file whose bytes are not UTF-8 (writing its text back would change them)', async () => {
    const dir = new FakeDir();
    dir.put('latin1.yaml', new Uint8Array([0x23, 0x20, 0xe9, 0x0a]));
    const loaded = new TextDecoder().decode(new Uint8Array([0x23, 0x20, 0xe9, 0x0a]));
    const r = await writeFiles(dir, [edit('latin1.yaml', loaded, loaded + 'x\n')], new Set(['latin1.yaml']));
    expect(r.written).toEqual([]);
    expect(r.conflicts.map((c) => c.reason)).toEqual([
      'the file holds bytes that are not valid UTF-8; writing it would change them',
    ]);
  });

  it('a failure part-way reports what was written and what was not, and goes on', async () => {
    const dir = new FakeDir();
    for (const p of ['a.yaml', 'b.yaml', 'c.yaml']) dir.put(p, `${p}\n`);
    dir.failing.set('b.yaml', { name: 'QuotaExceededError', on: 'write' });
    const r = await writeFiles(
      dir,
      ['a.yaml', 'b.yaml', 'c.yaml'].map((p) => edit(p, `${p}\n`, `${p} edited\n`)),
    );
    expect(r.written.map((w) => w.path)).toEqual(['a.yaml', 'c.yaml']);
    expect(r.failed).toEqual([{ path: 'b.yaml', error: 'no space left (quota exceeded)' }]);
    expect(dir.get('b.yaml')).toBe('b.yaml\n');
  });

  it('says in words why a file could not be written: locked elsewhere, permission revoked', async () => {
    const dir = new FakeDir();
    for (const p of ['a.yaml', 'b.yaml', 'c.yaml']) dir.put(p, `${p}\n`);
    dir.failing.set('a.yaml', { name: 'NoModificationAllowedError', on: 'open' });
    dir.failing.set('b.yaml', { name: 'NotAllowedError', on: 'open' });
    const r = await writeFiles(
      dir,
      ['a.yaml', 'b.yaml', 'c.yaml'].map((p) => edit(p, `${p}\n`, `${p} edited\n`)),
    );
    expect(r.written.map((w) => w.path)).toEqual(['c.yaml']);
    expect(r.failed).toEqual([
      {
        path: 'a.yaml',
        error:
          'the file is locked (open for writing in another tab or window); close it there and write again',
      },
      { path: 'b.yaml', error: 'permission denied (the browser does not allow writing to this folder now)' },
    ]);
    expect(dir.get('a.yaml')).toBe('a.yaml\n');
    expect(dir.get('b.yaml')).toBe('b.yaml\n');
  });

  it('removes a file an edit deleted', async () => {
    const dir = new FakeDir();
    dir.put('gone.yaml', 'x\n');
    const r = await writeFiles(dir, [edit('gone.yaml', 'x\n', null)]);
    expect(r.written).toEqual([{ path: 'gone.yaml', text: null }]);
    expect(dir.get('gone.yaml')).toBeUndefined();
  });
});
