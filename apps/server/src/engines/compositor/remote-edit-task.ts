import {
  allowedRegionsOf,
  editMaskPng,
  measureFidelity,
  pasteOriginalOutside,
  regionsOfPlacements,
  resampleMask,
  renderLocalDesign,
  scaleBoxes,
  UnreadableSpaceImageError,
  type Box,
  type FidelityReceipt,
  type LocalDesign,
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
  /**
   * What was erased before the products were placed (the person's erase, the room's pieces products replace), when
   * anything was (decision 0060): the photo sent is the erased one, the mask is open over the erased pixels too, and
   * the paste-back puts the erased photo back, not the original.
   */
  erased?: RemoteErase;
  /** What the erase removed, in words, for the prompt ("the room's sofa", '2 areas the person erased'). */
  removed?: string[];
}

export interface RemoteErase {
  /** The erased photo in this plan's frame (width × height), PNG. */
  scenePng: Uint8Array;
  /** The erased pixels (1), width × height. */
  mask: Uint8Array;
  /** How many separate regions: the receipt's 'pieces removed'. */
  regions: number;
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
    design = await renderLocalDesign({ ...layout, keepErasedScene: true });
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
  const { erasedScene, erased } = design;
  // an erased room is sent as erased: the model paints the products into the room the person wants, not the old one
  const raw = erasedScene ? { raw: { width, height, channels: 3 as const } } : null;
  const spacePng = await (
    erasedScene && raw
      ? sharp(erasedScene.data, raw)
      : sharp(layout.spaceImage, { failOn: 'none', autoOrient: true, limitInputPixels: layout.maxInputPixels })
  )
    .resize(uploadWidth, uploadHeight, { fit: 'cover' })
    .png({ compressionLevel: 6 })
    .toBuffer();
  const remoteErase: RemoteErase | undefined =
    erasedScene && raw && erased
      ? {
          scenePng: await sharp(erasedScene.data, raw).png({ compressionLevel: 1 }).toBuffer(),
          mask: erased.mask,
          regions: erased.regions,
        }
      : undefined;
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
    remoteErase ? { mask: remoteErase.mask, width, height } : undefined,
  );
  const where = design.geometry?.where.map((w) => w.words).filter(Boolean) ?? [];
  const removed = remoteErase ? removedWords(placements, layout.erase) : [];
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
      ...(remoteErase ? { erased: remoteErase } : {}),
      ...(removed.length > 0 ? { removed } : {}),
    },
  };
}

/**
 * What an erase removed, in words for the prompt: each room's piece a product takes the place of, by its kind, and
 * the person's own erase, by how many strokes and pieces it has.
 */
function removedWords(placements: LocalDesign['placements'], erase: LocalDesignInput['erase']): string[] {
  const words = placements.flatMap((p) => (p.replaces ? [`the room's ${p.replaces.kind ?? 'piece'}`] : []));
  const asked = erase ? erase.strokes.length + erase.pieces.length : 0;
  if (asked > 0) words.push(`${asked} ${asked === 1 ? 'area' : 'areas'} the person erased`);
  return words;
}

export interface FinishRemoteEditInput {
  spaceImage: Uint8Array;
  /** What the remote engine answered, encoded. */
  edited: Uint8Array;
  plan: Pick<RemoteEditPlan, 'width' | 'height' | 'productRegions' | 'allowedRegions' | 'hidden' | 'erased'>;
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
    // an erase stays erased outside where the edit may paint: the erased photo goes back, not the original; inside
    // the erased regions the model's pixels stay unless it painted the room's old pixels back there
    const keepsErase = plan.erased ? !(await paintedBack(input, plan.erased)) : false;
    pasted = await pasteOriginalOutside({
      original: plan.erased?.scenePng ?? input.spaceImage,
      edited: input.edited,
      width,
      height,
      allowedRegions,
      ...(plan.erased && keepsErase
        ? { open: { mask: plan.erased.mask, width: plan.width, height: plan.height } }
        : {}),
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
    // what was erased is not kept, and the receipt counts it ('2 pieces removed'), as the local engine's does
    ...(plan.erased
      ? { erased: { mask: plan.erased.mask, width: plan.width, height: plan.height, regions: plan.erased.regions } }
      : {}),
  });
  return { ok: true, bytes, width, height, receipt };
}

/** The put-back check compares the pictures this wide: a piece painted back is large, and the pass is cheap. */
const CHECK_WIDTH = 160;
/** Fewer erased pixels than this outside the products' regions at that size: nothing to judge by. */
const MIN_CHECK_PIXELS = 24;

/**
 * Whether the answer painted the erased pieces back: over the erased pixels outside the products' regions, it is
 * far nearer the original photo than the local fill it was sent (models ignore masks and may repaint what they
 * were told is gone). Then the fill is kept there instead of the answer.
 */
async function paintedBack(input: FinishRemoteEditInput, erased: RemoteErase): Promise<boolean> {
  const { plan } = input;
  const width = Math.min(CHECK_WIDTH, plan.width);
  const height = Math.max(1, Math.round((plan.height * width) / plan.width));
  const decode = (bytes: Uint8Array, fit: 'cover' | 'fill') =>
    sharp(bytes, { failOn: 'none', autoOrient: true, limitInputPixels: input.maxInputPixels })
      .resize(width, height, { fit })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer();
  const [answer, fill, photo] = await Promise.all([
    decode(input.edited, 'fill'),
    decode(erased.scenePng, 'fill'),
    decode(input.spaceImage, 'cover'),
  ]);
  const mask = resampleMask({ mask: erased.mask, width: plan.width, height: plan.height }, width, height);
  const k = width / plan.width;
  const inRegion = (x: number, y: number) =>
    plan.allowedRegions.some(
      (r) => x >= r.x * k && x < (r.x + r.width) * k && y >= r.y * k && y < (r.y + r.height) * k,
    );
  let n = 0;
  let toPhoto = 0;
  let toFill = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!mask[i] || inRegion(x, y)) continue;
      n++;
      for (let c = 0; c < 3; c++) {
        toPhoto += Math.abs(answer[i * 3 + c]! - photo[i * 3 + c]!);
        toFill += Math.abs(answer[i * 3 + c]! - fill[i * 3 + c]!);
      }
    }
  }
  if (n < MIN_CHECK_PIXELS) return false;
  // where the fill is the photo (a plain wall erased) there is nothing to tell apart
  return toFill / (n * 3) > 4 && toPhoto < toFill * 0.5;
}
