/**
 * The cores `validate` sizes its default threads by: Node's count lowered to the container's CPU
 * quota, read from cgroup v2's cpu.max or cgroup v1's CFS quota, in whole cores. Each case is a
 * /proc and /sys as a container or a host shows them.
 */
import { describe, expect, it } from 'vitest';
import { cgroupCpuQuota, usableCores } from '../../../src/cli/cpu-quota';

const fs =
  (files: Record<string, string>) =>
  (path: string): string | undefined =>
    files[path];

describe('cgroupCpuQuota', () => {
  it('reads cgroup v2 cpu.max inside a container (the namespace root)', () => {
    const read = fs({ '/proc/self/cgroup': '0::/\n', '/sys/fs/cgroup/cpu.max': '200000 100000\n' });
    expect(cgroupCpuQuota(read)).toBe(2);
    expect(usableCores(read, 16)).toBe(2);
  });

  it('reads the process cgroup’s own cpu.max on a host with cgroup v2', () => {
    const read = fs({
      '/proc/self/cgroup': '0::/kubepods/pod1/ctr\n',
      '/sys/fs/cgroup/kubepods/pod1/ctr/cpu.max': '350000 100000\n',
      '/sys/fs/cgroup/cpu.max': 'max 100000\n',
    });
    // 3.5 cores of quota: three whole ones.
    expect(cgroupCpuQuota(read)).toBe(3);
  });

  it('has no quota for `max`, and never less than one core for a fraction of one', () => {
    expect(
      cgroupCpuQuota(fs({ '/proc/self/cgroup': '0::/\n', '/sys/fs/cgroup/cpu.max': 'max 100000' })),
    ).toBe(undefined);
    expect(
      cgroupCpuQuota(fs({ '/proc/self/cgroup': '0::/\n', '/sys/fs/cgroup/cpu.max': '50000 100000' })),
    ).toBe(1);
  });

  it('reads cgroup v1 cpu.cfs_quota_us, where -1 means none', () => {
    const v1 = (quota: string) =>
      fs({
        '/proc/self/cgroup': '12:memory:/docker/abc\n4:cpu,cpuacct:/docker/abc\n',
        '/sys/fs/cgroup/cpu,cpuacct/docker/abc/cpu.cfs_quota_us': quota,
        '/sys/fs/cgroup/cpu,cpuacct/docker/abc/cpu.cfs_period_us': '100000\n',
      });
    expect(cgroupCpuQuota(v1('400000\n'))).toBe(4);
    expect(cgroupCpuQuota(v1('-1\n'))).toBe(undefined);
  });

  it('leaves Node’s count alone with no cgroup to read (not Linux) or no limit', () => {
    expect(usableCores(fs({}), 8)).toBe(8);
    expect(
      usableCores(fs({ '/proc/self/cgroup': '0::/\n', '/sys/fs/cgroup/cpu.max': 'max 100000' }), 8),
    ).toBe(8);
    // A quota above the CPUs the process may run on changes nothing.
    expect(
      usableCores(fs({ '/proc/self/cgroup': '0::/\n', '/sys/fs/cgroup/cpu.max': '800000 100000' }), 4),
    ).toBe(4);
  });
});
