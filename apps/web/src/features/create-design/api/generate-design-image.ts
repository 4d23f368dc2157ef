import { messages, type Mode, type SelectedProduct, type UploadedProductImage } from '@dwellscape/shared';
import { z } from 'zod/mini';
import { ApiError } from '@/lib/api-client';

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

/** docs/product.md §7 generate-design-image's fields (a render's form, a re-composite's body); blank notes are left out. */
export function generateDesignFieldsOf(input: GenerateDesignImageInput) {
  return {
    spaceImageUrl: input.spaceImageUrl,
    selectedProducts: input.selectedProducts,
    uploadedProductImages: input.uploadedProductImages,
    userAnswers: input.userAnswers,
    spaceType: input.spaceType,
    mode: input.mode,
    userNotes: input.userNotes?.trim() || undefined,
    refinedNotes: input.refinedNotes?.trim() || undefined,
  };
}

/** Why a render could not start or be followed, in docs/product.md §8's words, and whether its input was refused. */
export interface RenderFailure {
  message: string;
  /** The server would not take the render's input (400): the same input would be refused again. */
  refused: boolean;
}

/**
 * A render that could not start or be followed, in both flows: a refusal of its input (400) in the server's own words
 * ('This render was refused: …'), anything else in docs/product.md §8's words.
 */
export function renderFailureOf(error: unknown): RenderFailure {
  if (error instanceof ApiError && error.status === 400 && error.message) {
    return { message: messages.create.renderRefused(error.message), refused: true };
  }
  return { message: renderFailureMessage(error), refused: false };
}

/** docs/product.md §8's words for a render that failed (not refused): time-out, engine failure, limit or other. */
function renderFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 504 || error.status === 408) return messages.create.renderTimeout;
    // 503: the engine itself said why it could not render
    if (error.status === 503) return messages.create.renderServerFailed(error.message);
    // a person's render limits: the server's message says which, and when to try again
    if (error.status === 429) return error.message;
    return messages.create.renderFailed;
  }
  // a body that is not JSON, or not the shape docs/product.md §7 promises, is a decoding failure
  if (error instanceof SyntaxError || error instanceof z.core.$ZodError) return messages.create.renderTimeout;
  if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return messages.create.renderTimeout;
  }
  return messages.create.renderFailed;
}
