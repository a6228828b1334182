/**
 * How many cores this process may keep busy: Node's count of the CPUs it may run on, lowered to
 * the container's CPU quota. A pipeline's pod (Tekton, Konflux, a GitHub Actions container job)
 * often runs with a CPU limit on a node with many cores; Node 20's libuv (1.46) reports the node's
 * cores there, and threads sized for them would slow each other down as two threads do on a 2-vCPU
 * machine. The quota is cgroup v2's `cpu.max` of the process's cgroup, else cgroup v1's
 * `cpu.cfs_quota_us` / `cpu.cfs_period_us`, rounded down to whole cores (at least one), as Go's
 * automaxprocs sizes GOMAXPROCS in a container: a share of a core runs no thread of its own.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/** Reads a file's text, or undefined when it cannot (tests give their own). */
export type ReadText = (path: string) => string | undefined;

const readText: ReadText = (path) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
};

/** Whole cores of a quota over a period, undefined for none (`max`, `-1`, or unreadable). */
function wholeCores(quota: string | undefined, period: string | undefined): number | undefined {
  const q = Number(quota);
  const p = Number(period);
  if (!Number.isFinite(q) || !Number.isFinite(p) || q <= 0 || p <= 0) return undefined;
  return Math.max(1, Math.floor(q / p));
}

/** The CPU quota of this process's cgroup in whole cores, or undefined when it has none. */
export function cgroupCpuQuota(read: ReadText = readText): number | undefined {
  const groups = read('/proc/self/cgroup');
  if (groups === undefined) return undefined;
  for (const line of groups.split('\n')) {
    const [, controllers, path] = /^\d+:([^:]*):(.*)$/.exec(line) ?? [];
    if (controllers === undefined || path === undefined) continue;
    if (controllers === '') {
      // cgroup v2: "0::/path"; inside a container's namespace the path is "/" (the mount's root).
      for (const dir of path === '/' ? [''] : [path, '']) {
        const max = read(`/sys/fs/cgroup${dir}/cpu.max`);
        if (max === undefined) continue;
        const [quota, period] = max.trim().split(/\s+/);
        return quota === 'max' ? undefined : wholeCores(quota, period);
      }
    } else if (controllers.split(',').includes('cpu')) {
      for (const mount of ['/sys/fs/cgroup/cpu', '/sys/fs/cgroup/cpu,cpuacct']) {
        for (const dir of path === '/' ? [''] : [path, '']) {
          const quota = read(`${mount}${dir}/cpu.cfs_quota_us`);
          if (quota === undefined) continue;
          return wholeCores(quota.trim(), read(`${mount}${dir}/cpu.cfs_period_us`)?.trim());
        }
      }
    }
  }
  return undefined;
}

/** The cores validation may use: Node's count, at most the cgroup's quota. */
export function usableCores(read: ReadText = readText, parallelism = availableParallelism()): number {
  const quota = cgroupCpuQuota(read);
  return quota === undefined ? parallelism : Math.min(parallelism, quota);
}
