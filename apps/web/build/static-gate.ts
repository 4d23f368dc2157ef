import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import type { HtmlTagDescriptor, Plugin, Rollup } from 'vite';
import { GATE_AFTER_ID } from '../src/features/gate/static/gate-ids';

const gateDir = fileURLToPath(new URL('../src/features/gate/static/', import.meta.url));
const GATE_PLACEHOLDER = '<!-- static gate -->';
/** What runs once the password is accepted (main.tsx imports app/boot.tsx): preloaded with the gate. */
const APP_BOOT = 'src/app/boot.tsx';
/**
 * The router (app/app.tsx imports it as the transition starts): preloaded from the moment the password has been
 * sent, at low priority (the gate's script adds these links, GATE_AFTER_ID). From the page's start, its files would
 * take the browser's last free connections and hold the password's request back; at high priority, they would hold
 * back the app's first reads (the feed's first page) once the password is accepted.
 */
const APP_ROUTER = 'src/app/router.tsx';

async function bundle(entry: string, format: 'iife' | 'esm'): Promise<string> {
  const result = await esbuild({
    entryPoints: [path.join(gateDir, entry)],
    bundle: true,
    format,
    platform: format === 'esm' ? 'node' : 'browser',
    target: 'es2020',
    minify: format === 'iife',
    legalComments: 'none',
    write: false,
  });
  return result.outputFiles[0]!.text;
}

/** The gate's markup, made by gate-markup.ts (bundled and loaded here, so its texts are docs/product.md's `messages`). */
async function renderGateMarkup(): Promise<string> {
  const source = await bundle('gate-markup.ts', 'esm');
  const module = (await import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`)) as {
    gateMarkup: () => string;
  };
  return module.gateMarkup();
}

/** Every chunk `file`'s chunk imports statically, itself included. */
function staticGraph(bundle: Rollup.OutputBundle, file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const chunk = bundle[file];
  if (chunk?.type === 'chunk') for (const imported of chunk.imports) staticGraph(bundle, imported, seen);
  return seen;
}

/**
 * bench/README.md: the gate is part of index.html. Its markup and its script (gate-boot.ts, a few kB) are written into the
 * page, and in a build the stylesheet is inlined too, so the gate paints with the page's first bytes and sends the
 * password without waiting for any other file. The app's code (main.tsx → app/boot.tsx, and its router) is preloaded
 * (fetched, not run) while the person types, and runs once the password is accepted. The server allows the inline script by its
 * hash (apps/server/src/plugins/security-headers.ts).
 */
export function staticGate(): Plugin {
  let base = '/';
  return {
    name: 'dwellscape:static-gate',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        if (!html.includes(GATE_PLACEHOLDER)) throw new Error(`index.html has no ${GATE_PLACEHOLDER}`);
        const [markup, script] = await Promise.all([renderGateMarkup(), bundle('gate-boot.ts', 'iife')]);
        let page = html.replace(GATE_PLACEHOLDER, () => `${markup}\n<script>${script.trim()}</script>`);
        const tags: HtmlTagDescriptor[] = [];
        const output = context.bundle;
        if (output) {
          // the stylesheet inline: nothing to wait for before the first paint, and no stylesheet before the
          // inline script (a pending stylesheet would hold the script back). A disabled link to the same file stays:
          // it is never fetched, and Vite's preloading sees the sheet is there and does not fetch and apply it again
          // for the chunks loaded later. It must be the app's only stylesheet
          const sheets = Object.values(output).filter((item) => item.fileName.endsWith('.css'));
          if (sheets.length !== 1)
            throw new Error(`the build has ${sheets.length} stylesheets; the gate inlines exactly one`);
          page = page.replace(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g, (link, href: string) => {
            const asset = output[href.slice(base.length)];
            if (asset?.type !== 'asset') return link;
            return `<style>${String(asset.source)}</style><link rel="stylesheet" href="${href}" disabled>`;
          });
          const chunkOf = (module: string) => {
            const chunk = Object.values(output).find(
              (item): item is Rollup.OutputChunk =>
                item.type === 'chunk' && item.moduleIds.some((id) => id.endsWith(module)),
            );
            if (!chunk) throw new Error(`the build has no chunk for ${module}`);
            return chunk.fileName;
          };
          const isInPage = (href: string) =>
            page.includes(`src="${href}"`) || new RegExp(`modulepreload"[^>]*href="${href}"`).test(page);
          const preload = (file: string) =>
            `<link rel="modulepreload" crossorigin fetchpriority="low" href="${base}${file}">`;
          const boot = staticGraph(output, chunkOf(APP_BOOT));
          for (const file of boot) {
            if (isInPage(`${base}${file}`)) continue;
            tags.push({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
              injectTo: 'head',
            });
          }
          const router = [...staticGraph(output, chunkOf(APP_ROUTER))].filter(
            (file) => !boot.has(file) && !isInPage(`${base}${file}`),
          );
          tags.push({
            tag: 'template',
            attrs: { id: GATE_AFTER_ID },
            children: router.map(preload).join(''),
            injectTo: 'body',
          });
        }
        return { html: page, tags };
      },
    },
  };
}
