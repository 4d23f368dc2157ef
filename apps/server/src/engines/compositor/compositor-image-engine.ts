import type { LocalDesignInput } from '@dwellscape/compositor';
import { UPLOAD_MAX_PIXELS } from '@dwellscape/shared';
import { EngineFailureError, EngineInputError } from '../errors';
import { RENDER_WIDTH } from '../render-size';
import type { GenerateDesignInput, GenerateFromPromptInput, ImageEngine, RenderedImage } from '../types';
import { RenderPoolFullError, type RenderPool } from './render-pool';

/** Every local render is this wide, from pictures no larger than an upload may be. */
const renderLimits = { width: RENDER_WIDTH, maxInputPixels: UPLOAD_MAX_PIXELS };

/**
 * The `local` image engine: no network, a deterministic restyle of the photo with the chosen
 * products standing in it (@dwellscape/compositor), rendered on the pool's worker threads. The
 * person's notes and the see-in-space prompt steer the grade too.
 */
export class CompositorImageEngine implements ImageEngine {
  readonly name = 'local' as const;

  constructor(private readonly pool: RenderPool) {}

  async generateDesign(input: GenerateDesignInput, signal?: AbortSignal): Promise<RenderedImage> {
    const { fields } = input;
    return this.render(
      {
        spaceImage: input.spaceImage,
        products: input.products.map(({ bytes, category, name }) => ({ bytes, category, name })),
        answers: fields.userAnswers,
        mode: fields.mode,
        spaceType: fields.spaceType,
        styleText: [fields.refinedNotes, fields.userNotes].filter(Boolean).join(' '),
        ...renderLimits,
      },
      signal,
    );
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
  private async render(input: LocalDesignInput, signal?: AbortSignal): Promise<RenderedImage> {
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
    const { bytes, width, height } = outcome.design;
    // it crossed from a worker as a plain Uint8Array: a Buffer over the same memory, not a copy
    return {
      bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      contentType: 'image/webp',
      width,
      height,
      receipt: outcome.receipt,
    };
  }
}
