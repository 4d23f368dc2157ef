/** The encodings the compression plugin (plugins/compression.ts) answers in. */
export type BodyEncoding = 'br' | 'gzip';

/**
 * Bodies sent again and again as the same Buffer (a cached feed page's variants), with their compressed forms.
 * Below the plugin so that the feed cache can mark its pages without importing HTTP wiring (decision 0051).
 */
export const reusableBodies = new WeakMap<Buffer, Partial<Record<BodyEncoding, Buffer>>>();

/**
 * Marks a JSON body that will be sent again as this very Buffer: its compressed forms are made once, the first time
 * a client asks for each, and kept for as long as the Buffer lives (the caller keeps it; nothing here holds it).
 */
export function reusableBody(bytes: Buffer): Buffer {
  if (!reusableBodies.has(bytes)) reusableBodies.set(bytes, {});
  return bytes;
}
