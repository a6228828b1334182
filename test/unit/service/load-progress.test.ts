import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDLE_PROGRESS, progressReporter } from '../../../src/core/service/load-progress';
import type { LoadProgress } from '../../../src/core/service/views';

afterEach(() => vi.useRealTimers());

describe('load progress', () => {
  it('starts from nothing read, and the idle state cannot be changed by accident', () => {
    expect(IDLE_PROGRESS).toEqual({
      phase: 'listing',
      filesRead: 0,
      filesTotal: 0,
      bytesRead: 0,
      bytesTotal: 0,
      currentFile: '',
    });
    expect(Object.isFrozen(IDLE_PROGRESS)).toBe(true);
  });

  it('passes progress on a few times per second at most, but always the forced (final) states', () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const seen: LoadProgress[] = [];
    const report = progressReporter((p) => seen.push(p));
    report({ phase: 'reading', filesRead: 1, currentFile: 'a.yaml' });
    report({ filesRead: 2, currentFile: 'b.yaml' }); // too soon: merged, not sent
    vi.advanceTimersByTime(60);
    report({ filesRead: 3, currentFile: 'c.yaml' });
    report({ phase: 'done', currentFile: '' }, true);
    expect(seen.map((p) => [p.phase, p.filesRead, p.currentFile])).toEqual([
      ['reading', 1, 'a.yaml'],
      ['reading', 3, 'c.yaml'],
      ['done', 3, ''],
    ]);
  });
});
