import { eraseMaskOf, maskShare, renderAspectOf } from '@dwellscape/compositor';
import sharp from 'sharp';
import type { z } from 'zod';
import { PRODUCT_VIEWS, SEED_PRODUCTS, seedKeys } from '@dwellscape/sample-art';
import { placementRoleOf } from '@dwellscape/compositor';
import {
  ERASE_SHARE_MAX,
  floorQuadProblem,
  generateDesignFieldsSchema,
  messages,
  reflowBox,
  sameQuad,
  type EraseInputBody,
  type FidelityReceipt,
  type FloorPlane,
  type FloorQuad,
  type RenderLayers,
  type GenerateDesignFields,
  type RecompositeDesignBody,
  type RenderPlacement,
  type RenderVariation,
  type generateFromPromptBodySchema,
  type improveCaptionBodySchema,
  type improveNotesBodySchema,
} from '@dwellscape/shared';
import type { AppDatabase } from '../../db/client';
import { AppError, badInput, invalidField, invalidIssues } from '../../errors';
import { EngineFailureError, EngineTimeoutError } from '../../engines/errors';
import { RENDER_WIDTH } from '../../engines/render-size';
import type {
  EngineImage,
  EngineLayers,
  EnginePlacement,
  Engines,
  GenerateDesignInput,
  GenerateFromPromptInput,
  RenderedImage,
} from '../../engines/types';
import { acceptUploadedImage } from '../../media/image-files';
import { findRenderReceipt, readStoredMedia, storeWebp, type MediaOwner } from '../../media/stored-media';
import type { FileStorage } from '../../storage/file-storage';
import { assertUsableMedia, type MediaClaim } from '../uploads/uploads.service';
import { findProductLabels } from './ai.repository';

export interface AiDeps {
  db: AppDatabase;
  storage: FileStorage;
  engines: Engines;
  /** Who asked: the render is stored as theirs, so that they (and only they) can publish it. */
  owner: MediaOwner;
}

/** What a render worker holds before it takes a job: each job brings its owner (`ownerOfJob`). */
export type AiEngineDeps = Omit<AiDeps, 'owner'>;

/** A render must finish before the server's own socket timeout closes the connection. */
export const RENDER_DEADLINE_MS = 115_000;
export const TEXT_DEADLINE_MS = 60_000;

export async function improveDesignNotes(engines: Engines, body: z.infer<typeof improveNotesBodySchema>) {
  const refinedNotes = await withDeadline(TEXT_DEADLINE_MS, textTimeoutMessage, (signal) =>
    engines.text.improveDesignNotes(body.notes, body.spaceType, signal),
  );
  return { refinedNotes };
}

export async function improveCaption(engines: Engines, body: z.infer<typeof improveCaptionBodySchema>) {
  const improvedCaption = await withDeadline(TEXT_DEADLINE_MS, textTimeoutMessage, (signal) =>
    engines.text.improveCaption(body.caption, body.spaceType, signal),
  );
  return { improvedCaption };
}

const textTimeoutMessage = 'The AI service did not answer in time. Please try again.';

/** The JSON-string fields of the multipart form; absent collections count as empty. */
const jsonFields = { selectedProducts: '[]', uploadedProductImages: '[]', userAnswers: '{}' } as const;
const plainFields = ['spaceType', 'mode', 'userNotes', 'refinedNotes', 'spaceImageUrl'] as const;

/** Turns the form's text fields into validated fields; a bad one is named in the 400. */
export function parseGenerateDesignFields(form: ReadonlyMap<string, string>): GenerateDesignFields {
  const raw: Record<string, unknown> = {};
  for (const [name, fallback] of Object.entries(jsonFields)) {
    const text = form.get(name)?.trim() || fallback;
    try {
      raw[name] = JSON.parse(text);
    } catch {
      throw invalidField(name, 'must be JSON');
    }
  }
  for (const name of plainFields) {
    const value = form.get(name);
    if (value !== undefined && !(name === 'spaceImageUrl' && value.trim() === '')) raw[name] = value;
  }
  if (raw.spaceType === undefined) raw.spaceType = '';
  const parsed = generateDesignFieldsSchema.safeParse(raw);
  if (!parsed.success) throw invalidIssues(parsed.error.issues, 'form');
  return parsed.data;
}

export interface GenerateDesignRequest {
  /** The uploaded space photo, when one was sent instead of `spaceImageUrl`. */
  spaceFile: Buffer | undefined;
  fields: GenerateDesignFields;
}

/** The chosen products' pictures and labels, catalogue products first, then uploaded pictures. */
async function loadProducts(
  deps: AiDeps,
  fields: Pick<GenerateDesignFields, 'selectedProducts' | 'uploadedProductImages'>,
): Promise<EngineImage[]> {
  const labels = await findProductLabels(
    deps.db,
    fields.selectedProducts.map((p) => p.id),
  );
  const products: EngineImage[] = [];
  for (const [i, product] of fields.selectedProducts.entries()) {
    const label = labels.get(product.id);
    const views = await productViewsOf(deps.storage, product.imageUrl);
    products.push({
      bytes: await readImageField(deps.storage, product.imageUrl, `selectedProducts.${i}.imageUrl`),
      name: product.name,
      ...(label ? { category: label.category, brandName: label.brandName } : {}),
      ...(views ? { views } : {}),
    });
  }
  for (const [i, image] of fields.uploadedProductImages.entries()) {
    products.push({
      bytes: await readImageField(deps.storage, image.url, `uploadedProductImages.${i}.url`),
      name: image.name,
      // the kind the person gave their own item: placed and replacing as a catalogue product of that category
      ...(image.category ? { category: image.category } : {}),
    });
  }
  return products;
}

const seedProductByKey = new Map(SEED_PRODUCTS.map((p) => [seedKeys.product(p.id), p.id]));

/**
 * A catalogue product's three pictures for the render (decision 0045), stored beside its catalogue picture; none
 * for any other picture, or when one of them is missing (the render then cuts the catalogue picture out).
 */
async function productViewsOf(storage: FileStorage, imageUrl: string): Promise<EngineImage['views']> {
  const key = storage.keyFromUrl(imageUrl);
  const id = key ? seedProductByKey.get(key) : undefined;
  if (!id) return undefined;
  const [front, left, right] = await Promise.all(
    PRODUCT_VIEWS.map((view) => readStoredMedia(storage, storage.urlFor(seedKeys.productView(id, view)))),
  );
  return front && left && right ? { front, left, right } : undefined;
}

/** The products of a render in the order the engine gets them: catalogue products, then uploaded pictures. */
function productIdsOf(fields: Pick<GenerateDesignFields, 'selectedProducts' | 'uploadedProductImages'>): string[] {
  return [...fields.selectedProducts.map((p) => p.id), ...fields.uploadedProductImages.map((p) => p.id)];
}

function placementsWithIds(placements: readonly EnginePlacement[], ids: readonly string[]): RenderPlacement[] {
  return placements.flatMap(({ index, box, replaced, pose, view }) => {
    const productId = ids[index];
    return productId
      ? [
          {
            productId,
            box,
            ...(replaced ? { replaced } : {}),
            ...(pose ? { pose } : {}),
            ...(view ? { view } : {}),
          },
        ]
      : [];
  });
}

const keyOfUrl = (deps: AiDeps, url: string) => deps.storage.keyFromUrl(url) ?? undefined;

/** The adjusted placements by product index, as the engine takes them; a 400 naming one that is not the render's. */
function recompositePlacementsOf(body: RecompositeDesignBody): EnginePlacement[] {
  const indexOf = new Map(productIdsOf(body).map((id, index) => [id, index]));
  const placements: EnginePlacement[] = [];
  const seen = new Set<string>();
  for (const [i, placement] of body.placements.entries()) {
    const index = indexOf.get(placement.productId);
    if (index === undefined) {
      throw invalidField(`placements.${i}.productId`, "not one of the render's products");
    }
    if (seen.has(placement.productId)) {
      throw invalidField(`placements.${i}.productId`, 'placed twice');
    }
    seen.add(placement.productId);
    placements.push({
      index,
      box: placement.box,
      ...(placement.replaced ? { replaced: placement.replaced } : {}),
      // the view the render drew it from (a variation's turn, or the wall's with its warp; the schema bounds it, and
      // reads an old saved turn as its view): drawn again the same way, as the live adjuster showed it
      ...(placement.view ? { view: placement.view } : {}),
    });
  }
  return placements;
}

const recompositeFieldsOf = (body: RecompositeDesignBody): GenerateDesignFields => ({
  selectedProducts: body.selectedProducts,
  uploadedProductImages: body.uploadedProductImages,
  userAnswers: body.userAnswers,
  spaceType: body.spaceType,
  mode: body.mode,
  spaceImageUrl: body.spaceImageUrl,
  ...(body.userNotes !== undefined ? { userNotes: body.userNotes } : {}),
  ...(body.refinedNotes !== undefined ? { refinedNotes: body.refinedNotes } : {}),
});

/**
 * Checks a re-composite before it becomes a render job: its placements must be the render's products, once each,
 * and its pictures the asker's or sample pictures, stored here. A 400 naming the field otherwise.
 */
export async function prepareRecomposite(deps: AiDeps, body: RecompositeDesignBody): Promise<void> {
  recompositePlacementsOf(body);
  await assertOwnRenderInputs(deps, designPictures(recompositeFieldsOf(body), body.spaceImageUrl));
  if (body.drawnFrom) {
    await assertUsableMedia(deps.db, deps.storage, deps.owner, [
      { field: 'drawnFrom', url: body.drawnFrom, kinds: ['render'], kindMessage: 'must be a picture you rendered' },
    ]);
  }
  const input = await loadRecompositeInput(deps, body);
  if (body.erase) await assertErasable(body.erase, input.spaceImage);
}

/** An erase is checked on a copy of the picture this wide: its share of the picture needs no more. */
const ERASE_CHECK_WIDTH = 256;

/**
 * A 400 for an erase that would leave too little of the photo to fill it from (decision 0047): its share is measured
 * in the render's shape, which the photo's fixes (trimmed as a render trims it).
 */
async function assertErasable(erase: EraseInputBody, spaceImage: Buffer): Promise<void> {
  if (erase.strokes.length === 0 && erase.pieces.length === 0) return;
  const meta = await sharp(spaceImage, { failOn: 'none', autoOrient: true }).metadata();
  const width = meta.autoOrient?.width ?? meta.width ?? 1;
  const height = meta.autoOrient?.height ?? meta.height ?? 1;
  const aspect = renderAspectOf(width, height);
  const share = maskShare(eraseMaskOf(erase, ERASE_CHECK_WIDTH, Math.max(1, Math.round(ERASE_CHECK_WIDTH / aspect))));
  if (share > ERASE_SHARE_MAX) {
    throw invalidField(
      'erase',
      `covers ${Math.round(share * 100)}% of the picture; at most ${Math.round(ERASE_SHARE_MAX * 100)}% can be erased`,
    );
  }
}

/**
 * The engine's input for drawing the design again with the placements a person adjusted: each product listed is
 * drawn in its box, a product not listed is left out, and the room's pieces the render replaced stay replaced.
 * Deterministic: the same body gives the same picture.
 */
export async function loadRecompositeInput(
  deps: AiDeps,
  body: RecompositeDesignBody,
): Promise<Omit<GenerateDesignInput, 'seed'>> {
  const placements = recompositePlacementsOf(body);
  const floor = floorOf(body);
  const spaceImage = await readImageField(deps.storage, body.spaceImageUrl, 'spaceImageUrl');
  const fields = recompositeFieldsOf(body);
  const products = await loadProducts(deps, fields);
  const renderedLayout = body.drawnFrom ? await renderedLayoutOf(deps, body.drawnFrom) : undefined;
  return {
    spaceImage,
    spaceImageKey: keyOfUrl(deps, body.spaceImageUrl),
    products,
    fields,
    ...(renderedLayout ? { renderedLayout } : {}),
    placements: floor ? reflowPlacements(placements, products, floor.from, floor.to) : placements,
    ...(floor ? { plane: floor.to, floorSetByYou: true } : body.plane ? { plane: body.plane.corners } : {}),
    ...(floor && body.leftOut && body.leftOut.length > 0 ? { placeOnFloor: leftOutIndexesOf(body) } : {}),
    ...(body.erase && (body.erase.strokes.length > 0 || body.erase.pieces.length > 0) ? { erase: body.erase } : {}),
    ...(body.removed && body.removed.length > 0 ? { removed: removedIndexesOf(body) } : {}),
    ...(body.placedByYou && body.placedByYou.length > 0
      ? { placedByYou: placedByYouOf(body, renderSizeOf(await photoSizeOf(spaceImage))).length }
      : {}),
  };
}

/** A photo's size as it stands (its orientation applied). */
async function photoSizeOf(image: Buffer): Promise<{ width: number; height: number }> {
  const meta = await sharp(image, { failOn: 'none', autoOrient: true }).metadata();
  return { width: meta.autoOrient?.width ?? meta.width ?? 1, height: meta.autoOrient?.height ?? meta.height ?? 1 };
}

/** The size of the render of a photo this size: its width, and the height its trimmed aspect gives (loadScene). */
function renderSizeOf(photo: { width: number; height: number }): { width: number; height: number } {
  return { width: RENDER_WIDTH, height: Math.round(RENDER_WIDTH / renderAspectOf(photo.width, photo.height)) };
}

/**
 * The products the person placed by hand (decision 0052's dead end): each one of the placements, once, its box
 * inside the picture (the render's size). A 400 naming the one that is not.
 */
function placedByYouOf(body: RecompositeDesignBody, size: { width: number; height: number }): string[] {
  const seen = new Set<string>();
  return (body.placedByYou ?? []).map((id, i) => {
    const at = body.placements.findIndex((p) => p.productId === id);
    if (at < 0) throw invalidField(`placedByYou.${i}`, 'is not among the placements');
    if (seen.has(id)) throw invalidField(`placedByYou.${i}`, 'listed twice');
    seen.add(id);
    const { x, y, width, height } = body.placements[at]!.box;
    if (x + width > size.width || y + height > size.height) {
      throw invalidField(
        `placements.${at}.box`,
        `lies outside the picture (${size.width} × ${size.height} pixels): place it inside`,
      );
    }
    return id;
  });
}

/**
 * What the render a person adjusted found of the photo, from the server's own receipt of it: its layout, or, for a
 * picture itself drawn again, the layout it kept.
 */
async function renderedLayoutOf(deps: AiDeps, url: string): Promise<FidelityReceipt['renderedLayout']> {
  const receipt = await findRenderReceipt(deps.db, deps.storage, url);
  if (!receipt) return undefined;
  return receipt.layout === 'adjusted' ? receipt.renderedLayout : receipt.layout;
}

/**
 * The products the person removed, by index: each one of the render's, once, neither placed nor to be placed on the
 * floor they set. A 400 naming the one that is not.
 */
function removedIndexesOf(body: RecompositeDesignBody): number[] {
  const indexOf = new Map(productIdsOf(body).map((id, index) => [id, index]));
  const placed = new Set(body.placements.map((p) => p.productId));
  const toPlace = new Set(body.leftOut ?? []);
  const seen = new Set<string>();
  return (body.removed ?? []).map((id, i) => {
    const index = indexOf.get(id);
    if (index === undefined) throw invalidField(`removed.${i}`, "not one of the render's products");
    if (placed.has(id)) throw invalidField(`removed.${i}`, 'is placed');
    if (toPlace.has(id)) throw invalidField(`removed.${i}`, 'is also in leftOut');
    if (seen.has(id)) throw invalidField(`removed.${i}`, 'listed twice');
    seen.add(id);
    return index;
  });
}

/**
 * The products the render left out, by index, to place on the floor the person set: each one of the render's, once,
 * and not among the placements. A 400 naming the one that is not.
 */
function leftOutIndexesOf(body: RecompositeDesignBody): number[] {
  const indexOf = new Map(productIdsOf(body).map((id, index) => [id, index]));
  const placed = new Set(body.placements.map((p) => p.productId));
  const seen = new Set<string>();
  return (body.leftOut ?? []).map((id, i) => {
    const index = indexOf.get(id);
    if (index === undefined) throw invalidField(`leftOut.${i}`, "not one of the render's products");
    if (placed.has(id)) throw invalidField(`leftOut.${i}`, 'is placed already');
    if (seen.has(id)) throw invalidField(`leftOut.${i}`, 'listed twice');
    seen.add(id);
    return index;
  });
}

/**
 * The floor a person set, checked: it needs the plane the placements stand on, and both must be floors seen in
 * perspective (floorQuadProblem). A 400 naming the field otherwise; none when no floor was set.
 */
function floorOf(body: RecompositeDesignBody): { from: FloorPlane['corners']; to: FloorPlane['corners'] } | null {
  if (body.plane) {
    const problem = floorQuadProblem(body.plane.corners);
    if (problem) throw invalidField('plane.corners', problem);
  }
  if (!body.floor) {
    if (body.leftOut && body.leftOut.length > 0) {
      throw invalidField('floor', 'is required with leftOut: the floor to place them on');
    }
    return null;
  }
  if (!body.plane) throw invalidField('plane', 'is required with floor: the plane the placements stand on');
  const problem = floorQuadProblem(body.floor.corners);
  if (problem) throw invalidField('floor.corners', problem);
  return { from: body.plane.corners, to: body.floor.corners };
}

/**
 * The products that stand or lie on the floor moved onto the floor the person set, each keeping its place on it and
 * sized by the new perspective (floor-plane.ts: the web shows the same while the corners are dragged); what hangs
 * stays where it is. The same floor as before moves nothing.
 */
function reflowPlacements(
  placements: EnginePlacement[],
  products: readonly EngineImage[],
  from: FloorQuad,
  to: FloorQuad,
): EnginePlacement[] {
  if (sameQuad(from, to)) return placements;
  return placements.map((placement) => {
    const product = products[placement.index];
    const role = placementRoleOf(product?.category, product?.name);
    if (role === 'wall' || role === 'overhead') return placement;
    const moved = reflowBox(from, to, placement.box);
    const width = Math.max(1, Math.round(moved.width));
    const height = Math.max(1, Math.round(moved.height));
    return {
      ...placement,
      box: { x: Math.max(0, Math.round(moved.x)), y: Math.max(0, Math.round(moved.y)), width, height },
    };
  });
}

/**
 * Checks the create flow's form before it becomes a render job: a sent photo is accepted and stored (a job keeps URLs,
 * not bytes), and every image it names must be stored here. Returns the fields with the space photo's URL set.
 */
export async function prepareDesignRender(deps: AiDeps, request: GenerateDesignRequest): Promise<GenerateDesignFields> {
  const { fields } = request;
  let spaceImageUrl = fields.spaceImageUrl;
  if (request.spaceFile) {
    const accepted = await acceptUploadedImage(request.spaceFile);
    spaceImageUrl = (
      await storeWebp(deps.db, deps.storage, {
        kind: 'upload',
        owner: deps.owner,
        bytes: accepted.bytes,
        width: accepted.width,
        height: accepted.height,
      })
    ).url;
  }
  if (!spaceImageUrl) throw badInput(messages.create.noSpace, [{ field: 'image', message: 'is required' }]);
  const prepared = { ...fields, spaceImageUrl };
  await assertOwnRenderInputs(deps, designPictures(prepared, spaceImageUrl));
  // the same reads the render makes, now, so a bad URL is a 400 naming its field rather than a failed job
  await loadDesignInput(deps, prepared);
  return prepared;
}

/** Reads every picture the form names: the engine's input. */
export async function loadDesignInput(
  deps: AiDeps,
  fields: GenerateDesignFields,
): Promise<Omit<GenerateDesignInput, 'seed'>> {
  if (!fields.spaceImageUrl) throw badInput(messages.create.noSpace, [{ field: 'image', message: 'is required' }]);
  const spaceImage = await readImageField(deps.storage, fields.spaceImageUrl, 'spaceImageUrl');
  const products = await loadProducts(deps, fields);
  return { spaceImage, spaceImageKey: keyOfUrl(deps, fields.spaceImageUrl), products, fields };
}

export type PromptRenderBody = z.infer<typeof generateFromPromptBodySchema>;

/** Reads the see-in-space body's pictures: the engine's input. */
export async function loadPromptInput(
  deps: AiDeps,
  body: PromptRenderBody,
): Promise<Omit<GenerateFromPromptInput, 'seed'>> {
  const spaceImage = await readImageField(deps.storage, body.spaceImage, 'spaceImage');
  const additionalPhotos: Buffer[] = [];
  for (const [i, url] of body.additionalPhotos.entries()) {
    additionalPhotos.push(await readImageField(deps.storage, url, `additionalPhotos.${i}`));
  }
  return { prompt: body.prompt, spaceImage, additionalPhotos };
}

/** One variation of the create flow's render, stored: its URL beside what the engine told of it. */
export async function renderDesignVariation(
  deps: AiDeps,
  input: Omit<GenerateDesignInput, 'seed'>,
  seed: number,
): Promise<RenderVariation> {
  const rendered = await withDeadline(RENDER_DEADLINE_MS, messages.create.renderTimeout, (signal) =>
    deps.engines.image.generateDesign({ ...input, seed }, signal),
  );
  const { placements, layers } = rendered;
  const variation = await storeVariation(deps, rendered);
  const ids = productIdsOf(input.fields);
  // by product id, as generate-design-image answers them and the placement adjuster sends them back
  return {
    ...variation,
    ...(placements ? { placements: placementsWithIds(placements, ids) } : {}),
    ...(layers ? { layers: await storeLayers(deps, layers, ids) } : {}),
  };
}

/** The live adjuster's pictures stored as the render's owner's, each product's by its id. */
async function storeLayers(deps: AiDeps, layers: EngineLayers, ids: readonly string[]): Promise<RenderLayers> {
  const store = async (bytes: Buffer) => {
    const meta = await sharp(bytes).metadata();
    const stored = await storeWebp(deps.db, deps.storage, {
      kind: 'render',
      owner: deps.owner,
      bytes,
      width: meta.width ?? 0,
      height: meta.height ?? 0,
    });
    return stored.url;
  };
  const products: RenderLayers['products'] = [];
  for (const { index, bytes, x, y, width, height } of layers.products) {
    const productId = ids[index];
    if (productId) products.push({ productId, url: await store(bytes), x, y, width, height });
  }
  return { base: await store(layers.base), products };
}

/** One variation of a see-in-space render, stored. */
export async function renderPromptVariation(
  deps: AiDeps,
  input: Omit<GenerateFromPromptInput, 'seed'>,
  seed: number,
): Promise<RenderVariation> {
  const rendered = await withDeadline(RENDER_DEADLINE_MS, messages.create.renderTimeout, (signal) =>
    deps.engines.image.generateFromPrompt({ ...input, seed }, signal),
  );
  return storeVariation(deps, rendered);
}

async function storeVariation(deps: AiDeps, rendered: RenderedImage): Promise<RenderVariation> {
  // the bytes become the stored file and the receipt is carried; placements by index mean nothing outside the
  // request (the create flow's variations carry them by product id)
  const {
    bytes: _bytes,
    contentType: _contentType,
    placements: _placements,
    layers: _layers,
    plane,
    ...about
  } = rendered;
  if (plane) return { ...about, plane: { corners: plane }, imageUrl: await storeRender(deps, rendered) };
  return { ...about, imageUrl: await storeRender(deps, rendered) };
}

/** A picture a render request names, and the field a refusal names. */
interface RenderPicture {
  field: string;
  url: string;
}

/**
 * Render inputs must be the asker's own uploads or renders, or sample pictures, as publishing requires (decision
 * 0023): a render is stored as the asker's and can be published by them, so it must not become a way to take in
 * somebody else's picture. A catalogue product may be drawn from the catalogue's own picture of it. Checked when the
 * request comes in, by whoever asks; a job that runs later does not check again (a sign-in meanwhile hands the
 * session's uploads to the account). A 400 naming the first field refused.
 */
export async function assertOwnRenderInputs(
  deps: AiDeps,
  input: {
    space: RenderPicture;
    selectedProducts?: readonly { id: string; imageUrl: string }[];
    photos?: readonly RenderPicture[];
  },
): Promise<void> {
  const selected = input.selectedProducts ?? [];
  const labels = await findProductLabels(
    deps.db,
    selected.map((p) => p.id),
  );
  const pictures: (RenderPicture & { ownItem?: boolean })[] = [input.space];
  for (const [i, product] of selected.entries()) {
    if (labels.get(product.id)?.imageUrl === product.imageUrl) continue;
    pictures.push({ field: `selectedProducts.${i}.imageUrl`, url: product.imageUrl });
  }
  pictures.push(...(input.photos ?? []).map((photo) => ({ ...photo, ownItem: true })));
  const claims: MediaClaim[] = pictures.map(({ field, url, ownItem }) => ({
    field,
    url,
    kinds: ['upload', 'render', 'seed'],
    kindMessage: 'must be a picture you uploaded or rendered',
    // a design's own items, placed in the asker's room by see-in-my-space
    orShownAsOwnItem: ownItem,
  }));
  await assertUsableMedia(deps.db, deps.storage, deps.owner, claims);
}

const designPictures = (fields: GenerateDesignFields, spaceImageUrl: string) => ({
  space: { field: 'spaceImageUrl', url: spaceImageUrl },
  selectedProducts: fields.selectedProducts,
  photos: fields.uploadedProductImages.map((image, i) => ({ field: `uploadedProductImages.${i}.url`, url: image.url })),
});

/** The see-in-space body's pictures, checked as the asker's (`assertOwnRenderInputs`) and read: the engine's input. */
export async function acceptPromptInput(
  deps: AiDeps,
  body: PromptRenderBody,
): Promise<Omit<GenerateFromPromptInput, 'seed'>> {
  await assertOwnRenderInputs(deps, {
    space: { field: 'spaceImage', url: body.spaceImage },
    photos: body.additionalPhotos.map((url, i) => ({ field: `additionalPhotos.${i}`, url })),
  });
  return loadPromptInput(deps, body);
}

async function readImageField(storage: FileStorage, url: string, field: string): Promise<Buffer> {
  const bytes = await readStoredMedia(storage, url);
  if (!bytes) throw invalidField(field, 'no stored image at this URL');
  return bytes;
}

async function storeRender(deps: AiDeps, rendered: RenderedImage): Promise<string> {
  // engines may answer in PNG or JPEG; renders are always kept as WebP
  const image =
    rendered.contentType === 'image/webp'
      ? rendered
      : await sharp(rendered.bytes)
          .webp({ quality: 85 })
          .toBuffer({ resolveWithObject: true })
          .then(({ data, info }) => ({ bytes: data, width: info.width, height: info.height }));
  const stored = await storeWebp(deps.db, deps.storage, {
    kind: 'render',
    owner: deps.owner,
    bytes: image.bytes,
    width: image.width,
    height: image.height,
    receipt: rendered.receipt,
  });
  return stored.url;
}

/**
 * Runs an engine call under a deadline: past it the call is aborted and answered as a timeout
 * (504); an engine's own failure is a 503 carrying its reason, and any other throw becomes one.
 */
async function withDeadline<T>(
  ms: number,
  timeoutMessage: string,
  call: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new EngineTimeoutError(timeoutMessage, ms));
    }, ms);
  });
  try {
    return await Promise.race([call(controller.signal), deadline]);
  } catch (err) {
    if (err instanceof EngineTimeoutError) throw new EngineTimeoutError(timeoutMessage, err.timeoutMs);
    if (err instanceof AppError) throw err;
    throw new EngineFailureError('unavailable', 'The AI engine failed unexpectedly', undefined, { cause: err });
  } finally {
    clearTimeout(timer);
  }
}
