import {
  planReplacements,
  placementRoleOf,
  seedKindOf,
  type LocalDesignInput,
  type SizeCm,
  type SpaceLayout,
} from '@dwellscape/compositor';
import { SEED_PRODUCTS } from '@dwellscape/sample-art';
import { UPLOAD_MAX_PIXELS, type FloorPlane } from '@dwellscape/shared';
import { EngineFailureError, EngineInputError } from '../errors';
import { RENDER_WIDTH } from '../render-size';
import type { GenerateDesignInput, GenerateFromPromptInput, ImageEngine, RenderedImage } from '../types';
import { RenderPoolFullError, type RenderPool } from './render-pool';
import type { RenderTaskInput } from './render-task';

/**
 * The catalogue's products by name, for their real size: the products table has no column for it, and the catalogue
 * is the sample world's (one name, one product).
 */
const catalogueSizes = new Map(SEED_PRODUCTS.map((p) => [p.name.trim().toLowerCase(), p.dimensions]));

/**
 * The real size (cm) for the render to stand a product at: the one a person gave their own item, else a catalogue
 * product's; nothing for another (its category's size is used).
 */
export function sizeOfProduct(name: string | undefined, sizeCm?: SizeCm): { size?: SizeCm } {
  if (sizeCm) return { size: sizeCm };
  const size = name ? catalogueSizes.get(name.trim().toLowerCase()) : undefined;
  return size ? { size } : {};
}

/** Every local render is this wide, from pictures no larger than an upload may be. */
const renderLimits = { width: RENDER_WIDTH, maxInputPixels: UPLOAD_MAX_PIXELS };

/**
 * Spaces whose pictures the app drew itself (the seed): their layout, and the picture redrawn without some of its
 * pieces. Null for any other picture.
 */
export interface KnownSceneLayouts {
  layoutOf(key: string): Promise<SpaceLayout> | null;
  sceneWithout(key: string, placeIds: readonly string[]): string | null;
}

/**
 * The `local` image engine: no network, a deterministic restyle of the photo with the chosen
 * products standing in it (@dwellscape/compositor), rendered on the pool's worker threads. The
 * person's notes and the see-in-space prompt steer the grade too.
 * A seeded space's picture is redrawn without the pieces the products replace, and the products placed by its layout.
 */
export class CompositorImageEngine implements ImageEngine {
  readonly name = 'local' as const;

  constructor(
    private readonly pool: RenderPool,
    private readonly scenes?: KnownSceneLayouts,
  ) {}

  async generateDesign(input: GenerateDesignInput, signal?: AbortSignal): Promise<RenderedImage> {
    const { fields } = input;
    const products = input.products.map(({ bytes, category, name, sizeCm, views }) => ({
      bytes,
      category,
      name,
      ...(views ? { views } : {}),
      ...sizeOfProduct(name, sizeCm),
    }));
    const key = input.spaceImageKey;
    const layout = key ? await this.scenes?.layoutOf(key) : undefined;
    let spaceImage: Uint8Array = input.spaceImage;
    let seeded: Pick<LocalDesignInput, 'layout' | 'replacements'> = {};
    if (layout && key) {
      // the pieces a product replaces, or that an adjusted render still has replaced, are left out of the redrawn scene
      const replacements = input.placements
        ? input.placements.flatMap((p) => (p.replaced ? [{ index: p.index, placeId: p.replaced }] : []))
        : planReplacements(
            layout,
            products.map((p, index) => ({
              index,
              role: placementRoleOf(p.category, p.name),
              kind: seedKindOf(p.category, p.name),
            })),
          );
      const known = new Set(layout.places.map((p) => p.id));
      const valid = replacements.filter((r) => known.has(r.placeId));
      const svg = this.scenes?.sceneWithout(
        key,
        valid.map((r) => r.placeId),
      );
      if (svg) {
        spaceImage = Buffer.from(svg);
        seeded = { layout, replacements: valid };
      }
    }
    const rendered = await this.render(
      {
        spaceImage,
        products,
        answers: fields.userAnswers,
        mode: fields.mode,
        spaceType: fields.spaceType,
        styleText: [fields.refinedNotes, fields.userNotes].filter(Boolean).join(' '),
        ...seeded,
        ...(input.placements ? { placements: input.placements } : {}),
        ...(input.placements && input.plane && input.floorSetByYou && input.placeOnFloor
          ? {
              personsFloor: {
                corners: input.plane.map(([x, y]) => [x, y] as [number, number]),
                indices: input.placeOnFloor,
              },
            }
          : {}),
        ...(input.erase ? { erase: input.erase } : {}),
        ...(input.placements && input.removed && input.removed.length > 0 ? { removed: input.removed } : {}),
        seed: input.seed ?? 0,
        layers: true,
        ...renderLimits,
      },
      signal,
    );
    if (!input.placements) return rendered;
    // adjusted placements stand on the plane the request carries: it is the answer's, as the person set it or not
    return {
      ...rendered,
      ...(input.plane ? { plane: input.plane } : {}),
      receipt: {
        ...rendered.receipt,
        ...(input.floorSetByYou ? { floorSetByYou: true } : {}),
        ...(input.placedByYou && input.placedByYou > 0 ? { placedByYou: input.placedByYou } : {}),
        ...(input.renderedLayout ? { renderedLayout: input.renderedLayout } : {}),
      },
    };
  }

  async generateFromPrompt(input: GenerateFromPromptInput, signal?: AbortSignal): Promise<RenderedImage> {
    return this.render(
      {
        spaceImage: input.spaceImage,
        products: input.additionalPhotos.map((bytes) => ({ bytes })),
        answers: {},
        mode: input.mode ?? 'interior',
        spaceType: '',
        styleText: input.prompt,
        seed: input.seed ?? 0,
        ...renderLimits,
      },
      signal,
    );
  }

  /**
   * A render that has started runs to its end (a second or so): stopping a worker inside sharp can bring the
   * process down. An aborted call is refused before it is queued, and the queue is short enough to drain long
   * before any deadline.
   */
  private async render(input: RenderTaskInput, signal?: AbortSignal): Promise<RenderedImage> {
    signal?.throwIfAborted();
    let outcome;
    try {
      outcome = await this.pool.render(input);
    } catch (err) {
      if (err instanceof RenderPoolFullError) {
        throw new EngineFailureError(
          'rate_limited',
          'Many designs are being rendered right now. Please try again.',
          undefined,
          {
            cause: err,
          },
        );
      }
      throw err;
    }
    if (!outcome.ok) {
      throw new EngineInputError('The space photo could not be read. Please upload a JPEG, PNG or WebP image.');
    }
    const { bytes, width, height, placements, label, plane, layers, pieces } = outcome.design;
    // it crossed from a worker as a plain Uint8Array: a Buffer over the same memory, not a copy
    return {
      bytes: bufferOf(bytes),
      contentType: 'image/webp',
      width,
      height,
      receipt: outcome.receipt,
      placements: placements.map(({ index, x, y, width: w, height: h, replaced, pose, view }) => ({
        index,
        box: { x, y, width: w, height: h },
        ...(replaced ? { replaced } : {}),
        pose,
        ...(view ? { view } : {}),
      })),
      ...(label ? { label } : {}),
      ...(plane ? { plane: plane as FloorPlane['corners'] } : {}),
      ...(layers
        ? {
            layers: {
              base: bufferOf(layers.base),
              products: layers.products.map((p) => ({ ...p, bytes: bufferOf(p.bytes) })),
            },
          }
        : {}),
      ...(pieces && pieces.length > 0 ? { pieces } : {}),
    };
  }
}

/** It crossed from a worker as a plain Uint8Array: a Buffer over the same memory, not a copy. */
const bufferOf = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
