import sharp from 'sharp';
import type { Plugin } from 'vite';

/*
 * The installed app's icons (the web app manifest's, decision 0049), drawn here as SVG and rasterised at build time:
 * no image is fetched from elsewhere (docs/product.md §1). The tile runs from the interior mode's teal to the
 * landscape mode's forest green (index.css's --primary of each), with a house (interiors) standing on a leaf-green
 * hill (gardens) and the gate's terracotta dawn.
 */

const INTERIOR = '#0f524b';
const LANDSCAPE = '#24502f';
const LEAF = '#8fca7a';
const CREAM = '#f8f5f0';
const TERRACOTTA = '#e0764a';

/**
 * The picture on a 512 × 512 canvas: the hill runs to the edges, the house and the sun are scaled about the centre by
 * `scale` (the maskable icon keeps them inside its safe zone, a centred circle of 80%).
 */
function iconArt(scale: number): string {
  const offset = (512 - 512 * scale) / 2;
  const hillTop = 256 + 140 * scale;
  return `<path d="M0 ${hillTop + 14} C140 ${hillTop - 50} 330 ${hillTop - 56} 512 ${hillTop - 4} V512 H0 Z" fill="${LEAF}" fill-opacity="0.9"/>
<g transform="translate(${offset} ${offset}) scale(${scale})">
<circle cx="372" cy="150" r="42" fill="${TERRACOTTA}"/>
<path d="M128 262 256 150 384 262 V378 a18 18 0 0 1 -18 18 H146 a18 18 0 0 1 -18 -18 Z" fill="none" stroke="${CREAM}" stroke-width="30" stroke-linejoin="round"/>
<path d="M226 396 V322 a30 30 0 0 1 60 0 V396" fill="none" stroke="${CREAM}" stroke-width="26" stroke-linejoin="round"/>
</g>`;
}

const gradient = `<defs><linearGradient id="modes" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${INTERIOR}"/><stop offset="1" stop-color="${LANDSCAPE}"/></linearGradient></defs>`;

/** The ordinary icon: a rounded tile, transparent at its corners. */
export function appIconSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${gradient}<rect width="512" height="512" rx="112" fill="url(#modes)"/><clipPath id="tile"><rect width="512" height="512" rx="112"/></clipPath><g clip-path="url(#tile)">${iconArt(1)}</g></svg>`;
}

/** The maskable icon: the tile fills the square, the picture inside the safe zone, for any shape the system cuts. */
export function maskableIconSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${gradient}<rect width="512" height="512" fill="url(#modes)"/>${iconArt(0.72)}</svg>`;
}

export interface AppIcon {
  fileName: string;
  size: number;
  purpose: 'any' | 'maskable';
  svg: () => string;
}

export const APP_ICONS: readonly AppIcon[] = [
  { fileName: 'icons/icon-192.png', size: 192, purpose: 'any', svg: appIconSvg },
  { fileName: 'icons/icon-512.png', size: 512, purpose: 'any', svg: appIconSvg },
  { fileName: 'icons/maskable-512.png', size: 512, purpose: 'maskable', svg: maskableIconSvg },
  // iOS draws its own rounded corners and fills transparency with black: the full-bleed tile
  { fileName: 'icons/apple-touch-icon.png', size: 180, purpose: 'maskable', svg: maskableIconSvg },
];

/** A PNG of `svg` at `size` × `size` pixels. */
export function rasterise(svg: string, size: number): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: (72 * size) / 512 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** Emits the icons into the build (and serves them from the dev server), as APP_ICONS names them. */
export function appIcons(): Plugin {
  return {
    name: 'dwellscape:app-icons',
    async generateBundle() {
      for (const icon of APP_ICONS) {
        this.emitFile({ type: 'asset', fileName: icon.fileName, source: await rasterise(icon.svg(), icon.size) });
      }
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const icon = APP_ICONS.find((candidate) => request.url === `/${candidate.fileName}`);
        if (!icon) return next();
        rasterise(icon.svg(), icon.size).then(
          (png) => {
            response.setHeader('Content-Type', 'image/png');
            response.end(png);
          },
          (err: unknown) => next(err),
        );
      });
    },
  };
}
