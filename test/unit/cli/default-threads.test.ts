/**
 * How many shares `validate` uses when FBC_STUDIO_THREADS is not set: none on a machine of two cores
 * or fewer (this project's), one per 32 MB of catalog up to four where there are more cores, and
 * none where the run would read every parse on this thread anyway (validate's text output of a
 * repository root; any run with a policy pack's files or OpenShift-version catalogs), since threads
 * would then parse it twice. What the user notices is the run's time and peak memory; the output is
 * the same either way (validate-pool.test.ts compares the two on random catalogs and repositories).
 */
import { describe, expect, it } from 'vitest';
import {
  askedThreads,
  defaultThreads,
  MAX_DEFAULT_THREADS,
  sharesPay,
  SHARE_MIN_BYTES,
  threadsFor,
} from '../../../src/cli/discover-folder';

const MB = 1 << 20;
const files = (...paths: string[]) => paths.map((path) => ({ path, size: 100 * MB }));

describe('defaultThreads', () => {
  it('stays on one thread on two cores or fewer, whatever the size', () => {
    for (const cores of [1, 2]) expect(defaultThreads(10_000 * MB, cores)).toBe(0);
  });

  it('takes one share per 32 MB of catalog, two at least, on a machine with more cores', () => {
    expect(defaultThreads(SHARE_MIN_BYTES * 2 - 1, 8)).toBe(0);
    expect(defaultThreads(SHARE_MIN_BYTES * 2, 8)).toBe(2);
    expect(defaultThreads(SHARE_MIN_BYTES * 3, 8)).toBe(3);
    // The 204.5 MB JSON catalog on a 4-core runner: a share per core.
    expect(defaultThreads(204.5e6, 4)).toBe(4);
  });

  it('never asks for more shares than cores, nor more than four', () => {
    expect(defaultThreads(1000 * MB, 3)).toBe(3);
    expect(defaultThreads(1000 * MB, 64)).toBe(MAX_DEFAULT_THREADS);
  });
});

describe('sharesPay', () => {
  it('takes a catalog folder, or a repository root with a README, workflows, Git and templates', () => {
    expect(sharesPay(files('a/catalog.json', 'b/index.yaml', 'c/x.yml', '.indexignore'))).toBe(true);
    const repo = files(
      'README.md',
      'Makefile',
      '.github/workflows/build.yml',
      '.git/HEAD',
      'catalog/a/catalog.json',
    );
    expect(sharesPay(repo)).toBe(true);
    expect(sharesPay(files('catalog/a/catalog.json', 'templates/basic.yaml'))).toBe(true);
  });

  it('never for a policy pack’s files, the configuration or OpenShift-version catalogs', () => {
    expect(sharesPay(files('catalog/a/catalog.json', '.tekton/fbc-push.yaml'))).toBe(false);
    expect(sharesPay(files('catalog/a/catalog.json', '.fbc-studio.yaml'))).toBe(false);
    // A community operator's ci.yaml chooses the community pack, which reads the catalogs' blobs.
    expect(sharesPay(files('catalogs/a/catalog.yaml', 'ci.yaml'))).toBe(false);
    // Catalogs per OpenShift version are compared with each other (skew), from their models.
    expect(sharesPay(files('v4.17/a/catalog.json', 'v4.18/a/catalog.json'))).toBe(false);
    expect(sharesPay(files('catalogs/v4.17/a/catalog.json'))).toBe(false);
    expect(sharesPay(files('catalog-4-16/a/catalog.json'))).toBe(false);
  });

  it('reads a version-like file name as a file, not as a catalog per version', () => {
    expect(sharesPay(files('a/v4.17.json'))).toBe(true);
  });
});

describe('threadsFor', () => {
  it('is what FBC_STUDIO_THREADS asks, when set, whatever the folder looks like', () => {
    expect(threadsFor(files('ci.yaml', 'a/catalog.json'), '3')).toBe(3);
    expect(threadsFor(files('a/catalog.json'), '0', 8)).toBe(0);
    expect(askedThreads(1, undefined)).toBeUndefined();
    expect(askedThreads(1, '')).toBeUndefined();
  });

  it('by default, shares a large catalog or repository on 8 cores, not on 2, nor OpenShift-version catalogs', () => {
    const catalog = files(
      'a/catalog.json',
      'b/catalog.json',
      'c/catalog.json',
      'd/catalog.json',
      'e/catalog.json',
    );
    expect(threadsFor(catalog, undefined, 8)).toBe(MAX_DEFAULT_THREADS);
    const repo = [
      { path: 'README.md', size: 2000 },
      ...files('catalog/a/catalog.json', 'catalog/b/catalog.json', 'catalog/c/catalog.json'),
    ];
    expect(threadsFor(repo, undefined, 8)).toBe(3);
    expect(threadsFor(catalog, undefined, 2)).toBe(0);
    expect(threadsFor(files('v4.16/a/catalog.json', 'v4.17/a/catalog.json'), undefined, 8)).toBe(0);
  });

  it('counts only the catalog files’ bytes: a repository’s Git packs do not make shares', () => {
    const repo = [
      { path: '.git/objects/pack/pack-1.pack', size: 500 * MB },
      { path: 'catalog/a/catalog.json', size: 40 * MB },
    ];
    expect(threadsFor(repo, undefined, 8)).toBe(0);
  });

  it('makes no more shares than the folders allow: one large file, or one folder, stays on one thread', () => {
    expect(threadsFor([{ path: 'catalog.json', size: 500 * MB }], undefined, 8)).toBe(0);
    expect(threadsFor(files('catalog/a.json', 'catalog/b.json', 'catalog/c.json'), undefined, 8)).toBe(0);
    // Two folders of very different sizes: two shares at most, whatever the bytes would allow.
    const uneven = [
      { path: 'a/catalog.json', size: 300 * MB },
      { path: 'b/catalog.json', size: 40 * MB },
    ];
    expect(threadsFor(uneven, undefined, 8)).toBe(2);
  });
});
