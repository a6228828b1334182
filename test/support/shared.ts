import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * ../shared (the spec, corpus and tools) sits beside the repo on developer machines and in CI.
 * Tests that need it skip elsewhere, saying why, so a clone on any machine passes `npm test`.
 */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const sharedDir = resolve(repoRoot, '../shared');
export const hasShared = existsSync(resolve(sharedDir, 'spec/fbc-rules.md'));

export function sharedPath(...parts: string[]): string {
  return resolve(sharedDir, ...parts);
}

export function skipReason(what: string): string {
  return `${what}: skipped, ${sharedDir} not found (it holds the spec and corpus; CI provides it)`;
}
