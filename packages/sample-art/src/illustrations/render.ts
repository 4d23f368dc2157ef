import sharp from 'sharp';

export interface EncodedImage {
  bytes: Buffer;
  width: number;
  height: number;
}

// low effort keeps first-start seeding fast (smart subsampling alone would triple encode time)
const WEBP = { quality: 84, effort: 1 } as const;

/**
 * Rasterises an SVG once and encodes it at full size and, optionally, as a smaller thumbnail. `alpha` keeps what
 * the drawing leaves transparent (a product's cut-out view); WebP stores the alpha plane losslessly.
 */
export async function renderSvg(
  svg: string,
  thumb?: { width: number; height: number },
  alpha = false,
): Promise<{ full: EncodedImage; thumb?: EncodedImage }> {
  const drawn = sharp(Buffer.from(svg), { density: 72 });
  const raster = await (alpha ? drawn.ensureAlpha() : drawn.removeAlpha()).raw().toBuffer({ resolveWithObject: true });
  const { width, height, channels } = raster.info;
  const source = () => sharp(raster.data, { raw: { width, height, channels } });
  const full = await source().webp(WEBP).toBuffer();
  const result: { full: EncodedImage; thumb?: EncodedImage } = { full: { bytes: full, width, height } };
  if (thumb) {
    const bytes = await source()
      .resize(thumb.width, thumb.height, { fit: 'cover', kernel: 'lanczos3' })
      .webp(WEBP)
      .toBuffer();
    result.thumb = { bytes, width: thumb.width, height: thumb.height };
  }
  return result;
}
