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

/** SPEC §8's words for a render that could not start or be followed. */
export function renderFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 504 || error.status === 408) return messages.create.renderTimeout;
    // 503: the engine itself said why it could not render
    if (error.status === 503) return messages.create.renderServerFailed(error.message);
    // a person's render limits: the server's message says which, and when to try again
    if (error.status === 429) return error.message;
    return messages.create.renderFailed;
  }
  // a body that is not JSON, or not the shape SPEC §7 promises, is a decoding failure
  if (error instanceof SyntaxError || error instanceof z.core.$ZodError) return messages.create.renderTimeout;
  if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return messages.create.renderTimeout;
  }
  return messages.create.renderFailed;
}
