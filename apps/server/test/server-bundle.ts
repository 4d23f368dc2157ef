import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

/**
 * The server (`apps/server/src/server.ts`) as one JavaScript file, for the tests that start it as a
 * child process (reliability/child-server.ts): built once per vitest run by the global setup, so each of
 * the suite's several dozen starts and restarts loads one file instead of compiling and resolving some
 * 160 TypeScript modules through tsx's loader hooks (about 2 s of CPU a start against 0.7 s).
 *
 * Only the repository's own code (the server and the workspace packages) goes in; every library stays
 * external, loaded by Node from node_modules as under tsx. Each module keeps its own `import.meta.url` and
 * `import.meta.dirname` (the migrations folder, the render worker's file, the sample art's sources), and
 * its functions keep their names. The render worker threads still load their tasks through tsx.
 */

/** The environment variable that names this run's bundle to the test processes (set by the global setup). */
export const SERVER_BUNDLE_ENV = 'DWELLSCAPE_TEST_SERVER_BUNDLE';

const serverDir = path.resolve(import.meta.dirname, '..');
const serverEntry = path.join(serverDir, 'src/server.ts');

/** Where bundles are written: under apps/server, so that Node resolves their libraries as from src/. */
const bundlesDir = path.join(serverDir, 'node_modules/.cache/dwellscape-test-server');

/** Builds the bundle under a directory of its own, named `name`; resolves to the bundle's path. */
export async function buildServerBundle(name: string): Promise<string> {
  const outfile = path.join(bundlesDir, name, 'server.mjs');
  mkdirSync(path.dirname(outfile), { recursive: true });
  await build({
    entryPoints: [serverEntry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    keepNames: true,
    sourcemap: 'inline',
    logLevel: 'warning',
    plugins: [librariesStayExternal, ownImportMeta],
  });
  return outfile;
}

export function removeServerBundle(name: string): void {
  rmSync(path.join(bundlesDir, name), { recursive: true, force: true });
}

/** Bare imports are libraries (external), except the workspace's own packages, which are TypeScript sources. */
const librariesStayExternal: Plugin = {
  name: 'libraries-stay-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@dwellscape/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** `import.meta.url`, `.dirname` and `.filename` as each source file's own, not the bundle's. */
const ownImportMeta: Plugin = {
  name: 'own-import-meta',
  setup(b) {
    b.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta')) return undefined;
      const contents = source
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path));
      const ext = path.extname(args.path);
      const loader = ext.endsWith('tsx') ? 'tsx' : ext.endsWith('ts') ? 'ts' : ext.endsWith('jsx') ? 'jsx' : 'js';
      return { contents, loader, resolveDir: path.dirname(args.path) };
    });
  },
};
