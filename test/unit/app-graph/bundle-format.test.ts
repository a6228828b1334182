import { describe, expect, it } from 'vitest';
import {
  formatGvk,
  prettyPropertyJson,
  safeHttpUrl,
  versionWithRelease,
} from '../../../src/app/bundle/format';

describe('bundle details helpers', () => {
  it('links only http(s) URLs from catalog data', () => {
    expect(safeHttpUrl('https://coreos.com/etcd')).toBe('https://coreos.com/etcd');
    expect(safeHttpUrl('http://example.com/a b')).toBe('http://example.com/a%20b');
    expect(safeHttpUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeHttpUrl('data:text/html,<script>x</script>')).toBeUndefined();
    expect(safeHttpUrl('not a url')).toBeUndefined();
  });

  it('indents complete property JSON and leaves shortened or odd text as it is', () => {
    expect(prettyPropertyJson({ type: 'x', json: '{"a":[1,2]}', truncated: false, length: 11 })).toBe(
      '{\n  "a": [\n    1,\n    2\n  ]\n}',
    );
    expect(prettyPropertyJson({ type: 'x', json: '{"data":"abc', truncated: true, length: 9000 })).toBe(
      '{"data":"abc…',
    );
    expect(prettyPropertyJson({ type: 'x', json: 'NaN', truncated: false, length: 3 })).toBe('NaN');
  });

  it('formats GVKs, with the core group shown without a slash', () => {
    expect(formatGvk({ group: 'etcd.database.coreos.com', version: 'v1beta2', kind: 'EtcdCluster' })).toBe(
      'EtcdCluster (etcd.database.coreos.com/v1beta2)',
    );
    expect(formatGvk({ group: '', version: 'v1', kind: 'ConfigMap' })).toBe('ConfigMap (v1)');
  });

  it('shows the release once', () => {
    expect(versionWithRelease('1.2.3', '')).toBe('1.2.3');
    expect(versionWithRelease('1.2.3', '4')).toBe('1.2.3 (release 4)');
    expect(versionWithRelease('1.2.3-4', '4')).toBe('1.2.3-4');
    expect(versionWithRelease('', '')).toBe('—');
  });
});
