import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** The soft and hard RLIMIT_NOFILE of a running process, from /proc/<pid>/limits. */
export function openFileLimits(pid: number): { soft: number; hard: number } {
  const line = readFileSync(`/proc/${pid}/limits`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  const [soft, hard] = (line?.match(/\d+|unlimited/g) ?? []).map((v) => (v === 'unlimited' ? Infinity : Number(v)));
  if (soft === undefined || hard === undefined) throw new Error(`cannot read the open-file limit of process ${pid}`);
  return { soft, hard };
}

/**
 * Makes sure a process may hold `needed` open files: Node raises its own soft limit to the hard
 * one at start-up, but a hard limit of 1024 (common in containers) still caps it; `prlimit` lifts
 * both when the machine allows it, and a clear error says so when it does not.
 */
export function ensureOpenFiles(pid: number, needed: number): { soft: number; hard: number } {
  const limits = openFileLimits(pid);
  if (limits.soft >= needed) return limits;
  const wanted = Math.max(needed, 65_536);
  try {
    execFileSync('prlimit', ['--pid', String(pid), `--nofile=${wanted}:${Math.max(wanted, limits.hard)}`], {
      stdio: 'pipe',
    });
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new Error(
      `process ${pid} may open ${limits.soft} files (hard limit ${limits.hard}); ${needed} are needed and prlimit failed: ${reason}`,
    );
  }
  return openFileLimits(pid);
}

/** Resident memory of a process in kB (VmRSS in /proc/<pid>/status). */
export function residentKb(pid: number): number {
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]);
}

/** Pins a running process to one CPU core; false when taskset is missing or refuses. */
export function pinToCore(pid: number, core: number): boolean {
  try {
    execFileSync('taskset', ['-cp', String(core), String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Resident memory once it has stopped moving: sampled every 500 ms until the last `windowMs` stay
 * within 1% of each other (garbage collection and the allocator settle after a burst), or `maxMs` passed.
 */
export async function settledResidentKb(pid: number, windowMs = 3_000, maxMs = 30_000): Promise<number> {
  const samples: number[] = [];
  const needed = Math.ceil(windowMs / 500) + 1;
  const deadline = Date.now() + maxMs;
  for (;;) {
    samples.push(residentKb(pid));
    const recent = samples.slice(-needed);
    if (recent.length === needed && Math.max(...recent) - Math.min(...recent) <= Math.max(...recent) * 0.01)
      return recent.at(-1)!;
    if (Date.now() > deadline) return recent.at(-1)!;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
