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

/**
 * Loads everything a render needs (tsx, the tasks, sharp, the photo analysis) and runs one small render, so that the
 * first real render after the server starts costs what any other does (render-pool.ts `warm`).
 */
export async function warm() {
  const [{ default: renderTask }] = await tasks;
  const { default: sharp } = await import('sharp');
  const room = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#b9a48a' } })
    .jpeg()
    .toBuffer();
  const product = await sharp({ create: { width: 64, height: 48, channels: 4, background: '#3c6e71ff' } })
    .png()
    .toBuffer();
  await renderTask({
    spaceImage: room,
    products: [{ bytes: product, category: 'Sofa', name: 'Sofa' }],
    answers: {},
    mode: 'interior',
    spaceType: 'Living room',
    width: 640,
    maxInputPixels: 640 * 480,
  });
}
