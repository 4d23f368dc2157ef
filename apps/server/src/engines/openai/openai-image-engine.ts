import type { LocalDesignInput } from '@dwellscape/compositor';
import { messages, UPLOAD_MAX_PIXELS } from '@dwellscape/shared';
import type OpenAI from 'openai';
import { toFile } from 'openai';
import sharp from 'sharp';
import { RenderPoolFullError, sizeOfProduct, type RenderPool } from '../compositor';
import { EngineFailureError, EngineInputError } from '../errors';
import { buildDesignPrompt, buildSeeInSpacePrompt } from '../prompt-builder';
import { RENDER_WIDTH } from '../render-size';
import type { EngineImage, GenerateDesignInput, GenerateFromPromptInput, ImageEngine, RenderedImage } from '../types';
import { DEFAULT_DOWNLOAD_TIMEOUT_MS, DEFAULT_MAX_DOWNLOAD_BYTES, downloadImage } from './download';
import { callUpstream, createOpenAiClient, retryPolicyFrom, type OpenAiEngineOptions } from './upstream';

export const IMAGE_TIMEOUT_MS = 120_000;
/** GPT image models take up to 16 input images: the space photo and 15 products. */
const MAX_INPUT_IMAGES = 16;
const SPACE_UPLOAD_SIZE = 1024;
const PRODUCT_UPLOAD_SIZE = 512;

export interface OpenAiImageEngineOptions extends OpenAiEngineOptions {
  /** A generated image answered as a URL is not read past this size … */
  maxDownloadBytes?: number;
  /** … nor for longer than this (ms). */
  downloadTimeoutMs?: number;
}

const decodeOptions = { failOn: 'none', autoOrient: true, limitInputPixels: UPLOAD_MAX_PIXELS } as const;

/** PNG keeps every compatible server happy (dall-e-2 takes nothing else); the size keeps uploads small. */
function asUploadPng(bytes: Buffer, size: number): Promise<Buffer> {
  return sharp(bytes, decodeOptions)
    .resize(size, size, { fit: 'inside', withoutEnlargement: true })
    .png({ compressionLevel: 6 })
    .toBuffer();
}

interface EditRequest {
  /**
   * The prompt, given where the layout stands each product ('the sofa against the back wall…') and what the erase
   * removed from the photo sent ("the room's sofa").
   */
  prompt: (where: string[], removed: string[]) => string;
  spaceImage: Buffer;
  products: Pick<EngineImage, 'bytes' | 'category' | 'name' | 'sizeCm'>[];
  /** What the local layout reads to place the products the edit may paint (mode, answers, style words). */
  layout: Pick<LocalDesignInput, 'mode' | 'answers' | 'spaceType' | 'styleText' | 'erase'>;
}

/**
 * The `openai` image engine: the image-edit endpoint of any OpenAI-compatible server, sent the space photo first
 * and the product images after it, with the built prompt and a mask of where the products may go (the local
 * engine's layout). Image models repaint more than they are asked to, so the photo's own pixels are pasted back
 * outside those regions, and the result carries its fidelity receipt; both run on the render pool's workers.
 */
export class OpenAiImageEngine implements ImageEngine {
  readonly name = 'openai' as const;
  private readonly client: OpenAI;
  private readonly timeoutMs: number;

  constructor(
    private readonly options: OpenAiImageEngineOptions,
    private readonly pool: RenderPool,
  ) {
    this.timeoutMs = options.timeoutMs ?? IMAGE_TIMEOUT_MS;
    this.client = createOpenAiClient(options, this.timeoutMs);
  }

  generateDesign(input: GenerateDesignInput, signal?: AbortSignal): Promise<RenderedImage> {
    const { fields } = input;
    return this.edit(
      {
        prompt: (where, removed) => buildDesignPrompt({ fields, products: input.products, where, removed }),
        spaceImage: input.spaceImage,
        products: input.products,
        layout: {
          mode: fields.mode,
          answers: fields.userAnswers,
          spaceType: fields.spaceType,
          styleText: [fields.refinedNotes, fields.userNotes].filter(Boolean).join(' '),
          // what the person erased is erased before the edit too (decision 0060)
          ...(input.erase ? { erase: input.erase } : {}),
        },
      },
      signal,
    );
  }

  generateFromPrompt(input: GenerateFromPromptInput, signal?: AbortSignal): Promise<RenderedImage> {
    const prompt = (where: string[], removed: string[]) =>
      buildSeeInSpacePrompt(input.prompt, {
        ...(input.mode ? { mode: input.mode } : {}),
        productImageCount: input.additionalPhotos.length,
        where,
        removed,
      });
    return this.edit(
      {
        prompt,
        spaceImage: input.spaceImage,
        products: input.additionalPhotos.map((bytes) => ({ bytes })),
        layout: { mode: input.mode ?? 'interior', answers: {}, spaceType: '', styleText: input.prompt },
      },
      signal,
    );
  }

  private async edit(request: EditRequest, signal?: AbortSignal): Promise<RenderedImage> {
    const chosen = request.products.slice(0, MAX_INPUT_IMAGES - 1);
    const planned = await this.onPool(() =>
      this.pool.planRemoteEdit({
        layout: {
          spaceImage: request.spaceImage,
          products: chosen.map(({ bytes, category, name, sizeCm }) => ({
            bytes,
            category,
            name,
            ...sizeOfProduct(name, sizeCm),
          })),
          ...request.layout,
          width: RENDER_WIDTH,
          maxInputPixels: UPLOAD_MAX_PIXELS,
        },
        uploadSize: SPACE_UPLOAD_SIZE,
      }),
    );
    if (!planned.ok) {
      throw new EngineInputError('The space photo could not be read. Please upload a JPEG, PNG or WebP image.');
    }
    const { plan } = planned;
    const prompt = request.prompt(plan.where, plan.removed ?? []);
    // a product image that cannot be read is left out, as the UI hides it
    const products = await Promise.all(
      chosen.map(({ bytes }) => asUploadPng(bytes, PRODUCT_UPLOAD_SIZE).catch(() => null)),
    );
    const files = await Promise.all(
      [Buffer.from(plan.spacePng), ...products.filter((p): p is Buffer => p !== null)].map((bytes, i) =>
        toFile(bytes, i === 0 ? 'space.png' : `product-${i}.png`, { type: 'image/png' }),
      ),
    );
    const mask = await toFile(Buffer.from(plan.maskPng), 'mask.png', { type: 'image/png' });

    const generated = await callUpstream(
      async (attemptSignal) => {
        const response = await this.client.images.edit(
          {
            model: this.options.model,
            prompt,
            image: files.length === 1 ? files[0]! : files,
            mask,
            n: 1,
          },
          { signal: attemptSignal },
        );
        const first = response.data?.[0];
        if (first?.b64_json) return Buffer.from(first.b64_json, 'base64');
        if (first?.url) {
          return downloadImage(first.url, {
            signal: attemptSignal,
            maxBytes: this.options.maxDownloadBytes ?? DEFAULT_MAX_DOWNLOAD_BYTES,
            timeoutMs: this.options.downloadTimeoutMs ?? DEFAULT_DOWNLOAD_TIMEOUT_MS,
            ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
          });
        }
        throw new EngineFailureError('bad_response', 'The AI service answered without an image.');
      },
      {
        policy: retryPolicyFrom(this.options),
        timeoutMs: this.timeoutMs,
        timeoutMessage: messages.create.renderTimeout,
        ...(signal ? { signal } : {}),
      },
    );

    const finished = await this.onPool(() =>
      this.pool.finishRemoteEdit({
        spaceImage: request.spaceImage,
        edited: generated,
        plan,
        productImages: chosen.map((p) => p.bytes),
        maxWidth: RENDER_WIDTH,
        maxInputPixels: UPLOAD_MAX_PIXELS,
      }),
    );
    if (!finished.ok) {
      throw new EngineFailureError('bad_response', 'The AI service sent an image that could not be read.');
    }
    const { bytes, width, height, receipt } = finished;
    // it crossed from a worker as a plain Uint8Array: a Buffer over the same memory, not a copy
    return {
      bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      contentType: 'image/webp',
      width,
      height,
      receipt,
    };
  }

  /** Work on the render pool; a full pool is the same 'try again' as a busy local engine. */
  private async onPool<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof RenderPoolFullError) {
        throw new EngineFailureError(
          'rate_limited',
          'Many designs are being rendered right now. Please try again.',
          undefined,
          { cause: err },
        );
      }
      throw err;
    }
  }
}
