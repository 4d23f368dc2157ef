import type { Mode, Space, Template } from '@dwellscape/shared';
import { productsOfMode, toSelectedProduct, type CreateDraft } from '../stores/create-draft';
import type { RenderPlan } from '../stores/render-session';
import { uploadedSpaceTypeOf } from './space-type';

export interface RenderPlanInput {
  sessionId: string;
  draft: CreateDraft;
  mode: Mode;
  templates: readonly Template[];
  spaces: readonly Space[];
  /** The quiz of the mode: answers given in the other mode are not sent. */
  questionIds: readonly string[];
  now: number;
}

/** The image of the chosen space as the server holds it: the upload, or the preset's full-size photo. */
export function spaceImageOf(
  draft: CreateDraft,
  templates: readonly Template[],
  spaces: readonly Space[],
): string | null {
  if (draft.uploadedSpaceImage) return draft.uploadedSpaceImage;
  if (!draft.selectedSpaceId) return null;
  const preset = [...templates, ...spaces].find((option) => option.id === draft.selectedSpaceId);
  return preset?.imageUrl ?? null;
}

/**
 * SPEC §3's fixed sample image: the first template of the mode (a seeded, server-stored photo),
 * so it is always there and needs no engine.
 */
export function sampleImageOf(templates: readonly Template[], spaces: readonly Space[]): string | null {
  return templates[0]?.imageUrl ?? spaces[0]?.imageUrl ?? null;
}

/** What this entry of the render step does (SPEC §4): generate, take the sample image, or stop. */
export function buildRenderPlan({
  sessionId,
  draft,
  mode,
  templates,
  spaces,
  questionIds,
  now,
}: RenderPlanInput): RenderPlan {
  const spaceImageUrl = spaceImageOf(draft, templates, spaces);
  if (!spaceImageUrl) return { kind: 'no-space' };

  const selectedProducts = productsOfMode(draft, mode).map(toSelectedProduct);
  const uploadedProductImages = draft.uploadedProductImages;
  const userAnswers = Object.fromEntries(
    questionIds.flatMap((id) => (draft.flowAnswers[id] ? [[id, draft.flowAnswers[id]]] : [])),
  );
  const spaceType = draft.selectedSpaceType || uploadedSpaceTypeOf(mode);
  const session = {
    id: sessionId,
    mode,
    spaceType,
    beforeImageUrl: spaceImageUrl,
    selectedProducts,
    uploadedProductImages,
    userAnswers,
    startedAt: now,
  };

  const sampleImageUrl = sampleImageOf(templates, spaces);
  if (selectedProducts.length === 0 && uploadedProductImages.length === 0 && sampleImageUrl) {
    return { kind: 'sample', session, imageUrl: sampleImageUrl };
  }

  return {
    kind: 'generate',
    session,
    input: {
      spaceImageUrl,
      selectedProducts,
      uploadedProductImages,
      userAnswers,
      spaceType,
      mode,
      userNotes: draft.userNotes,
      refinedNotes: draft.refinedNotes,
    },
  };
}
