import {
  apiPaths,
  generateDesignResponseSchema,
  messages,
  type FidelityReceipt,
  type GenerateDesignResponse,
  type Mode,
  type RenderPlacement,
  type RenderSize,
  type SelectedProduct,
  type UploadedProductImage,
} from '@dwellscape/shared';
import { z } from 'zod/mini';
import { ApiError, apiRequest } from '@/lib/api-client';

/** The server answers a slow render itself with 504 before this; past it the request is given up. */
export const GENERATE_CLIENT_TIMEOUT_MS = 120_000;

export interface GenerateDesignImageInput {
  /** The space photo, already stored on the server (an upload or a preset's image). */
  spaceImageUrl: string;
  selectedProducts: SelectedProduct[];
  uploadedProductImages: UploadedProductImage[];
  userAnswers: Record<string, string>;
  spaceType: string;
  mode: Mode;
  userNotes?: string;
  refinedNotes?: string;
}

/** SPEC §7 generate-design-image, multipart form: JSON-string collections beside plain fields. */
export function toGenerateDesignForm(input: GenerateDesignImageInput): FormData {
  const form = new FormData();
  form.append('spaceImageUrl', input.spaceImageUrl);
  form.append('selectedProducts', JSON.stringify(input.selectedProducts));
  form.append('uploadedProductImages', JSON.stringify(input.uploadedProductImages));
  form.append('userAnswers', JSON.stringify(input.userAnswers));
  form.append('spaceType', input.spaceType);
  form.append('mode', input.mode);
  if (input.userNotes?.trim()) form.append('userNotes', input.userNotes.trim());
  if (input.refinedNotes?.trim()) form.append('refinedNotes', input.refinedNotes.trim());
  return form;
}

export function generateDesignImage(
  input: GenerateDesignImageInput,
  signal?: AbortSignal,
): Promise<GenerateDesignResponse> {
  return apiRequest(apiPaths.generateDesignImage, generateDesignResponseSchema, {
    method: 'POST',
    body: toGenerateDesignForm(input),
    signal,
  });
}

export type GenerationOutcome =
  | {
      ok: true;
      imageUrl: string;
      receipt: FidelityReceipt | null;
      placements?: RenderPlacement[];
      renderSize?: RenderSize;
    }
  | { ok: false; message: string };

/**
 * Runs one render and turns every way it can end into SPEC §8's words: a failure the server
 * reports, a time-out or an answer that cannot be decoded, or anything else.
 */
export async function renderDesign(input: GenerateDesignImageInput): Promise<GenerationOutcome> {
  try {
    const response = await generateDesignImage(input, AbortSignal.timeout(GENERATE_CLIENT_TIMEOUT_MS));
    if (response.success && response.imageUrl) {
      return {
        ok: true,
        imageUrl: response.imageUrl,
        receipt: response.receipt ?? null,
        ...(response.placements && response.renderSize
          ? { placements: response.placements, renderSize: response.renderSize }
          : {}),
      };
    }
    return { ok: false, message: messages.create.renderServerFailed(response.error) };
  } catch (error) {
    return { ok: false, message: renderFailureMessage(error) };
  }
}

export function renderFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 504 || error.status === 408) return messages.create.renderTimeout;
    // 503: the engine itself said why it could not render
    if (error.status === 503) return messages.create.renderServerFailed(error.message);
    return messages.create.renderFailed;
  }
  // a body that is not JSON, or not the shape SPEC §7 promises, is a decoding failure
  if (error instanceof SyntaxError || error instanceof z.core.$ZodError) return messages.create.renderTimeout;
  if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return messages.create.renderTimeout;
  }
  return messages.create.renderFailed;
}
