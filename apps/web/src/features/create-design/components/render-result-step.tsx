import { CREATE_VIDEO_DELAY_MS, messages, type Mode } from '@dwellscape/shared';
import { ArrowRight, Clapperboard, ImageOff, Move, RefreshCw, TriangleAlert } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FidelityReceiptLine } from '@/components/fidelity-receipt/fidelity-receipt';
import { EmptyState } from '@/components/ui/empty-state';
import { ResponsiveImage, imageSizes } from '@/components/ui/responsive-image';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { useDesignMode } from '@/lib/preferences';
import { useQuestions } from '../api/get-questions';
import { recompositeDesign } from '../api/recomposite-design';
import { useSpaces } from '@/lib/api/get-spaces';
import { useTemplates } from '../api/get-templates';
import { getCreateDraft, useCreateDraft } from '../stores/create-draft';
import {
  beginRender,
  createDesignSessionId,
  keepAdjustedRender,
  useRenderState,
  type RenderState,
} from '../stores/render-session';
import { createBeforeAfterVideo } from '../utils/before-after-video';
import type { PostCreationHandoff } from '../utils/post-creation-handoff';
import { buildRenderPlan, spaceImageOf } from '../utils/render-plan';
import { BeforeAfterViewer, ImageFrame, WorkingSheen } from './before-after-viewer';
import { PlacementAdjuster } from './placement-adjuster';
import { StepLayout } from './step-layout';

/**
 * Step 4 (SPEC §4): every entry is a new design session that renders exactly once; the render is
 * keyed by the session id outside React, so a second mount of the same entry cannot start another.
 */
export function RenderResultStep() {
  const mode = useDesignMode();
  const navigate = useNavigate();
  const [sessionId, setSessionId] = useState(createDesignSessionId);
  const templates = useTemplates(mode);
  const spaces = useSpaces(mode);
  const questions = useQuestions(mode);
  const draft = useCreateDraft();
  const state = useRenderState(sessionId);

  const isReady = templates.isSuccess && spaces.isSuccess && questions.isSuccess;
  const loadFailed = templates.isError || spaces.isError || questions.isError;

  useEffect(() => {
    if (!isReady) return;
    beginRender(
      sessionId,
      buildRenderPlan({
        sessionId,
        draft: getCreateDraft(),
        mode,
        templates: templates.data,
        spaces: spaces.data,
        questionIds: questions.data.map((question) => question.id),
        now: Date.now(),
      }),
    );
  }, [isReady, sessionId, mode, templates.data, spaces.data, questions.data]);

  const beforeUrl = isReady ? spaceImageOf(draft, templates.data, spaces.data) : (draft.uploadedSpaceImage ?? null);
  const imageUrl = state?.status === 'succeeded' ? state.imageUrl : null;
  const canContinue = state?.status === 'generating' || state?.status === 'succeeded';

  const goToPostCreation = () => {
    const handoff: PostCreationHandoff = { generatedImage: imageUrl, designSessionId: sessionId };
    navigate(paths.createDesign.step('post-creation'), { state: handoff });
  };

  return (
    <StepLayout
      step="render-result"
      description={
        mode === 'landscape'
          ? 'Your outdoor space, redesigned with your picks.'
          : 'Your room, redesigned with your picks.'
      }
      actions={
        <Button size="lg" className="flex-1" disabled={!canContinue} onClick={goToPostCreation}>
          Continue
          <ArrowRight className="size-5" aria-hidden />
        </Button>
      }
    >
      {loadFailed ? (
        <EmptyState
          icon={RefreshCw}
          tone="danger"
          title="Your space could not be loaded."
          action={
            <Button
              variant="outline"
              onClick={() => {
                void templates.refetch();
                void spaces.refetch();
                void questions.refetch();
              }}
            >
              Try Again
            </Button>
          }
        />
      ) : (
        <RenderStage
          key={sessionId}
          sessionId={sessionId}
          state={state}
          mode={mode}
          beforeUrl={beforeUrl}
          onRetry={() => setSessionId(createDesignSessionId())}
          onChooseSpace={() => navigate(paths.createDesign.step('space-selection'))}
        />
      )}
    </StepLayout>
  );
}

interface RenderStageProps {
  sessionId: string;
  state: RenderState | undefined;
  mode: Mode;
  beforeUrl: string | null;
  onRetry: () => void;
  onChooseSpace: () => void;
}

function RenderStage({ sessionId, state, mode, beforeUrl, onRetry, onChooseSpace }: RenderStageProps) {
  const [isAdjusting, setIsAdjusting] = useState(false);
  if (!state || state.status === 'generating') return <RenderingProgress mode={mode} beforeUrl={beforeUrl} />;

  if (state.status === 'failed') {
    if (state.message === messages.create.noSpace) {
      return (
        <EmptyState
          icon={ImageOff}
          tone="danger"
          title={messages.create.noSpace}
          description="Choose a space or upload a photo, then render again."
          action={<Button onClick={onChooseSpace}>Choose a space</Button>}
        />
      );
    }
    return (
      <div>
        <ImageFrame>
          {beforeUrl && (
            <ResponsiveImage
              src={beforeUrl}
              alt="Your space"
              sizes={imageSizes.column}
              priority
              className="absolute inset-0 size-full object-cover opacity-50 grayscale"
            />
          )}
        </ImageFrame>
        <Card role="alert" className="mt-4 flex items-start gap-3 border-danger/30 bg-danger-soft p-4">
          <TriangleAlert className="mt-0.5 size-5 shrink-0 text-danger" aria-hidden />
          <div className="min-w-0 flex-1">
            <p className="text-sm font-semibold text-danger">{state.message}</p>
            <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
              <RefreshCw className="size-4" aria-hidden />
              Try Again
            </Button>
          </div>
        </Card>
      </div>
    );
  }

  if (isAdjusting && state.placements && state.renderSize && state.input) {
    const { input } = state;
    return (
      <PlacementAdjuster
        imageUrl={state.imageUrl}
        imageWidth={state.renderSize.width}
        imageHeight={state.renderSize.height}
        placements={state.placements}
        products={[
          ...input.selectedProducts.map((p) => ({ productId: p.id, name: p.name })),
          ...input.uploadedProductImages.map((p) => ({ productId: p.id, name: p.name || 'Your product' })),
        ]}
        onCancel={() => setIsAdjusting(false)}
        onApply={async (placements) => {
          try {
            const result = await recompositeDesign(input, placements);
            keepAdjustedRender(
              sessionId,
              result.imageUrl,
              result.placements,
              result.renderSize,
              result.receipt ?? null,
            );
            setIsAdjusting(false);
            toast.success('Your changes are in the design.');
          } catch {
            toast.error('The design could not be updated. Please try again.');
          }
        }}
      />
    );
  }

  return (
    <div className="animate-fade-in">
      <BeforeAfterViewer beforeUrl={beforeUrl} afterUrl={state.imageUrl} label="your redesigned space" />
      {state.receipt && <FidelityReceiptLine receipt={state.receipt} mode={mode} className="mt-3" />}
      {state.placements && state.placements.length > 0 && state.input && (
        <Button variant="outline" className="mt-4 w-full" onClick={() => setIsAdjusting(true)}>
          <Move className="size-4" aria-hidden />
          Adjust placement
        </Button>
      )}
      {state.isSample && (
        <p className="mt-3 text-center text-sm text-muted-foreground">
          No products were chosen, so here is a sample design.
        </p>
      )}
      <DesignVideo beforeUrl={beforeUrl} afterUrl={state.imageUrl} />
    </div>
  );
}

const progressCopy: Record<Mode, string[]> = {
  interior: [
    'Studying your room…',
    'Matching your style…',
    'Placing your products…',
    'Balancing light and colour…',
    'Adding the finishing touches…',
  ],
  landscape: [
    'Studying your outdoor space…',
    'Matching your style…',
    'Planting and placing your picks…',
    'Balancing light and shade…',
    'Adding the finishing touches…',
  ],
};

const PROGRESS_STEP_MS = 2500;

/** The loading state: the space under a shimmer, and words that move on so the wait reads as work. */
function RenderingProgress({ mode, beforeUrl }: { mode: Mode; beforeUrl: string | null }) {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((value) => value + 1), PROGRESS_STEP_MS);
    return () => clearInterval(timer);
  }, []);
  const lines = progressCopy[mode];
  const line = lines[Math.min(tick, lines.length - 1)];

  return (
    <div aria-busy="true">
      <ImageFrame>
        {beforeUrl ? (
          <ResponsiveImage
            src={beforeUrl}
            alt="Your space"
            sizes={imageSizes.column}
            priority
            className="absolute inset-0 size-full object-cover saturate-50"
          />
        ) : (
          <Skeleton className="absolute inset-0 rounded-none" />
        )}
        <WorkingSheen />
        <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/70 via-black/30 to-transparent p-4 pt-12">
          <p role="status" className="text-sm font-semibold text-white">
            {line}
          </p>
          <div className="mt-2 h-1 overflow-hidden rounded-full bg-white/25">
            <div
              className="h-full rounded-full bg-white transition-[width] duration-[2500ms] ease-out"
              style={{ width: `${Math.min(92, 18 + tick * 18)}%` }}
            />
          </div>
        </div>
      </ImageFrame>
      <p className="mt-3 text-center text-sm text-muted-foreground">
        This usually takes a few seconds. You can continue and write your post meanwhile.
      </p>
    </div>
  );
}

type VideoState = { status: 'idle' } | { status: 'creating' } | { status: 'ready'; url: string };

/** SPEC §4: 'Create Video' → 'Creating Video...' for 2 s → the clip plays. */
function DesignVideo({ beforeUrl, afterUrl }: { beforeUrl: string | null; afterUrl: string }) {
  const [video, setVideo] = useState<VideoState>({ status: 'idle' });
  const videoUrl = video.status === 'ready' ? video.url : null;
  useEffect(() => () => void (videoUrl && URL.revokeObjectURL(videoUrl)), [videoUrl]);

  const create = async () => {
    setVideo({ status: 'creating' });
    try {
      const [clip] = await Promise.all([
        createBeforeAfterVideo(beforeUrl ?? afterUrl, afterUrl, CREATE_VIDEO_DELAY_MS),
        new Promise((resolve) => setTimeout(resolve, CREATE_VIDEO_DELAY_MS)),
      ]);
      setVideo({ status: 'ready', url: URL.createObjectURL(clip) });
    } catch (error) {
      console.warn('The before/after video could not be made', error);
      toast.error('Video could not be created in this browser.');
      setVideo({ status: 'idle' });
    }
  };

  // the clip appears below the fold on a phone: bring it into view once, as it starts
  const bringIntoView = useCallback(
    (node: HTMLVideoElement | null) => node?.scrollIntoView?.({ behavior: 'smooth', block: 'center' }),
    [],
  );
  const label = video.status === 'creating' ? messages.create.creatingVideo : messages.create.createVideo;

  if (videoUrl) {
    return (
      <video
        ref={bringIntoView}
        src={videoUrl}
        aria-label="Before and after video"
        className="mt-5 aspect-[4/3] w-full rounded-2xl bg-black object-cover shadow-card"
        autoPlay
        muted
        loop
        playsInline
        controls
      />
    );
  }
  return (
    <Button
      variant="secondary"
      className="mt-5 w-full"
      isLoading={video.status === 'creating'}
      onClick={() => void create()}
    >
      {video.status !== 'creating' && <Clapperboard className="size-4" aria-hidden />}
      {label}
    </Button>
  );
}
