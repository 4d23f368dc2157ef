import sharp from 'sharp';
import { UPLOAD_MAX_PIXELS, messages } from '@dwellscape/shared';
import { AppError } from '../errors';

export type ImageType = 'jpeg' | 'png' | 'webp';

/** Longest side of a stored upload: plenty for a phone screen, small enough to render fast. */
export const NORMALISED_MAX_SIDE = 2048;
export const WEBP_QUALITY = 85;

/**
 * The image type judged by the file's first bytes, never by its name or declared type:
 * JPEG (FF D8 FF), PNG (89 50 4E 47 0D 0A 1A 0A) or WebP (RIFF····WEBP). Anything else is null.
 */
export function sniffImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return 'webp';
  }
  return null;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface ImageHeader {
  type: ImageType;
  width: number;
  height: number;
}

/**
 * Reads type and dimensions from the header only (sharp's metadata() decodes no pixels),
 * so a pixel bomb is refused before any memory is spent on it.
 */
export async function probeImage(bytes: Buffer, maxPixels = UPLOAD_MAX_PIXELS): Promise<ImageHeader> {
  const type = sniffImageType(bytes);
  if (!type) throw new AppError('unsupported_media', messages.upload.unsupportedType);
  let width: number;
  let height: number;
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (meta.format !== type) {
      throw new Error(`decoder saw ${meta.format}, bytes say ${type}`);
    }
    width = meta.width;
    height = meta.height;
  } catch {
    throw new AppError('bad_input', messages.upload.unreadable);
  }
  if (!(width > 0 && height > 0)) throw new AppError('bad_input', messages.upload.unreadable);
  if (width * height > maxPixels) throw new AppError('too_large', messages.upload.tooManyPixels);
  return { type, width, height };
}

export interface NormalisedImage {
  bytes: Buffer;
  width: number;
  height: number;
}

/**
 * Decodes, turns upright by its EXIF orientation, fits within 2048×2048 (never enlarged)
 * and re-encodes as WebP. sharp writes no input metadata unless asked, so EXIF (GPS included),
 * XMP and ICC comments of the original do not survive.
 */
export async function normaliseImage(bytes: Buffer, maxPixels = UPLOAD_MAX_PIXELS): Promise<NormalisedImage> {
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' })
      .rotate()
      .resize({ width: NORMALISED_MAX_SIDE, height: NORMALISED_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    throw new AppError('bad_input', messages.upload.unreadable);
  }
}

/** The whole upload rule set: sniffed type, header-checked pixel count, then a clean re-encode. */
export async function acceptUploadedImage(bytes: Buffer): Promise<NormalisedImage> {
  await probeImage(bytes);
  return normaliseImage(bytes);
}
