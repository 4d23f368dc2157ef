import sharp from 'sharp';
import type { z } from 'zod';
import {
  generateDesignFieldsSchema,
  messages,
  type GenerateDesignFields,
  type GenerateDesignResponse,
  type generateFromPromptBodySchema,
  type improveCaptionBodySchema,
  type improveNotesBodySchema,
} from '@dwellscape/shared';
import type { AppDatabase } from '../../db/client';
import { AppError, badInput } from '../../errors';
import { EngineFailureError, EngineTimeoutError } from '../../engines/errors';
import type { EngineImage, Engines, RenderedImage } from '../../engines/types';
import { acceptUploadedImage } from '../../media/image-files';
import { readStoredMedia, storeWebp } from '../../media/stored-media';
import type { FileStorage } from '../../storage/file-storage';
import { findProductLabels } from './ai.repository';

export interface AiDeps {
  db: AppDatabase;
  storage: FileStorage;
  engines: Engines;
}

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
      throw badInput(`Invalid ${name}: must be JSON`, [{ field: name, message: 'must be JSON' }]);
    }
  }
  for (const name of plainFields) {
    const value = form.get(name);
    if (value !== undefined && !(name === 'spaceImageUrl' && value.trim() === '')) raw[name] = value;
  }
  if (raw.spaceType === undefined) raw.spaceType = '';
  const parsed = generateDesignFieldsSchema.safeParse(raw);
  if (!parsed.success) throw invalidFields(parsed.error);
  return parsed.data;
}

export interface GenerateDesignRequest {
  /** The uploaded space photo, when one was sent instead of `spaceImageUrl`. */
  spaceFile: Buffer | undefined;
  fields: GenerateDesignFields;
}

/** Renders the chosen products into the space and stores the result as a render. */
export async function generateDesignImage(
  deps: AiDeps,
  request: GenerateDesignRequest,
): Promise<GenerateDesignResponse> {
  const { fields } = request;
  const spaceImage = request.spaceFile
    ? (await acceptUploadedImage(request.spaceFile)).bytes
    : fields.spaceImageUrl
      ? await readImageField(deps.storage, fields.spaceImageUrl, 'spaceImageUrl')
      : null;
  if (!spaceImage) throw badInput(messages.create.noSpace, [{ field: 'image', message: 'is required' }]);

  const labels = await findProductLabels(
    deps.db,
    fields.selectedProducts.map((p) => p.id),
  );
  const products: EngineImage[] = [];
  for (const [i, product] of fields.selectedProducts.entries()) {
    const label = labels.get(product.id);
    products.push({
      bytes: await readImageField(deps.storage, product.imageUrl, `selectedProducts.${i}.imageUrl`),
      name: product.name,
      ...(label ? { category: label.category, brandName: label.brandName } : {}),
    });
  }
  for (const [i, image] of fields.uploadedProductImages.entries()) {
    products.push({
      bytes: await readImageField(deps.storage, image.url, `uploadedProductImages.${i}.url`),
      name: image.name,
    });
  }

  const rendered = await withDeadline(RENDER_DEADLINE_MS, messages.create.renderTimeout, (signal) =>
    deps.engines.image.generateDesign({ spaceImage, products, fields }, signal),
  );
  const stored = await storeRender(deps, rendered);
  return { success: true, imageUrl: stored, error: null, receipt: rendered.receipt };
}

export async function generateFromPrompt(deps: AiDeps, body: z.infer<typeof generateFromPromptBodySchema>) {
  const spaceImage = await readImageField(deps.storage, body.spaceImage, 'spaceImage');
  const additionalPhotos: Buffer[] = [];
  for (const [i, url] of body.additionalPhotos.entries()) {
    additionalPhotos.push(await readImageField(deps.storage, url, `additionalPhotos.${i}`));
  }
  const rendered = await withDeadline(RENDER_DEADLINE_MS, messages.create.renderTimeout, (signal) =>
    deps.engines.image.generateFromPrompt({ prompt: body.prompt, spaceImage, additionalPhotos }, signal),
  );
  return { imageUrl: await storeRender(deps, rendered), receipt: rendered.receipt };
}

async function readImageField(storage: FileStorage, url: string, field: string): Promise<Buffer> {
  const bytes = await readStoredMedia(storage, url);
  if (!bytes)
    throw badInput(`Invalid ${field}: no stored image at this URL`, [
      { field, message: 'no stored image at this URL' },
    ]);
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

function invalidFields(error: z.core.$ZodError): AppError {
  const issues = error.issues.map((issue) => ({ field: issue.path.join('.') || 'form', message: issue.message }));
  const first = issues[0];
  return badInput(first ? `Invalid ${first.field}: ${first.message}` : 'Invalid form', issues);
}
