import { accessSync, constants, statfsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/** statfs's type of a tmpfs (linux/magic.h). */
const TMPFS_MAGIC = 0x01021994;
/** Below this much free memory-backed space, the test files' databases and files stay on disk. */
const MEMORY_TMPDIR_MIN_FREE = 2 * 1024 ** 3;

/**
 * The test files' temporary databases and files go to memory (/dev/shm) when it is a tmpfs with room, unless TMPDIR
 * says otherwise (decision 0040). Each server file copies a 40-60 MB PGlite template, and the crash tests copy data
 * directories at every restart: on the CI machine's ext4 a 39 MB copy took 1.15 s of kernel CPU, on its tmpfs 0.09 s.
 * Set before any project starts, so the global setup's templates, every test process and the child servers they
 * start all use it (os.tmpdir() reads TMPDIR).
 */
function memoryTmpDir(): string | undefined {
  try {
    const shm = statfsSync('/dev/shm');
    accessSync('/dev/shm', constants.W_OK);
    return shm.type === TMPFS_MAGIC && shm.bavail * shm.bsize >= MEMORY_TMPDIR_MIN_FREE ? '/dev/shm' : undefined;
  } catch {
    return undefined;
  }
}
const memory = process.env.TMPDIR ? undefined : memoryTmpDir();
if (memory) process.env.TMPDIR = memory;

export default defineConfig({
  test: {
    // one test file per core: vitest's own default in a run is cores - 1, a single worker on a 2-core CI
    // machine, where the server and reliability files spend much of their time waiting on Postgres, child
    // servers and sockets rather than on the CPU
    maxWorkers: '100%',
    // a pool's settings, for every project in it. Threads: only the web project runs in them, one thread that keeps
    // its jsdom and modules from file to file (apps/web/vite.config.ts, decision 0038). Forks: a process runs file
    // after file instead of a new process for each; every forks project sets `isolate: true` of its own, so each file
    // still starts with fresh modules and no mocks (decision 0039)
    poolOptions: { threads: { isolate: false, singleThread: true }, forks: { isolate: false } },
    projects: [
      'packages/shared',
      'packages/compositor',
      'packages/sample-art',
      'apps/server',
      'apps/server/vitest.reliability.config.ts',
      'apps/web',
      'apps/web/vitest.mocks.config.ts',
    ],
  },
});
