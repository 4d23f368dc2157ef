import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { renderSvg } from './illustrations/render';
import { seedImages, type SeedImage } from './seed-images';

/**
 * The build step of the sample art: every seed picture rendered once as WebP into a directory named by a hash of
 * this package's sources (and of the image library that encodes them), so a fresh DATA_DIR, a test run or a new
 * server copies files instead of drawing them again. A changed illustration or sample record changes the hash and
 * so builds again; nothing else does.
 */

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where the builds are kept (gitignored): `<cacheRoot>/<hash>/seed/<kind>/<id>.webp` and a manifest.json. */
export const sampleArtCacheRoot = path.join(packageRoot, '.cache');

/** Builds for older sources kept beside the current one, so a run still copying from one is not pulled away. */
const OLDER_BUILDS_KEPT = 2;

/** One file of a build, under its storage key. */
export interface SampleArtFile {
  key: string;
  width: number;
  height: number;
  bytes: number;
}

export interface SampleArt {
  /** the build's directory: each file is at `path.join(dir, key)` */
  dir: string;
  hash: string;
  files: readonly SampleArtFile[];
}

interface Manifest {
  hash: string;
  files: SampleArtFile[];
}

export interface EnsureSampleArtOptions {
  /** pictures rendered at once when it has to build; librsvg and libwebp are single-threaded per picture */
  concurrency?: number;
  log?: (message: string) => void;
}

/**
 * The hash a build is named by: every file of src/ and package.json (of this package, or of a copy of it at
 * `root`), and the versions of sharp and libvips.
 */
export function sampleArtSourceHash(root = packageRoot): string {
  const hash = createHash('sha256');
  const files = ['package.json', ...listFiles(path.join(root, 'src')).map((f) => path.relative(root, f))];
  for (const file of files.sort()) {
    hash.update(`${file.split(path.sep).join('/')}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  hash.update(`sharp ${sharp.versions.sharp ?? ''} vips ${sharp.versions.vips}`);
  return hash.digest('hex').slice(0, 16);
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full) : entry.isFile() ? [full] : [];
  });
}

/** One build at a time per hash in this process; other processes are handled by the atomic rename. */
const building = new Map<string, Promise<SampleArt>>();

/**
 * The sample art for the current sources: the cached build when it is complete, otherwise built now (and cached).
 * Several processes may build at once (parallel test runs, a server and a test run): each writes into a directory
 * of its own and renames it into place; the first rename wins and the others drop theirs.
 */
export function ensureSampleArt(options: EnsureSampleArtOptions = {}): Promise<SampleArt> {
  const hash = sampleArtSourceHash();
  let build = building.get(hash);
  if (!build) {
    build = loadOrBuild(hash, options);
    building.set(hash, build);
    build.catch(() => building.delete(hash));
  }
  return build;
}

async function loadOrBuild(hash: string, options: EnsureSampleArtOptions): Promise<SampleArt> {
  const images = seedImages();
  const dir = path.join(sampleArtCacheRoot, hash);
  const cached = await readBuild(dir, hash, images);
  if (cached) return cached;

  const started = performance.now();
  await mkdir(sampleArtCacheRoot, { recursive: true });
  const temp = path.join(sampleArtCacheRoot, `.building-${hash}-${randomUUID()}`);
  try {
    const files = await renderAll(images, temp, options.concurrency ?? os.availableParallelism());
    await writeFile(path.join(temp, 'manifest.json'), JSON.stringify({ hash, files } satisfies Manifest));
    await moveIntoPlace(temp, dir, hash, images);
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
  const built = await readBuild(dir, hash, images);
  if (!built) throw new Error(`The sample art build in ${dir} is incomplete`);
  await removeOlderBuilds(hash);
  const ms = Math.round(performance.now() - started);
  options.log?.(`Rendered ${images.length} sample pictures into ${path.relative(process.cwd(), dir)} in ${ms} ms`);
  return built;
}

/**
 * Renames a finished build into place. When another process got there first its build is as good as this one
 * (and may be in use), so this one is dropped; only an incomplete directory left by hand is replaced.
 */
async function moveIntoPlace(temp: string, dir: string, hash: string, images: readonly SeedImage[]): Promise<void> {
  try {
    await rename(temp, dir);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw err;
    if (await readBuild(dir, hash, images)) return;
    await rm(dir, { recursive: true, force: true });
    await rename(temp, dir);
  }
}

/** The build in `dir` when its manifest names this hash and holds every picture the sources draw. */
async function readBuild(dir: string, hash: string, images: readonly SeedImage[]): Promise<SampleArt | null> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return null;
  }
  if (manifest.hash !== hash) return null;
  const keys = new Set(manifest.files.map((f) => f.key));
  const complete = images.every((img) => keys.has(img.key) && (!img.thumb || keys.has(img.thumb.key)));
  return complete ? { dir, hash, files: manifest.files } : null;
}

async function renderAll(images: readonly SeedImage[], dir: string, concurrency: number): Promise<SampleArtFile[]> {
  const files: SampleArtFile[] = [];
  const write = async (key: string, bytes: Buffer, width: number, height: number) => {
    const file = path.join(dir, key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes);
    files.push({ key, width, height, bytes: bytes.length });
  };
  let next = 0;
  const workers = Array.from({ length: Math.max(1, Math.min(concurrency, images.length)) }, async () => {
    while (next < images.length) {
      const img = images[next++]!;
      const out = await renderSvg(img.svg(), img.thumb, img.alpha);
      await write(img.key, out.full.bytes, img.width, img.height);
      if (img.thumb && out.thumb) await write(img.thumb.key, out.thumb.bytes, img.thumb.width, img.thumb.height);
    }
  });
  await Promise.all(workers);
  // the order the pictures are listed in, whichever finished first
  const order = new Map(
    images.flatMap((img) => (img.thumb ? [img.key, img.thumb.key] : [img.key])).map((k, i) => [k, i]),
  );
  return files.sort((a, b) => order.get(a.key)! - order.get(b.key)!);
}

async function removeOlderBuilds(current: string): Promise<void> {
  const entries = await readdir(sampleArtCacheRoot, { withFileTypes: true });
  const builds = await Promise.all(
    entries
      .filter((e) => e.isDirectory() && e.name !== current && !e.name.startsWith('.'))
      .map(async (e) => ({
        dir: path.join(sampleArtCacheRoot, e.name),
        mtime: (await stat(path.join(sampleArtCacheRoot, e.name))).mtimeMs,
      })),
  );
  builds.sort((a, b) => b.mtime - a.mtime);
  for (const old of builds.slice(OLDER_BUILDS_KEPT)) await rm(old.dir, { recursive: true, force: true });
}
