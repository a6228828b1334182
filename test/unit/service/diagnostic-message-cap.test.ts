/**
 * The worker's problems list with a finding that quotes a 50 KB package name: the view the UI
 * receives carries the message capped (about 2 KB, "… N more bytes") with the whole length, and
 * the whole text comes on demand ("show all") by the problem's id.
 */
import { describe, expect, it } from 'vitest';
import { CatalogService } from '../../../src/core/service/catalog-service';
import { MemorySource } from '../../../src/core/source/memory';

const HUGE = 'x'.repeat(50_000);

async function open() {
  const service = new CatalogService();
  await service.open(
    new MemorySource({ 'p.json': JSON.stringify({ schema: 'olm.package', name: HUGE }) + '\n' }, 'huge'),
    { kind: 'files', readOnly: true },
  );
  return service;
}

describe('capped problem messages in the worker', () => {
  it('the view carries ~2 KB and the whole length; the whole text comes by id', async () => {
    const service = await open();
    const views = service.getDiagnostics();
    const long = views.find((v) => v.rule === 'R19')!;
    expect(long.message.length).toBeLessThan(2100);
    const whole = service.getDiagnosticMessage(long.id)!;
    // The first 2,048 characters, then how many more there are.
    expect(long.message).toBe(`${whole.slice(0, 2048)}… ${whole.length - 2048} more characters`);
    expect(long.message.startsWith('invalid package name "xxx')).toBe(true);
    expect(whole.startsWith(`invalid package name "${HUGE}": [`)).toBe(true);
    expect(long.messageLength).toBe(whole.length);
    // What crosses to the UI stays small: no view carries the name in its message.
    expect(views.every((v) => v.message.length < 2100)).toBe(true);
  });

  it('a short message is whole in its view, without a length', async () => {
    const service = await open();
    const short = service.getDiagnostics().find((v) => v.rule === 'R47')!;
    expect(short.message).toBe('default channel must be set');
    expect(short.messageLength).toBeUndefined();
    expect(service.getDiagnosticMessage(short.id)).toBe(short.message);
    expect(service.getDiagnosticMessage(99_999)).toBeNull();
  });

  it('an edit that keeps the finding keeps its view, and its whole text', async () => {
    const service = await open();
    const before = service.getDiagnostics().find((v) => v.rule === 'R19')!;
    service.updateFile('other.json', JSON.stringify({ schema: 'olm.package', name: 'other' }) + '\n');
    const after = service.getDiagnostics().find((v) => v.rule === 'R19')!;
    expect(after.id).toBe(before.id);
    expect(service.getDiagnosticMessage(after.id)!.length).toBe(before.messageLength);
  });
});
