import {
  messages,
  type EraseInputBody,
  type FidelityReceipt,
  type FloorPlane,
  type FoundPiece,
  type RenderLayers,
  type RenderJob,
  type RenderPlacement,
  type RenderSize,
  type RenderVariation,
} from '@dwellscape/shared';
import { create } from 'zustand';
import type { ReceiptLayout } from '@/components/fidelity-receipt/fidelity-receipt';
import { toast } from '@/components/ui/toaster';
import { cancelRenderJob } from '@/lib/api/cancel-render-job';
import { followRenderJob } from '@/lib/api/follow-render-job';
import { renderFailureOf, type GenerateDesignImageInput } from '../api/generate-design-image';
import { startRenderJob } from '../api/start-render-job';
import {
  clearGeneratedDesign,
  getCreateDraft,
  saveGeneratedDesign,
  updateCreateDraft,
  type DesignSession,
} from './create-draft';

/** What one entry of the render step does, decided from the drafts (docs/product.md §4). */
export type RenderPlan =
  | { kind: 'generate'; session: DesignSession; input: GenerateDesignImageInput }
  /**
   * The session's job is already queued, running or finished on the server: follow it again. `input` is the render's
   * form rebuilt from the session, to draw it again with products moved.
   */
  | { kind: 'resume'; session: DesignSession & { renderJobId: string }; input: GenerateDesignImageInput }
  /** No products and no uploads: docs/product.md's fixed sample image, without asking the engine. */
  | { kind: 'sample'; session: DesignSession; imageUrl: string }
  | { kind: 'no-space' };

/** One picture the person may publish: a variation as rendered, or as they adjusted it. */
export interface ShownVariation {
  imageUrl: string;
  /** What the server measured of this picture; none for the sample image. */
  receipt: FidelityReceipt | null;
  /** Where each product stands (the local engine), in the picture's pixels. */
  placements?: RenderPlacement[];
  renderSize?: RenderSize;
  /** What the variation's arrangement changes, in the server's words ('Sofa by the window'); none when not said. */
  label?: string;
  /** The floor the products stand on, and the pictures to adjust them live (decision 0046). */
  plane?: FloorPlane;
  layers?: RenderLayers;
  /** An uploaded photo's pieces as the render found them, for the erase tool. */
  pieces?: FoundPiece[];
  /** What this picture has erased, so that drawing it again keeps it erased. */
  erase?: EraseInputBody;
  /** The products the person removed from it (by id), so that drawing it again still counts them as removed. */
  removed?: string[];
  /**
   * How the render this picture came from laid it out ('found' in the photo, 'guessed'…): a picture drawn again from
   * an adjustment says 'adjusted' on its receipt, and the photo's floor is still found (or not) as the render said.
   */
  renderedLayout?: ReceiptLayout;
}

export type RenderState =
  /** Queued or rendering; `job` is null until the server has answered. */
  | { status: 'generating'; job: RenderJob | null }
  | {
      status: 'succeeded';
      variations: ShownVariation[];
      /** The variation the person picked to publish. */
      chosen: number;
      isSample: boolean;
      /** The render's form, to draw the chosen variation again with its products moved. */
      input?: GenerateDesignImageInput;
    }
  /** `refused`: the server would not take the render's input (400); the same input would be refused again. */
  | { status: 'failed'; message: string; refused?: boolean }
  | { status: 'cancelled' };

/**
 * Whether a picture has none of the products chosen for it in it (every one left out): the photo as it was, under
 * another light at most, not a design to pick.
 */
export function placesNothing(variation: Pick<ShownVariation, 'receipt'>): boolean {
  const { receipt } = variation;
  return receipt !== null && receipt.productsChosen > 0 && receipt.productsPresent === 0;
}

/** The picture the person has picked, in a finished render. */
export function chosenVariation(state: Extract<RenderState, { status: 'succeeded' }>): ShownVariation {
  return state.variations[state.chosen] ?? state.variations[0]!;
}

// module-level, not component state: a render belongs to its session, outlives an unmounted screen
// (post-creation picks it up), and a second mount of the same entry (React strict mode) must not start another
const useRenderStore = create<{ states: Readonly<Record<string, RenderState>> }>()(() => ({ states: {} }));
const jobIds = new Map<string, string>();
/** How to stop following each session's job (its event stream, or its reading every second). */
const following = new Map<string, () => void>();

const stateOf = (sessionId: string): RenderState | undefined => useRenderStore.getState().states[sessionId];

function setState(sessionId: string, state: RenderState) {
  useRenderStore.setState(({ states }) => ({ states: { ...states, [sessionId]: state } }));
}

const isCurrentSession = (sessionId: string) => getCreateDraft().designSession?.id === sessionId;

/**
 * Renders of the product page's 'See These Products in My Space': the same job and step as the create flow's, but not
 * the create draft's (a design being made there stays as it is). A failure is said in the render step as the create
 * flow's is, never hidden behind another picture (decision 0055).
 */
const detachedSessions = new Set<string>();
/** The person is looking at this session's render: its end deserves a toast. */
const isShownSession = (sessionId: string) => detachedSessions.has(sessionId) || isCurrentSession(sessionId);

/** A fresh id for each entry of the render step. */
export function createDesignSessionId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; a LAN address over http is not one
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/**
 * Starts the render of one entry of the step, once per session id however often it is called: records the session,
 * clears the previous image, then queues a render job and follows it (or takes the sample image, or follows the
 * session's job again after a reload).
 */
export function beginRender(sessionId: string, plan: RenderPlan): void {
  if (stateOf(sessionId)) return;

  if (plan.kind === 'resume') {
    jobIds.set(sessionId, plan.session.renderJobId);
    setState(sessionId, { status: 'generating', job: null });
    follow(sessionId, plan.session.renderJobId, plan.input, false);
    return;
  }

  clearGeneratedDesign();
  if (plan.kind === 'no-space') {
    updateCreateDraft({ designSession: null });
    setState(sessionId, { status: 'failed', message: messages.create.noSpace });
    toast.error(messages.create.noSpace);
    return;
  }

  updateCreateDraft({ designSession: plan.session });
  if (plan.kind === 'sample') {
    saveGeneratedDesign({ designSessionId: sessionId, imageUrl: plan.imageUrl, timestamp: Date.now() });
    setState(sessionId, {
      status: 'succeeded',
      variations: [{ imageUrl: plan.imageUrl, receipt: null }],
      chosen: 0,
      isSample: true,
    });
    // docs/product.md §8's success toast on this path too: to the person, the design is generated either way
    toast.success(messages.create.renderSuccess);
    return;
  }

  setState(sessionId, { status: 'generating', job: null });
  startRenderJob(plan.input).then(
    (job) => {
      jobIds.set(sessionId, job.id);
      if (isCurrentSession(sessionId)) updateCreateDraft({ designSession: { ...plan.session, renderJobId: job.id } });
      setState(sessionId, { status: 'generating', job });
      follow(sessionId, job.id, plan.input, true);
    },
    (error: unknown) => failWith(sessionId, error),
  );
}

/**
 * Starts a see-in-space render, once per session id: the same render job (the create flow's form) followed the same
 * way, without touching the create draft; a refused request or a failed job ends in the step's error, with a toast.
 */
export function beginSeeInSpaceRender(sessionId: string, input: GenerateDesignImageInput): void {
  if (stateOf(sessionId)) return;
  detachedSessions.add(sessionId);
  setState(sessionId, { status: 'generating', job: null });
  startRenderJob(input).then(
    (job) => {
      jobIds.set(sessionId, job.id);
      setState(sessionId, { status: 'generating', job });
      follow(sessionId, job.id, input, true);
    },
    (error: unknown) => failWith(sessionId, error),
  );
}

/**
 * A render that could not start or be followed, in both flows: a refused input (400) in the server's own words, where
 * trying the same again cannot help (docs/product.md §8); anything else in §8's words, with 'Try Again'.
 */
function failWith(sessionId: string, error: unknown) {
  const { message, refused } = renderFailureOf(error);
  fail(sessionId, message, refused);
}

/**
 * The render ended without a picture: the step says why (and offers to try again, or to choose again when the input
 * was refused), with a toast if it is shown.
 */
function fail(sessionId: string, message: string, refused = false) {
  if (isShownSession(sessionId)) toast.error(message);
  setState(sessionId, { status: 'failed', message, ...(refused ? { refused } : {}) });
}

const shownOf = (variation: RenderVariation): ShownVariation => ({
  imageUrl: variation.imageUrl,
  receipt: variation.receipt ?? null,
  ...(variation.receipt?.layout && variation.receipt.layout !== 'adjusted'
    ? { renderedLayout: variation.receipt.layout }
    : {}),
  ...(variation.placements ? { placements: variation.placements, renderSize: sizeOf(variation) } : {}),
  ...(variation.label ? { label: variation.label } : {}),
  ...(variation.plane ? { plane: variation.plane } : {}),
  ...(variation.layers ? { layers: variation.layers } : {}),
  ...(variation.pieces ? { pieces: variation.pieces } : {}),
});
const sizeOf = (variation: RenderVariation): RenderSize => ({ width: variation.width, height: variation.height });

/** Keeps the picked variation as the draft post-creation publishes. */
function keepChosen(sessionId: string, index: number, variation: ShownVariation) {
  saveGeneratedDesign({
    designSessionId: sessionId,
    imageUrl: variation.imageUrl,
    timestamp: Date.now(),
    variation: index,
    receipt: variation.receipt,
    ...(variation.placements ? { placements: variation.placements } : {}),
  });
}

/**
 * The end of a render, told as it is: docs/product.md §8's success when the picture has the products, with how many
 * of them under it when some were left out; when it has none of them, that none could be placed (the picture is the photo as it was,
 * and 'generated' would say otherwise), with what the person can do about it.
 */
function announceRender(receipt: FidelityReceipt | null) {
  if (!receipt || receipt.productsChosen === 0 || receipt.productsPresent >= receipt.productsChosen) {
    toast.success(messages.create.renderSuccess);
    return;
  }
  // short, so that on a phone it fits above the picture: the receipt under the picture says why
  if (receipt.productsPresent === 0) {
    toast.warning(messages.create.renderNothingPlaced(receipt.productsChosen));
    return;
  }
  toast.success(messages.create.renderSuccess, {
    description: messages.create.renderSomePlaced(receipt.productsPresent, receipt.productsChosen),
  });
}

/**
 * Follows the job to its end; `announce` says whether its end deserves a toast (not for a job that had already ended
 * when the page came back to it).
 */
function follow(sessionId: string, jobId: string, input: GenerateDesignImageInput, announce: boolean) {
  let wasRunning = announce;
  following.get(sessionId)?.();
  const stop = followRenderJob(jobId, {
    onChange(job) {
      if (job.status === 'queued' || job.status === 'running') {
        wasRunning = true;
        setState(sessionId, { status: 'generating', job });
        return;
      }
      if (job.status === 'cancelled') {
        setState(sessionId, { status: 'cancelled' });
        return;
      }
      if (job.status === 'failed') {
        const message = job.error ?? messages.create.renderFailed;
        if (wasRunning || detachedSessions.has(sessionId)) fail(sessionId, message);
        else setState(sessionId, { status: 'failed', message });
        return;
      }
      if (job.variations.length === 0) return fail(sessionId, messages.create.renderFailed);
      const variations = job.variations.map(shownOf);
      // a newer entry of the step has taken over: this result is no longer what the person is waiting for
      const isCurrent = isCurrentSession(sessionId);
      // after a reload: the variation picked before it, as adjusted then
      const kept = getCreateDraft().generatedDesign;
      const keptIndex =
        kept?.designSessionId === sessionId
          ? (kept.variation ?? variations.findIndex((v) => v.imageUrl === kept.imageUrl))
          : -1;
      // unpicked, the first variation that has the products in it: one with none is the photo as it was
      const firstWithProducts = Math.max(
        0,
        variations.findIndex((variation) => !placesNothing(variation)),
      );
      const chosen = keptIndex >= 0 && keptIndex < variations.length ? keptIndex : firstWithProducts;
      if (kept && keptIndex === chosen && kept.imageUrl !== variations[chosen]!.imageUrl) {
        // the render's layers show its own placements, not the adjusted ones; a floor the person set is not kept
        const { layers: _layers, plane, ...original } = variations[chosen]!;
        variations[chosen] = {
          ...original,
          ...(plane && !kept.receipt?.floorSetByYou ? { plane } : {}),
          imageUrl: kept.imageUrl,
          receipt: kept.receipt ?? null,
          ...(kept.placements ? { placements: kept.placements } : {}),
        };
      }
      if (isCurrent && keptIndex !== chosen) keepChosen(sessionId, chosen, variations[chosen]!);
      if (isShownSession(sessionId) && wasRunning) announceRender(variations[chosen]!.receipt);
      setState(sessionId, { status: 'succeeded', variations, chosen, isSample: false, input });
    },
    onLost(error) {
      failWith(sessionId, error);
    },
  });
  following.set(sessionId, stop);
}

/**
 * Forgets every session's render and stops following its job, as a new page would start. For the web tests between
 * one test and the next (test/setup.ts): a job an earlier test queued is not read on against a later test's API.
 */
export function resetRenderSessions(): void {
  for (const stop of following.values()) stop();
  following.clear();
  jobIds.clear();
  detachedSessions.clear();
  useRenderStore.setState({ states: {} });
}

/** Cancels the session's job; the step shows it cancelled at once, and the server stops it. */
export function cancelRender(sessionId: string): void {
  const jobId = jobIds.get(sessionId);
  const state = stateOf(sessionId);
  if (!jobId || state?.status !== 'generating') return;
  setState(sessionId, { status: 'cancelled' });
  cancelRenderJob(jobId).catch((error: unknown) => {
    console.warn('The render could not be cancelled', error);
  });
}

/** The person picks which variation to publish: post-creation takes this one. */
export function chooseVariation(sessionId: string, index: number): void {
  const state = stateOf(sessionId);
  if (state?.status !== 'succeeded' || state.isSample) return;
  const variation = state.variations[index];
  if (!variation) return;
  if (isCurrentSession(sessionId)) keepChosen(sessionId, index, variation);
  setState(sessionId, { ...state, chosen: index });
}

/**
 * The person moved, scaled or removed products and the server drew the chosen variation again: the new picture and
 * placements replace it, in the step and in the draft post-creation publishes.
 */
export function keepAdjustedRender(
  sessionId: string,
  imageUrl: string,
  placements: RenderPlacement[],
  renderSize: RenderSize,
  receipt: FidelityReceipt | null,
  live: Pick<ShownVariation, 'plane' | 'layers'> = {},
  erase?: EraseInputBody,
  removed?: string[],
): void {
  const state = stateOf(sessionId);
  if (state?.status !== 'succeeded') return;
  const before = state.variations[state.chosen];
  // the pieces found in the photo stay what they were; the erase is the one just drawn. The picker's words stay
  // while the products stand where the render put them (an erase), and say whose arrangement it is once moved
  const label = before?.placements && standSame(before.placements, placements) ? before.label : 'Arranged by you';
  const adjusted: ShownVariation = {
    imageUrl,
    placements,
    renderSize,
    receipt,
    ...(label ? { label } : {}),
    ...live,
    ...(before?.pieces ? { pieces: before.pieces } : {}),
    ...(erase ? { erase } : {}),
    ...(removed && removed.length > 0 ? { removed } : {}),
    ...(before?.renderedLayout ? { renderedLayout: before.renderedLayout } : {}),
  };
  const variations = state.variations.map((variation, index) => (index === state.chosen ? adjusted : variation));
  if (isCurrentSession(sessionId)) keepChosen(sessionId, state.chosen, adjusted);
  setState(sessionId, { ...state, variations });
}

/** Whether two sets of placements stand every product in the same box. */
function standSame(a: readonly RenderPlacement[], b: readonly RenderPlacement[]): boolean {
  const key = (p: RenderPlacement) => `${p.productId} ${p.box.x} ${p.box.y} ${p.box.width} ${p.box.height}`;
  const keys = new Set(a.map(key));
  return a.length === b.length && b.every((p) => keys.has(key(p)));
}

/** Whether this page saw the session's render end (done, failed or cancelled). */
export function hasRenderEnded(sessionId: string): boolean {
  const state = stateOf(sessionId);
  return state !== undefined && state.status !== 'generating';
}

/** The state of one session's render; undefined until it has begun. */
export function useRenderState(sessionId: string): RenderState | undefined {
  return useRenderStore((store) => store.states[sessionId]);
}
