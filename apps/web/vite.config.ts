import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { preact } from '@preact/preset-vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Alias, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { configDefaults } from 'vitest/config';
import { messages } from '@dwellscape/shared/messages';
import { APP_ICONS, appIcons } from './build/app-icons';
import { directBarrelImports } from './build/direct-imports';
import { staticGate } from './build/static-gate';
import { MOCKS_TEST_FILES } from './test/test-file-names';

const apiTarget = 'http://127.0.0.1:3000';

/**
 * Brotli and gzip copies beside every text file of the build, which the server's static files
 * serve to browsers that accept them: compressed once at build time at the highest levels,
 * never per request.
 */
function precompress(): Plugin {
  return {
    name: 'dwellscape:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir;
      if (!outDir) return;
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(fileName) || fileName.startsWith('.vite/')) continue;
        const file = path.join(outDir, fileName);
        const bytes = readFileSync(file);
        // below a packet's worth, the headers outweigh what compression saves
        if (bytes.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(bytes, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/**
 * The SPA runs on Preact's React compatibility layer everywhere: the dev server, the web component tests and the
 * build (decision 0025; 0012 for why: a tenth of React DOM's weight on the feed's first load). The code is written
 * against React's API and imports `react`; these aliases send it to `preact/compat`.
 */
const preactAliases: Alias[] = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  // Testing Library's act when React.act is missing
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  // its CommonJS main would require the real React past the aliases
  { find: /^@testing-library\/react$/, replacement: '@testing-library/react/dist/@testing-library/react.esm.js' },
  { find: /^react(-dom)?$/, replacement: 'preact/compat' },
];

/** The header's colour of the gate (index.html's theme-color): the browser's bar and the installed app's title bar. */
const THEME_COLOR = '#0c3b36';

/**
 * Decision 0049: the app installs (a web app manifest, icons drawn at build time) and its shell is cached by a
 * service worker, so a second visit starts without waiting for the network. Only the shell is cached: the API (the
 * gate among it) and /media always go to the network, and the cached index.html is the gate itself, so nothing the
 * server holds shows before the password has been checked there. The app registers the worker itself once the gate
 * has opened (lib/service-worker.ts): during the gate it would compete with the password's request.
 */
function installableApp(): Plugin[] {
  return VitePWA({
    injectRegister: false,
    // the manifest's link goes into index.html; the icons come from build/app-icons.ts
    includeManifestIcons: false,
    manifest: {
      id: '/',
      name: messages.productName,
      short_name: messages.productName,
      description: messages.tagline,
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: THEME_COLOR,
      // the app's light background (index.css --background): the splash screen before the gate paints
      background_color: '#f6f3ee',
      icons: APP_ICONS.filter((icon) => !icon.fileName.includes('apple')).map((icon) => ({
        src: `/${icon.fileName}`,
        sizes: `${icon.size}x${icon.size}`,
        type: 'image/png',
        purpose: icon.purpose,
      })),
    },
    workbox: {
      // the shell: the page (the gate), its scripts, the stylesheet, the font and the icons; never the compressed copies
      globPatterns: ['**/*.{html,js,css,woff2,svg,png}'],
      // the font's other scripts load only for text that needs them (unicode-range): from the network then
      globIgnores: ['**/*.{br,gz}', '.vite/**', 'assets/inter-{cyrillic,greek,vietnamese}*'],
      // every screen of the SPA starts from the cached page, which shows the gate
      navigateFallback: '/index.html',
      // the server's own: never the SPA's page, always the network
      navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/media\//],
      // no runtime caching: whatever is not the shell (the API, the gate, /media) is the network's alone
      runtimeCaching: [],
      cleanupOutdatedCaches: true,
      // a new release takes over at once; a screen of the old one whose code has gone reloads (lib/service-worker.ts)
      skipWaiting: true,
      clientsClaim: true,
      // the create flow's video encoder is the biggest chunk
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    },
  });
}

/** The app's start modules (src/app/start, router-library) by the chunk of what each names. */
const startChunks: Record<string, string> = {
  'start/schemas': 'shared',
  'router-library': 'react-router',
};

export default defineConfig(({ command, mode }) => {
  const isTest = mode === 'test';
  // the dev server's fast refresh (Prefresh) and Preact's devtools hook; neither in tests nor builds
  const isDevServer = command === 'serve' && !isTest;
  return {
    plugins: [
      preact({
        // ours above, which also carry Testing Library's ES module build
        reactAliasesEnabled: false,
        // JSX compiles to react/jsx-runtime, which the aliases send to preact/compat's
        jsxImportSource: 'react',
        prefreshEnabled: isDevServer,
        devToolsEnabled: isDevServer,
      }),
      tailwindcss(),
      staticGate(),
      appIcons(),
      ...(isTest ? [] : installableApp()),
      precompress(),
      ...(isTest ? [directBarrelImports()] : []),
    ],
    resolve: {
      alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }, ...preactAliases],
      // Tests: every library goes through Vite (so the aliases reach its imports of react), as its ES module build
      // (a CommonJS build would require the real React).
      ...(isTest && {
        conditions: ['module', 'browser', 'development'],
        mainFields: ['module', 'jsnext:main', 'jsnext', 'main'],
      }),
    },
    server: {
      proxy: {
        '/api': { target: apiTarget, changeOrigin: false },
        '/media': { target: apiTarget, changeOrigin: false },
      },
    },
    build: {
      target: 'es2022',
      sourcemap: false,
      // bench/web.ts follows the manifest from the entry to the feed route's chunks
      manifest: true,
      rollupOptions: {
        output: {
          // libraries every screen needs change less often than the app: their own chunks stay cached across
          // releases. Everything else (Radix, toasts, icons) stays with the screens that use it, so the gate
          // and the feed do not download what only the create flow or the profile needs.
          manualChunks(id) {
            // the API's schemas and texts: one file. The gate's page loads the app's start in as few files as it can:
            // over HTTP/1.1 a browser opens six connections to a host, and with more files (and the font) at the
            // page's start the password's request waited for one of them (bench/README.md: 0.7 s on slow 4G)
            if (/\/packages\/shared\/src\/[\w-]+\.ts$/.test(id)) return 'shared';
            // the one-export modules main.tsx and app.tsx import a task at a time go with what they name: a chunk of
            // their own would be one more round trip each, one after the other, on a phone's connection
            const start = /\/src\/app\/(start\/[\w-]+|router-library)\.ts$/.exec(id)?.[1];
            if (start) return startChunks[start];
            if (!id.includes('node_modules')) return undefined;
            // the UI library and the data libraries every screen uses: one file, for the same reason
            if (/node_modules\/(react|react-dom|scheduler|preact)\//.test(id)) return 'libs';
            // the gate does without the router: it loads with the app shell, after the password
            if (/node_modules\/react-router\//.test(id)) return 'react-router';
            // zod/mini and the core it shares with full zod; full zod (only lazy screens use it) stays with them
            if (/node_modules\/(zod\/(v4\/)?(core|mini)\/|@tanstack\/)/.test(id)) return 'libs';
            return undefined;
          },
        },
      },
    },
    test: {
      name: 'web',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
      // one jsdom and one module graph for every file, in one thread beside the server's processes (decision 0038):
      // per file, a fresh process, jsdom and module graph cost more than the tests. The files that replace modules
      // are named `*.mocks.test.ts(x)` and run isolated in their own project (vitest.mocks.config.ts)
      exclude: [...configDefaults.exclude, ...MOCKS_TEST_FILES],
      // isolate: false and singleThread: true for the threads pool are set at the root (vitest.config.ts)
      pool: 'threads',
      setupFiles: ['./test/fresh-modules.ts', './test/setup.ts'],
      // waits take up to 5 s each under load (test/setup.ts); the 5 s default per test failed on a busy machine
      testTimeout: 20_000,
      css: false,
      // Preact itself stays outside Vite (Node loads its ES modules once): vi.resetModules() empties Vite's module
      // cache, and a test that re-imports a hook would otherwise get a second Preact whose hooks see no component.
      server: { deps: { inline: [/^(?!.*\/node_modules\/preact\/)/] } },
    },
  };
});
