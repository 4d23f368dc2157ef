import type { Mode, Space, Template } from '@dwellscape/shared';
import type { GenerateDesignImageInput } from '../api/generate-design-image';
import {
  hasChosenSpace,
  productsOfMode,
  toSelectedProduct,
  type CreateDraft,
  type DesignSession,
} from '../stores/create-draft';
import { hasRenderEnded, type RenderPlan } from '../stores/render-session';
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
  draft: Pick<CreateDraft, 'uploadedSpaceImage' | 'selectedSpaceId'>,
  templates: readonly Template[],
  spaces: readonly Space[],
): string | null {
  if (draft.uploadedSpaceImage) return draft.uploadedSpaceImage;
  if (!draft.selectedSpaceId) return null;
  const preset = [...templates, ...spaces].find((option) => option.id === draft.selectedSpaceId);
  return preset?.imageUrl ?? null;
}

/**
 * docs/product.md §3's fixed sample image: the first template of the mode (a seeded, server-stored photo),
 * so it is always there and needs no engine.
 */
export function sampleImageOf(templates: readonly Template[], spaces: readonly Space[]): string | null {
  return templates[0]?.imageUrl ?? spaces[0]?.imageUrl ?? null;
}

/** The choices a render is made from, as one string: the same string means the same render. */
export function choicesKeyOf(draft: CreateDraft, mode: Mode): string {
  return JSON.stringify([
    mode,
    draft.uploadedSpaceImage ?? draft.selectedSpaceId,
    draft.selectedSpaceType,
    productsOfMode(draft, mode).map((product) => product.id),
    draft.uploadedProductImages.map((image) => image.url),
    Object.entries(draft.flowAnswers).sort(([a], [b]) => a.localeCompare(b)),
    draft.userNotes,
    draft.refinedNotes,
  ]);
}

/**
 * The session whose render job the step follows again instead of starting another: after a reload (which clears the
 * flow's choices, docs/product.md §4), or when the person comes back with the same choices while it is still rendering. A job
 * this page saw end, or other choices, mean a new render (docs/product.md §4: each entry renders).
 */
export function resumableSession(
  draft: CreateDraft,
  mode: Mode,
  hasEnded: (sessionId: string) => boolean = () => false,
): (DesignSession & { renderJobId: string }) | null {
  const session = draft.designSession;
  if (!session?.renderJobId || session.mode !== mode) return null;
  if (hasChosenSpace(draft) && (session.choicesKey !== choicesKeyOf(draft, mode) || hasEnded(session.id))) return null;
  return { ...session, renderJobId: session.renderJobId };
}

/** The render's form as the session recorded it (the notes are kept in the tab through a reload). */
export function renderInputOfSession(session: DesignSession, draft: CreateDraft): GenerateDesignImageInput {
  return {
    spaceImageUrl: session.beforeImageUrl ?? '',
    selectedProducts: session.selectedProducts,
    uploadedProductImages: session.uploadedProductImages,
    userAnswers: session.userAnswers,
    spaceType: session.spaceType,
    mode: session.mode,
    userNotes: draft.userNotes,
    refinedNotes: draft.refinedNotes,
  };
}

/** What this entry of the render step does (docs/product.md §4): generate, follow its job again, take the sample image, or stop. */
export function buildRenderPlan({
  sessionId,
  draft,
  mode,
  templates,
  spaces,
  questionIds,
  now,
}: RenderPlanInput): RenderPlan {
  const resumable = resumableSession(draft, mode, hasRenderEnded);
  if (resumable?.id === sessionId) {
    return { kind: 'resume', session: resumable, input: renderInputOfSession(resumable, draft) };
  }

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
    choicesKey: choicesKeyOf(draft, mode),
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
