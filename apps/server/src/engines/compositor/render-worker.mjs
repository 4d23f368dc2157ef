/**
 * The render pool's worker entry, plain JavaScript so that any worker can load it. The server's TypeScript runs
 * through tsx (decision 0002), but a worker thread does not get tsx's hooks, not even from `node --import tsx`
 * (npm start, dev, the benchmarks) on Node 20, and not under vitest: tsx's scoped import loads the task itself.
 */
const task = import('tsx/esm/api').then(({ tsImport }) => tsImport('./render-task.ts', import.meta.url));

export default async function render(input) {
  return (await task).default(input);
}
