/**
 * What /media/ may serve as an image, by the key's extension; SVG is left out because it can carry script.
 * Anything else stored (planted by hand or by a bug) is served as a download, never rendered as a page.
 */
const RASTER_CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
};

export const DOWNLOAD_CONTENT_TYPE = 'application/octet-stream';

/** The raster image type of a key by its extension, or null when it is not one /media/ shows inline. */
export function rasterContentTypeOf(key: string): string | null {
  const dot = key.lastIndexOf('.');
  if (dot < 0 || dot < key.lastIndexOf('/')) return null;
  return RASTER_CONTENT_TYPES[key.slice(dot).toLowerCase()] ?? null;
}
