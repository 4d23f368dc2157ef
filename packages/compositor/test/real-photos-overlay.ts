/**
 * Draws the hand labels over each real photo, to look at and correct them:
 * `npx tsx packages/compositor/test/real-photos-overlay.ts [name…]` writes bench/out/labels/NAME.png
 * (bench/out is git-ignored). Floor green, pieces red, walls blue, openings orange, yard ground
 * regions in their own colours, anchors purple, the horizon magenta, and the horizon's evidence
 * lines white, drawn long so where they meet shows. A faint grid every 5% helps read coordinates.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { REPO_ROOT, loadLabels, photoPath, type FractionPolygon, type LabelledPhoto } from './real-photos';

const OUT_DIR = path.resolve(REPO_ROOT, 'bench/out/labels');
const MAX_WIDTH = 1000;

const GROUND_COLOURS = { lawn: '#7fff00', patio: '#ff69b4', path: '#ffd700', beds: '#8b4513' } as const;
const FACING_COLOURS = { back: '#1e90ff', left: '#00ced1', right: '#4169e1' } as const;

const escapeXml = (text: string) => text.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);

function polygonSvg(polygon: FractionPolygon, w: number, h: number, style: string): string {
  const points = polygon.map(([x, y]) => `${(x * w).toFixed(1)},${(y * h).toFixed(1)}`).join(' ');
  return `<polygon points="${points}" ${style}/>`;
}

function labelSvg(polygon: FractionPolygon, w: number, h: number, text: string, colour: string): string {
  const cx = (polygon.reduce((s, [x]) => s + x, 0) / polygon.length) * w;
  const cy = (polygon.reduce((s, [, y]) => s + y, 0) / polygon.length) * h;
  return (
    `<text x="${cx.toFixed(1)}" y="${cy.toFixed(1)}" font-size="14" font-family="sans-serif" fill="${colour}" ` +
    `stroke="black" stroke-width="0.6" text-anchor="middle">${escapeXml(text)}</text>`
  );
}

export function overlaySvg(photo: LabelledPhoto, w: number, h: number): string {
  const parts: string[] = [];
  for (let i = 1; i < 20; i++) {
    const major = i % 2 === 0;
    const style = `stroke="${major ? '#ffff00' : '#00ffff'}" stroke-width="${major ? 0.8 : 0.4}" opacity="0.45"`;
    parts.push(`<line x1="${(w * i) / 20}" y1="0" x2="${(w * i) / 20}" y2="${h}" ${style}/>`);
    parts.push(`<line x1="0" y1="${(h * i) / 20}" x2="${w}" y2="${(h * i) / 20}" ${style}/>`);
    if (major) {
      parts.push(`<text x="${(w * i) / 20 + 2}" y="11" font-size="11" fill="#ff4040">${i * 5}</text>`);
      parts.push(`<text x="2" y="${(h * i) / 20 - 2}" font-size="11" fill="#ff4040">${i * 5}</text>`);
    }
  }
  for (const polygon of photo.floor)
    parts.push(polygonSvg(polygon, w, h, 'fill="#00ff00" fill-opacity="0.22" stroke="#00ff00" stroke-width="2"'));
  for (const region of photo.ground ?? []) {
    const colour = GROUND_COLOURS[region.kind];
    parts.push(
      polygonSvg(region.polygon, w, h, `fill="${colour}" fill-opacity="0.2" stroke="${colour}" stroke-width="1.5"`),
    );
    parts.push(labelSvg(region.polygon, w, h, region.kind, colour));
  }
  for (const wall of photo.walls) {
    const colour = FACING_COLOURS[wall.facing];
    parts.push(
      polygonSvg(wall.polygon, w, h, `fill="${colour}" fill-opacity="0.12" stroke="${colour}" stroke-width="2"`),
    );
    parts.push(labelSvg(wall.polygon, w, h, `wall ${wall.facing}`, colour));
  }
  for (const anchor of photo.anchors ?? []) {
    parts.push(
      polygonSvg(anchor.polygon, w, h, 'fill="none" stroke="#b05cff" stroke-width="2" stroke-dasharray="6 4"'),
    );
    parts.push(labelSvg(anchor.polygon, w, h, anchor.kind, '#d9b3ff'));
  }
  for (const opening of photo.openings) {
    parts.push(
      polygonSvg(opening.polygon, w, h, 'fill="#ff8c00" fill-opacity="0.2" stroke="#ff8c00" stroke-width="2"'),
    );
    parts.push(labelSvg(opening.polygon, w, h, opening.kind, '#ffb060'));
  }
  for (const piece of photo.pieces) {
    parts.push(polygonSvg(piece.polygon, w, h, 'fill="#ff0000" fill-opacity="0.15" stroke="#ff2020" stroke-width="2"'));
    parts.push(labelSvg(piece.polygon, w, h, piece.kind, '#ff8080'));
  }
  for (const [[x1, y1], [x2, y2]] of photo.horizonLines ?? []) {
    // drawn four times as long each way, so where the lines meet can be seen
    const dx = x2 - x1;
    const dy = y2 - y1;
    const from = [(x1 - 4 * dx) * w, (y1 - 4 * dy) * h];
    const to = [(x2 + 4 * dx) * w, (y2 + 4 * dy) * h];
    parts.push(
      `<line x1="${from[0]}" y1="${from[1]}" x2="${to[0]}" y2="${to[1]}" stroke="white" stroke-width="1" opacity="0.8"/>`,
    );
    parts.push(`<line x1="${x1 * w}" y1="${y1 * h}" x2="${x2 * w}" y2="${y2 * h}" stroke="white" stroke-width="3"/>`);
  }
  const horizonRow = photo.horizon * h;
  if (horizonRow >= 0 && horizonRow <= h)
    parts.push(`<line x1="0" y1="${horizonRow}" x2="${w}" y2="${horizonRow}" stroke="#ff00ff" stroke-width="2.5"/>`);
  parts.push(
    `<text x="${w - 8}" y="${Math.min(Math.max(horizonRow - 4, 14), h - 4)}" font-size="14" fill="#ff00ff" ` +
      `stroke="black" stroke-width="0.5" text-anchor="end">horizon ${photo.horizon}</text>`,
  );
  return `<svg width="${w}" height="${h}" xmlns="http://www.w3.org/2000/svg">${parts.join('')}</svg>`;
}

async function drawOverlay(photo: LabelledPhoto): Promise<string> {
  const w = Math.min(MAX_WIDTH, photo.width);
  const h = Math.round((photo.height * w) / photo.width);
  const out = path.join(OUT_DIR, `${photo.file.replace(/\.\w+$/, '')}.png`);
  await sharp(photoPath(photo))
    .resize(w, h, { fit: 'fill' })
    .composite([{ input: Buffer.from(overlaySvg(photo, w, h)) }])
    .png()
    .toFile(out);
  return out;
}

const wanted = process.argv.slice(2);
mkdirSync(OUT_DIR, { recursive: true });
for (const photo of loadLabels().photos) {
  if (wanted.length > 0 && !wanted.some((name) => photo.file.startsWith(name))) continue;
  console.log(await drawOverlay(photo));
}
