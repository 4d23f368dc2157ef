import { messages, UPLOAD_MAX_PIXELS } from '@dwellscape/shared';
import type OpenAI from 'openai';
import { toFile } from 'openai';
import sharp from 'sharp';
import { EngineFailureError, EngineInputError } from '../errors';
import { buildDesignPrompt, buildSeeInSpacePrompt } from '../prompt-builder';
import { RENDER_WIDTH } from '../render-size';
import type { GenerateDesignInput, GenerateFromPromptInput, ImageEngine, RenderedImage } from '../types';
import { DEFAULT_MAX_DOWNLOAD_BYTES, downloadImage } from './download';
import { callUpstream, createOpenAiClient, retryPolicyFrom, type OpenAiEngineOptions } from './upstream';

export const IMAGE_TIMEOUT_MS = 120_000;
/** GPT image models take up to 16 input images: the space photo and 15 products. */
const MAX_INPUT_IMAGES = 16;
const SPACE_UPLOAD_SIZE = 1024;
const PRODUCT_UPLOAD_SIZE = 512;

export interface OpenAiImageEngineOptions extends OpenAiEngineOptions {
  /** A generated image answered as a URL is not read past this size. */
  maxDownloadBytes?: number;
}

const decodeOptions = { failOn: 'none', autoOrient: true, limitInputPixels: UPLOAD_MAX_PIXELS } as const;

/** PNG keeps every compatible server happy (dall-e-2 takes nothing else); the size keeps uploads small. */
function asUploadPng(bytes: Buffer, size: number): Promise<Buffer> {
  return sharp(bytes, decodeOptions)
    .resize(size, size, { fit: 'inside', withoutEnlargement: true })
    .png({ compressionLevel: 6 })
    .toBuffer();
}

/**
 * The `openai` image engine: the image-edit endpoint of any OpenAI-compatible server, sent the
 * space photo first and the product images after it, with the built prompt.
 */
export class OpenAiImageEngine implements ImageEngine {
  readonly name = 'openai' as const;
  private readonly client: OpenAI;
  private readonly timeoutMs: number;

  constructor(private readonly options: OpenAiImageEngineOptions) {
    this.timeoutMs = options.timeoutMs ?? IMAGE_TIMEOUT_MS;
    this.client = createOpenAiClient(options, this.timeoutMs);
  }

  generateDesign(input: GenerateDesignInput, signal?: AbortSignal): Promise<RenderedImage> {
    const prompt = buildDesignPrompt({ fields: input.fields, products: input.products });
    return this.edit(
      prompt,
      input.spaceImage,
      input.products.map((p) => p.bytes),
      signal,
    );
  }

  generateFromPrompt(input: GenerateFromPromptInput, signal?: AbortSignal): Promise<RenderedImage> {
    const prompt = buildSeeInSpacePrompt(input.prompt, {
      ...(input.mode ? { mode: input.mode } : {}),
      productImageCount: input.additionalPhotos.length,
    });
    return this.edit(prompt, input.spaceImage, input.additionalPhotos, signal);
  }

  private async edit(
    prompt: string,
    spaceImage: Buffer,
    productImages: Buffer[],
    signal?: AbortSignal,
  ): Promise<RenderedImage> {
    let space: Buffer;
    try {
      space = await asUploadPng(spaceImage, SPACE_UPLOAD_SIZE);
    } catch {
      throw new EngineInputError('The space photo could not be read. Please upload a JPEG, PNG or WebP image.');
    }
    // a product image that cannot be read is left out, as the UI hides it
    const products = await Promise.all(
      productImages.slice(0, MAX_INPUT_IMAGES - 1).map((b) => asUploadPng(b, PRODUCT_UPLOAD_SIZE).catch(() => null)),
    );
    const files = await Promise.all(
      [space, ...products.filter((p): p is Buffer => p !== null)].map((bytes, i) =>
        toFile(bytes, i === 0 ? 'space.png' : `product-${i}.png`, { type: 'image/png' }),
      ),
    );

    const generated = await callUpstream(
      async (attemptSignal) => {
        const response = await this.client.images.edit(
          { model: this.options.model, prompt, image: files.length === 1 ? files[0]! : files, n: 1 },
          { signal: attemptSignal },
        );
        const first = response.data?.[0];
        if (first?.b64_json) return Buffer.from(first.b64_json, 'base64');
        if (first?.url) {
          return downloadImage(first.url, {
            signal: attemptSignal,
            maxBytes: this.options.maxDownloadBytes ?? DEFAULT_MAX_DOWNLOAD_BYTES,
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
    return toStoredWebp(generated);
  }
}

/**
 * Whatever format came back, the app stores it as WebP at most as wide as the local engine's renders: a model's
 * 1536 × 1024 answer keeps its detail, a wider one is scaled down, and a small one is not blown up (enlarging adds
 * bytes, not detail; the browser scales it to its slot).
 */
async function toStoredWebp(bytes: Buffer): Promise<RenderedImage> {
  try {
    const { data, info } = await sharp(bytes, { failOn: 'error', limitInputPixels: UPLOAD_MAX_PIXELS })
      .resize({ width: RENDER_WIDTH, withoutEnlargement: true })
      .webp({ quality: 86 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: 'image/webp', width: info.width, height: info.height };
  } catch (error) {
    throw new EngineFailureError('bad_response', 'The AI service sent an image that could not be read.', undefined, {
      cause: error,
    });
  }
}
