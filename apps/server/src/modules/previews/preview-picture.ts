import { createHash } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import type { FileStorage } from '../../storage/file-storage';
import type { PreviewFacts } from './previews.repository';

export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;

/** Fonts fontconfig finds on the host (librsvg draws the overlay through it): no web font is fetched. */
const FONT_FAMILY = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";
const TITLE_SIZE = 60;
/** About how many title characters fit a line at TITLE_SIZE in the width left beside the margins. */
const TITLE_LINE_CHARS = 30;
const BACKGROUND = '#0c3b36';

/** The preview's words: a change to any of them is a new picture, under a new key. */
export const previewVersion = (facts: PreviewFacts): string =>
  createHash('sha256')
    .update(JSON.stringify([facts.title, facts.authorName, facts.afterImageUrl, facts.productCount]))
    .digest('base64url')
    .slice(0, 12);

export const previewKeyOf = (facts: PreviewFacts): string => `previews/${facts.id}-${previewVersion(facts)}.png`;

export const productCountText = (count: number) => `${count} ${count === 1 ? 'product' : 'products'}`;

/** og:description and the picture's second line: who made it and how many products it holds. */
export const previewByline = (facts: PreviewFacts) =>
  `by ${facts.authorName} · ${productCountText(facts.productCount)}`;

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** The title in at most two lines, broken between words, the second cut with an ellipsis when it runs over. */
export function titleLines(title: string, perLine = TITLE_LINE_CHARS): string[] {
  const words = title.trim().split(/\s+/);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= perLine || !line) {
      line = next;
      continue;
    }
    lines.push(line);
    line = word;
  }
  if (line) lines.push(line);
  const cut = (text: string) => (text.length > perLine ? `${text.slice(0, perLine - 1).trimEnd()}…` : text);
  // greedy breaking: a third line means the joined rest is longer than a line, so it is cut
  return lines.length <= 2 ? lines.map(cut) : [cut(lines[0]!), cut(lines.slice(1).join(' '))];
}

function overlaySvg(facts: PreviewFacts): Buffer {
  const lines = titleLines(facts.title);
  const bylineY = PREVIEW_HEIGHT - 56;
  const firstTitleY = bylineY - 64 - (lines.length - 1) * (TITLE_SIZE + 10);
  const title = lines
    .map(
      (line, i) =>
        `<text x="64" y="${firstTitleY + i * (TITLE_SIZE + 10)}" font-size="${TITLE_SIZE}" font-weight="bold">${escapeXml(line)}</text>`,
    )
    .join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}">
      <defs><linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.78"/>
      </linearGradient></defs>
      <rect x="0" y="${PREVIEW_HEIGHT * 0.35}" width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT * 0.65}" fill="url(#shade)"/>
      <rect x="48" y="40" width="232" height="52" rx="26" fill="#0c3b36" fill-opacity="0.85"/>
      <g font-family="${FONT_FAMILY}" fill="#fff">
        <text x="164" y="75" font-size="28" font-weight="bold" text-anchor="middle">Dwellscape</text>
        ${title}
        <text x="64" y="${bylineY}" font-size="34" fill-opacity="0.92">${escapeXml(previewByline(facts))}</text>
      </g>
    </svg>`,
  );
}

/** The after picture filling the frame, or the brand colour when its file is not (or no longer) here. */
async function backgroundOf(storage: FileStorage, afterImageUrl: string): Promise<Sharp> {
  const key = storage.keyFromUrl(afterImageUrl);
  const bytes = key === null ? null : await storage.read(key);
  if (bytes !== null) {
    return sharp(bytes).resize(PREVIEW_WIDTH, PREVIEW_HEIGHT, { fit: 'cover', position: 'centre' });
  }
  return sharp({ create: { width: PREVIEW_WIDTH, height: PREVIEW_HEIGHT, channels: 3, background: BACKGROUND } });
}

/** Draws the 1200×630 link preview: the after picture, the title, the author and the product count. */
export async function drawPreviewPicture(storage: FileStorage, facts: PreviewFacts): Promise<Buffer> {
  const background = await backgroundOf(storage, facts.afterImageUrl);
  // flattened first: composite() on a resize would draw the overlay before the resize
  const base = await background.removeAlpha().png().toBuffer();
  return sharp(base)
    .composite([{ input: overlaySvg(facts), top: 0, left: 0 }])
    .png({ compressionLevel: 8 })
    .toBuffer();
}

/** The stored preview of these facts, drawn and kept on first request; its key. */
export async function ensurePreviewPicture(storage: FileStorage, facts: PreviewFacts): Promise<string> {
  const key = previewKeyOf(facts);
  if (!(await storage.exists(key))) await storage.put(key, await drawPreviewPicture(storage, facts));
  return key;
}

/** Deletes the preview drawn for these facts (an edit or a deletion makes it stale); best effort. */
export async function forgetPreviewPicture(storage: FileStorage, facts: PreviewFacts | null): Promise<void> {
  if (facts) await storage.delete(previewKeyOf(facts)).catch(() => undefined);
}
