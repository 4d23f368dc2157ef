/**
 * The render pool's worker entry, plain JavaScript so that any worker can load it. The server's TypeScript runs
 * through tsx (decision 0002), but a worker thread does not get tsx's hooks, not even from `node --import tsx`
 * (npm start, dev, the benchmarks), and not under vitest: tsx's scoped import loads the tasks themselves.
 */
const tasks = import('tsx/esm/api').then(({ tsImport }) =>
  Promise.all([tsImport('./render-task.ts', import.meta.url), tsImport('./remote-edit-task.ts', import.meta.url)]),
);

/** A local render and its receipt (render-task.ts). */
export default async function render(input) {
  return (await tasks)[0].default(input);
}

/** Where a remote edit may paint (remote-edit-task.ts). */
export async function planRemoteEdit(input) {
  return (await tasks)[1].planRemoteEdit(input);
}

/** A remote edit with the photo pasted back, and its receipt (remote-edit-task.ts). */
export async function finishRemoteEdit(input) {
  return (await tasks)[1].finishRemoteEdit(input);
}
