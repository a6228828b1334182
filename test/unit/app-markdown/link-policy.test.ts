import { describe, expect, it } from 'vitest';
import { safeHref } from '../../../src/app/markdown/link-policy';

describe('links kept in rendered descriptions', () => {
  it('keeps web and mail links', () => {
    expect(safeHref('https://example.com/docs')).toBe('https://example.com/docs');
    expect(safeHref(' http://example.com ')).toBe('http://example.com/');
    expect(safeHref('mailto:team@example.com')).toBe('mailto:team@example.com');
  });
  it('drops script, data, file and relative links', () => {
    expect(safeHref('javascript:alert(1)')).toBeUndefined();
    expect(safeHref('JaVaScRiPt:alert(1)')).toBeUndefined();
    expect(safeHref('data:text/html,<script>alert(1)</script>')).toBeUndefined();
    expect(safeHref('file:///etc/passwd')).toBeUndefined();
    expect(safeHref('/relative/path')).toBeUndefined();
    expect(safeHref('//evil.example')).toBeUndefined();
  });
});
