/**
 * How many shares `validate` uses when FBC_STUDIO_THREADS is not set: none on a machine of two cores
 * or fewer (this project's), one per 32 MB of catalog up to four where there are more cores, and
 * none for a folder that looks like a repository root (its report would parse everything again).
 * What the user notices is the run's time and peak memory; the verdict is the same either way
 * (validate-pool.test.ts compares the two on random catalogs).
 */
import { describe, expect, it } from 'vitest';
import {
  askedThreads,
  defaultThreads,
  looksLikeOneCatalog,
  MAX_DEFAULT_THREADS,
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

describe('looksLikeOneCatalog', () => {
  it('is a folder of catalog files, with or without an .indexignore', () => {
    expect(looksLikeOneCatalog(files('a/catalog.json', 'b/index.yaml', 'c/x.yml', '.indexignore'))).toBe(
      true,
    );
    expect(looksLikeOneCatalog(files('catalog.json'))).toBe(true);
  });

  it('is not a repository root: a README, a Makefile, a hidden folder, an OpenShift version folder', () => {
    expect(looksLikeOneCatalog(files('a/catalog.json', 'README.md'))).toBe(false);
    expect(looksLikeOneCatalog(files('a/catalog.json', 'Makefile'))).toBe(false);
    expect(looksLikeOneCatalog(files('a/catalog.json', '.github/workflows/build.yml'))).toBe(false);
    expect(looksLikeOneCatalog(files('a/catalog.json', '.tekton/fbc-push.yaml'))).toBe(false);
    expect(looksLikeOneCatalog(files('a/catalog.json', '.fbc-studio.yaml'))).toBe(false);
    // A community operator's ci.yaml chooses the community policy pack: the report reads more than the verdict.
    expect(looksLikeOneCatalog(files('catalogs/v4.17/a/catalog.yaml', 'ci.yaml'))).toBe(false);
    expect(looksLikeOneCatalog(files('v4.17/a/catalog.json', 'v4.18/a/catalog.json'))).toBe(false);
    expect(looksLikeOneCatalog(files('catalog-4-16/a/catalog.json'))).toBe(false);
  });

  it('reads a version deeper down as part of a package, not as a catalog per version', () => {
    expect(looksLikeOneCatalog(files('a/v4.17/catalog.json'))).toBe(true);
  });
});

describe('threadsFor', () => {
  it('is what FBC_STUDIO_THREADS asks, when set, whatever the folder looks like', () => {
    expect(threadsFor(files('README.md', 'a/catalog.json'), '3')).toBe(3);
    expect(threadsFor(files('a/catalog.json'), '0')).toBe(0);
    expect(askedThreads(1, undefined)).toBeUndefined();
    expect(askedThreads(1, '')).toBeUndefined();
  });

  it('by default, shares a large catalog folder on 8 cores but not a repository root of the same size', () => {
    expect(threadsFor(files('a/catalog.json', 'b/catalog.json'), undefined, 8)).toBe(MAX_DEFAULT_THREADS);
    expect(threadsFor(files('README.md', 'a/catalog.json', 'b/catalog.json'), undefined, 8)).toBe(0);
    expect(threadsFor(files('a/catalog.json', 'b/catalog.json'), undefined, 2)).toBe(0);
  });
});
