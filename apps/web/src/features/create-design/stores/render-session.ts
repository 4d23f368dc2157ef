import { messages, type FidelityReceipt, type RenderPlacement, type RenderSize } from '@dwellscape/shared';
import { useCallback, useSyncExternalStore } from 'react';
import { toast } from '@/components/ui/toaster';
import { renderDesign, type GenerateDesignImageInput } from '../api/generate-design-image';
import {
  clearGeneratedDesign,
  getCreateDraft,
  saveGeneratedDesign,
  updateCreateDraft,
  type DesignSession,
} from './create-draft';

/** What one entry of the render step does, decided from the drafts (SPEC §4). */
export type RenderPlan =
  | { kind: 'generate'; session: DesignSession; input: GenerateDesignImageInput }
  /** No products and no uploads: SPEC's fixed sample image, without asking the engine. */
  | { kind: 'sample'; session: DesignSession; imageUrl: string }
  | { kind: 'no-space' };

export type RenderState =
  | { status: 'generating' }
  /** `receipt`: what the server measured of the render; none for the sample image. */
  | {
      status: 'succeeded';
      imageUrl: string;
      isSample: boolean;
      receipt: FidelityReceipt | null;
      /** Where each product stands (the local engine), and the inputs to draw it again with them moved. */
      placements?: RenderPlacement[];
      renderSize?: RenderSize;
      input?: GenerateDesignImageInput;
    }
  | { status: 'failed'; message: string };

// module-level, not component state: a render belongs to its session, outlives an unmounted screen
// (post-creation picks it up), and a second mount of the same entry (React strict mode) must not start another
const states = new Map<string, RenderState>();
const listeners = new Set<() => void>();

function setState(sessionId: string, state: RenderState) {
  states.set(sessionId, state);
  for (const listener of listeners) listener();
}

const isCurrentSession = (sessionId: string) => getCreateDraft().designSession?.id === sessionId;

/** A fresh id for each entry of the render step. */
export function createDesignSessionId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; a LAN address over http is not one
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/**
 * Starts the render of one entry of the step, once per session id however often it is called:
 * records the session, clears the previous image, then generates (or takes the sample image).
 */
export function beginRender(sessionId: string, plan: RenderPlan): void {
  if (states.has(sessionId)) return;

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
    setState(sessionId, { status: 'succeeded', imageUrl: plan.imageUrl, isSample: true, receipt: null });
    // SPEC §8's success toast on this path too: to the person, the design is generated either way
    toast.success(messages.create.renderSuccess);
    return;
  }

  setState(sessionId, { status: 'generating' });
  void renderDesign(plan.input).then((outcome) => {
    // a newer entry of the step has taken over: this result is no longer what the person is waiting for
    const isCurrent = isCurrentSession(sessionId);
    if (outcome.ok) {
      const { imageUrl, placements, renderSize } = outcome;
      if (isCurrent) {
        saveGeneratedDesign({
          designSessionId: sessionId,
          imageUrl,
          timestamp: Date.now(),
          ...(placements ? { placements } : {}),
        });
        toast.success(messages.create.renderSuccess);
      }
      setState(sessionId, {
        status: 'succeeded',
        imageUrl,
        isSample: false,
        receipt: outcome.receipt,
        ...(placements && renderSize ? { placements, renderSize, input: plan.input } : {}),
      });
    } else {
      if (isCurrent) toast.error(outcome.message);
      setState(sessionId, { status: 'failed', message: outcome.message });
    }
  });
}

/**
 * The person moved, scaled or removed products and the server drew the design again: the new picture and
 * placements replace the session's, in the step and in the draft post-creation publishes.
 */
export function keepAdjustedRender(
  sessionId: string,
  imageUrl: string,
  placements: RenderPlacement[],
  renderSize: RenderSize,
  receipt: FidelityReceipt | null,
): void {
  const state = states.get(sessionId);
  if (state?.status !== 'succeeded') return;
  if (isCurrentSession(sessionId)) {
    saveGeneratedDesign({ designSessionId: sessionId, imageUrl, timestamp: Date.now(), placements });
  }
  setState(sessionId, { ...state, imageUrl, placements, renderSize, receipt });
}

export function getRenderState(sessionId: string): RenderState | undefined {
  return states.get(sessionId);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The state of one session's render; undefined until it has begun. */
export function useRenderState(sessionId: string): RenderState | undefined {
  const read = useCallback(() => states.get(sessionId), [sessionId]);
  return useSyncExternalStore(subscribe, read, read);
}
