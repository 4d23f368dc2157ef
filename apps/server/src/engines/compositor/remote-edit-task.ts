import {
  allowedRegionsOf,
  editMaskPng,
  measureFidelity,
  pasteOriginalOutside,
  regionsOfPlacements,
  renderLocalDesign,
  scaleBoxes,
  UnreadableSpaceImageError,
  type Box,
  type FidelityReceipt,
  type LocalDesignInput,
} from '@dwellscape/compositor';
import sharp from 'sharp';

/** Where a remote edit may paint, worked out from the local engine's layout of the same products. */
export interface RemoteEditPlan {
  /** The frame everything below is measured in: the photo's middle at the local render's size. */
  width: number;
  height: number;
  /** Each product's box (and cord), by its index; null for one the layout left out. */
  productRegions: (Box | null)[];
  /** The boxes grown for shadows: the only places the edit may change. */
  allowedRegions: Box[];
  /** The photo to send, framed as above and at most `uploadSize` on its longer side (PNG). */
  spacePng: Uint8Array;
  /** OpenAI's `mask` for it: transparent in the placements' footprints, else the allowed regions (PNG, same size). */
  maskPng: Uint8Array;
  /** Where each placed product stands, in words ('the sofa against the back wall, left of the window'): the prompt's. */
  where: string[];
  /** The share of the photo's furniture and openings the planned products hide: the receipt counts it as not kept. */
  hidden?: number;
}

export type RemoteEditPlanOutcome =
  { ok: true; plan: RemoteEditPlan } | { ok: false; reason: 'unreadable-space-image' };

export interface PlanRemoteEditInput {
  layout: LocalDesignInput;
  uploadSize: number;
}

/**
 * Plans a remote edit: lays the products out as the local engine would (its render is thrown away; the boxes are
 * what counts), then frames the photo and draws the mask the edit is sent with.
 */
export async function planRemoteEdit({ layout, uploadSize }: PlanRemoteEditInput): Promise<RemoteEditPlanOutcome> {
  let design;
  try {
    design = await renderLocalDesign(layout);
  } catch (err) {
    if (err instanceof UnreadableSpaceImageError) return { ok: false, reason: 'unreadable-space-image' };
    throw err;
  }
  const { width, height, placements } = design;
  const boxes = regionsOfPlacements(placements);
  const productRegions: (Box | null)[] = layout.products.map(() => null);
  placements.forEach((placement, n) => (productRegions[placement.index] = boxes[n]!));
  const allowedRegions = allowedRegionsOf(boxes, width, height);

  const scale = Math.min(1, uploadSize / Math.max(width, height));
  const uploadWidth = Math.round(width * scale);
  const uploadHeight = Math.round(height * scale);
  const spacePng = await sharp(layout.spaceImage, {
    failOn: 'none',
    autoOrient: true,
    limitInputPixels: layout.maxInputPixels,
  })
    .resize(uploadWidth, uploadHeight, { fit: 'cover' })
    .png({ compressionLevel: 6 })
    .toBuffer();
  // on an uploaded photo's geometry the mask is where each product really goes: its box and the floor it stands on
  const footprints = design.geometry
    ? placements.flatMap((p) => {
        const own = (p as { footprint?: Array<readonly [number, number]> }).footprint;
        const box = [
          [p.x, p.y],
          [p.x + p.width, p.y],
          [p.x + p.width, p.y + p.height],
          [p.x, p.y + p.height],
        ] as const;
        const outlines: Array<ReadonlyArray<readonly [number, number]>> =
          p.pose === 'flat' && own ? [own] : own ? [box, own] : [box];
        // the room's piece it takes the place of goes too: the edit paints the new one where the old one stood
        if (p.replaces) outlines.push(p.replaces.polygon);
        return outlines.map((outline) => outline.map(([x, y]) => [x * scale, y * scale] as const));
      })
    : undefined;
  const maskPng = await editMaskPng(
    uploadWidth,
    uploadHeight,
    allowedRegionsOf(scaleBoxes(boxes, scale), uploadWidth, uploadHeight),
    footprints,
  );
  const where = design.geometry?.where.map((w) => w.words).filter(Boolean) ?? [];
  return {
    ok: true,
    plan: {
      width,
      height,
      productRegions,
      allowedRegions,
      spacePng,
      maskPng,
      where,
      ...(design.geometry ? { hidden: design.geometry.hidden } : {}),
    },
  };
}

export interface FinishRemoteEditInput {
  spaceImage: Uint8Array;
  /** What the remote engine answered, encoded. */
  edited: Uint8Array;
  plan: Pick<RemoteEditPlan, 'width' | 'height' | 'productRegions' | 'allowedRegions' | 'hidden'>;
  /** The product pictures sent, by index: each is looked for in its region. */
  productImages: Uint8Array[];
  /** The result is at most this wide, and never wider than the answer (enlarging adds bytes, not detail). */
  maxWidth: number;
  maxInputPixels: number;
}

export type FinishRemoteEditOutcome =
  | { ok: true; bytes: Uint8Array; width: number; height: number; receipt: FidelityReceipt }
  | { ok: false; reason: 'unreadable-answer' };

const WEBP_OPTIONS = { quality: 86 } as const;

/**
 * Finishes a remote edit: the photo's own pixels go back outside the allowed regions (models ignore masks), the
 * result is stored as WebP in the photo's frame, and its receipt is measured.
 */
export async function finishRemoteEdit(input: FinishRemoteEditInput): Promise<FinishRemoteEditOutcome> {
  const { plan } = input;
  let answerWidth: number;
  try {
    const meta = await sharp(input.edited, { failOn: 'error', limitInputPixels: input.maxInputPixels }).metadata();
    answerWidth = meta.autoOrient?.width ?? meta.width ?? 0;
    if (!answerWidth) return { ok: false, reason: 'unreadable-answer' };
  } catch {
    return { ok: false, reason: 'unreadable-answer' };
  }
  const width = Math.min(input.maxWidth, answerWidth);
  const height = Math.max(1, Math.round((plan.height * width) / plan.width));
  const factor = width / plan.width;
  const allowedRegions = scaleBoxes(plan.allowedRegions, factor);
  let pasted;
  try {
    pasted = await pasteOriginalOutside({
      original: input.spaceImage,
      edited: input.edited,
      width,
      height,
      allowedRegions,
      maxInputPixels: input.maxInputPixels,
    });
  } catch {
    return { ok: false, reason: 'unreadable-answer' };
  }
  const bytes = await sharp(pasted.data, { raw: { width, height, channels: 3 } })
    .webp(WEBP_OPTIONS)
    .toBuffer();
  const receipt = await measureFidelity({
    before: input.spaceImage,
    after: bytes,
    productRegions: allowedRegions,
    products: {
      method: 'matched',
      cutOuts: input.productImages,
      regions: plan.productRegions.map((box) => (box ? scaleBoxes([box], factor)[0]! : null)),
    },
    maxInputPixels: input.maxInputPixels,
    ...(plan.hidden !== undefined ? { hidden: plan.hidden } : {}),
  });
  return { ok: true, bytes, width, height, receipt };
}
