import { type FidelityReceipt, type RenderJob, contracts } from '@dwellscape/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { cancelRenderJob } from '@/lib/api/cancel-render-job';
import { followRenderJob } from '@/lib/api/follow-render-job';

/** Past this the render is given up (and its job cancelled): SPEC §2's sample stands in. */
export const RENDER_CLIENT_TIMEOUT_MS = 120_000;

export interface RenderInSpaceInput {
  prompt: string;
  spaceImage: string;
  additionalPhotos: string[];
}

/** A re-render: its picture, and the server's fidelity receipt of it (none for the fallback sample). */
export interface InSpaceRender {
  imageUrl: string;
  receipt: FidelityReceipt | null;
}

/** SPEC §7 generate-design-image's JSON form, as a render job of one picture: answered at once with the job. */
export function startInSpaceRenderJob(input: RenderInSpaceInput): Promise<RenderJob> {
  return callApi(contracts.startPromptRenderJob, { body: { ...input, variations: 1 } });
}

export interface RenderInSpaceOptions {
  /** Each change of the job while it waits in line and renders. */
  onProgress?: (job: RenderJob) => void;
  /** Aborting gives the render up and cancels its job. */
  signal?: AbortSignal;
  timeoutMs?: number;
}

/**
 * Queues the render and follows its job to the end: resolves with the picture, rejects when it failed, was cancelled,
 * could not be followed, took longer than `timeoutMs`, or was given up through `signal`.
 */
export async function renderInSpace(
  input: RenderInSpaceInput,
  options: RenderInSpaceOptions = {},
): Promise<InSpaceRender> {
  const { onProgress, signal, timeoutMs = RENDER_CLIENT_TIMEOUT_MS } = options;
  signal?.throwIfAborted();
  const job = await startInSpaceRenderJob(input);
  onProgress?.(job);
  return new Promise<InSpaceRender>((resolve, reject) => {
    let settled = false;
    const end = (outcome: () => void, cancel: boolean) => {
      if (settled) return;
      settled = true;
      stop();
      clearTimeout(timer);
      signal?.removeEventListener('abort', giveUp);
      if (cancel) cancelRenderJob(job.id).catch(() => undefined);
      outcome();
    };
    const giveUp = () => end(() => reject(signal?.reason ?? new DOMException('Aborted', 'AbortError')), true);
    const timer = setTimeout(
      () => end(() => reject(new DOMException('The render took too long', 'TimeoutError')), true),
      timeoutMs,
    );
    const stop = followRenderJob(job.id, {
      onChange(current) {
        if (current.status === 'queued' || current.status === 'running') return onProgress?.(current);
        const [picture] = current.variations;
        if (current.status === 'done' && picture) {
          return end(() => resolve({ imageUrl: picture.imageUrl, receipt: picture.receipt ?? null }), false);
        }
        end(() => reject(new Error(current.error ?? `The render ended ${current.status}`)), false);
      },
      onLost: (error) => end(() => reject(error), false),
    });
    signal?.addEventListener('abort', giveUp, { once: true });
  });
}

/** SPEC §2: a failed re-render falls back, without a word, to a sample image. */
export async function renderInSpaceOrSample(
  input: RenderInSpaceInput,
  sampleImageUrl: string,
  options: RenderInSpaceOptions = {},
): Promise<InSpaceRender> {
  try {
    return await renderInSpace(input, options);
  } catch (error) {
    // given up on purpose: no sample either, the caller has moved on
    if (options.signal?.aborted) throw error;
    return { imageUrl: sampleImageUrl, receipt: null };
  }
}

export function useRenderInSpace() {
  return useMutation({
    mutationFn: ({
      input,
      sampleImageUrl,
      ...options
    }: RenderInSpaceOptions & { input: RenderInSpaceInput; sampleImageUrl: string }) =>
      renderInSpaceOrSample(input, sampleImageUrl, options),
  });
}
