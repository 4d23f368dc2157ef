import {
  CREATE_VIDEO_DELAY_MS,
  messages,
  type EraseInputBody,
  type FidelityReceipt,
  type Mode,
  type RenderJob,
} from '@dwellscape/shared';
import {
  ArrowRight,
  Ban,
  Clapperboard,
  Eraser,
  Grid3x3,
  ImageOff,
  Move,
  RefreshCw,
  TriangleAlert,
  X,
} from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FidelityReceiptLine, floorFindingOf } from '@/components/fidelity-receipt/fidelity-receipt';
import { EmptyState } from '@/components/ui/empty-state';
import { ResponsiveImage, imageSizes } from '@/components/ui/responsive-image';
import { SelectedMark } from '@/components/ui/selected-mark';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { RenderProgressBar } from '@/components/ui/render-progress-bar';
import { paths } from '@/config/paths';
import { useDesignMode } from '@/lib/preferences';
import { useQuestions } from '../api/get-questions';
import type { GenerateDesignImageInput } from '../api/generate-design-image';
import { useRecompositeDesign, type Adjustment } from '../api/recomposite-design';
import { useSpaces } from '@/lib/api/get-spaces';
import { cn } from '@/lib/cn';
import { useTemplates } from '../api/get-templates';
import { getCreateDraft, useCreateDraft } from '../stores/create-draft';
import {
  beginRender,
  cancelRender,
  chooseVariation,
  chosenVariation,
  createDesignSessionId,
  hasRenderEnded,
  keepAdjustedRender,
  placesNothing,
  useRenderState,
  type RenderState,
  type ShownVariation,
} from '../stores/render-session';
import { createBeforeAfterVideo } from '../utils/before-after-video';
import type { PostCreationHandoff } from '../utils/post-creation-handoff';
import { buildRenderPlan, resumableSession, spaceImageOf } from '../utils/render-plan';
import { BeforeAfterViewer, ImageFrame, WorkingSheen } from './before-after-viewer';
import { EraseTool } from './erase-tool';
import { PlacementAdjuster, restHint } from './placement-adjuster';
import { StepLayout } from './step-layout';

/**
 * Step 4 (docs/product.md §4): every entry is a new design session that renders exactly once; the render is
 * keyed by the session id outside React, so a second mount of the same entry cannot start another.
 */
export function RenderResultStep() {
  const mode = useDesignMode();
  const navigate = useNavigate();
  // a job of this session still on the server (a reload, or back with the same choices) is followed, not started again
  const [sessionId, setSessionId] = useState(
    () => resumableSession(getCreateDraft(), mode, hasRenderEnded)?.id ?? createDesignSessionId(),
  );
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

  const sessionBefore = draft.designSession?.id === sessionId ? draft.designSession.beforeImageUrl : null;
  const beforeUrl =
    (isReady ? spaceImageOf(draft, templates.data, spaces.data) : (draft.uploadedSpaceImage ?? null)) ?? sessionBefore;
  const imageUrl = state?.status === 'succeeded' ? chosenVariation(state).imageUrl : null;
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
          onCancel={() => cancelRender(sessionId)}
          onChoose={(index) => chooseVariation(sessionId, index)}
          onChooseSpace={() => navigate(paths.createDesign.step('space-selection'))}
          onChooseProducts={() => navigate(paths.createDesign.step('start'))}
        />
      )}
    </StepLayout>
  );
}

export interface RenderStageProps {
  sessionId: string;
  state: RenderState | undefined;
  mode: Mode;
  beforeUrl: string | null;
  onRetry: () => void;
  onChooseSpace: () => void;
  /** Back to the products to render (see in my space), offered when the server refused the render's input. */
  onChooseProducts?: () => void;
  onCancel: () => void;
  onChoose: (index: number) => void;
}

/** The person's space, greyed: what stands where a render would have been when it was cancelled or failed. */
function StoppedSpace({ beforeUrl }: { beforeUrl: string | null }) {
  return (
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
  );
}

/** The render of one session as the person sees it, in both flows: progress, then before/after, variations, adjusting. */
export function RenderStage(props: RenderStageProps) {
  const { sessionId, state, mode, beforeUrl, onRetry, onChooseSpace, onChooseProducts, onCancel, onChoose } = props;
  const [adjusting, setAdjusting] = useState<'move' | 'floor' | null>(null);
  const setIsAdjusting = (on: boolean) => setAdjusting(on ? 'move' : null);
  const [isErasing, setIsErasing] = useState(false);
  const { mutateAsync: recomposite } = useRecompositeDesign();
  if (!state || state.status === 'generating') {
    return <RenderingProgress mode={mode} beforeUrl={beforeUrl} job={state?.job ?? null} onCancel={onCancel} />;
  }

  if (state.status === 'cancelled') {
    return (
      <div>
        <StoppedSpace beforeUrl={beforeUrl} />
        <Card role="status" className="mt-4 flex items-start gap-3 p-4">
          <Ban className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
          <div className="min-w-0 flex-1">
            <p className="text-sm font-semibold">{messages.create.renderCancelled}</p>
            <p className="mt-1 text-sm text-muted-foreground">Nothing was rendered. Start again when you are ready.</p>
            <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
              <RefreshCw className="size-4" aria-hidden />
              Render again
            </Button>
          </div>
        </Card>
      </div>
    );
  }

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
        <StoppedSpace beforeUrl={beforeUrl} />
        <Card role="alert" className="mt-4 flex items-start gap-3 border-danger/30 bg-danger-soft p-4">
          <TriangleAlert className="mt-0.5 size-5 shrink-0 text-danger" aria-hidden />
          <div className="min-w-0 flex-1">
            <p className="text-sm font-semibold break-words text-danger">{state.message}</p>
            {state.refused ? (
              <>
                <p className="mt-1 text-sm text-muted-foreground">{messages.create.renderRefusedHint}</p>
                <div className="mt-3 flex flex-wrap gap-2">
                  {onChooseProducts && (
                    <Button variant="outline" size="sm" onClick={onChooseProducts}>
                      Choose other products
                    </Button>
                  )}
                  <Button variant="outline" size="sm" onClick={onChooseSpace}>
                    Choose another photo
                  </Button>
                </div>
              </>
            ) : (
              <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
                <RefreshCw className="size-4" aria-hidden />
                Try Again
              </Button>
            )}
          </div>
        </Card>
      </div>
    );
  }

  // the picked variation: its picture, its receipt, and its placements for the adjuster
  const shown = chosenVariation(state);
  const erase = eraseOf(shown);
  // the picture drawn again on the server with these placements and this erase, kept as the shown variation
  const redraw = async (input: GenerateDesignImageInput, adjustment: Adjustment, next: EraseInputBody | undefined) => {
    const removed = removedAfter(shown, adjustment);
    const result = await recomposite({
      input,
      adjustment: { ...adjustment, ...(removed.length > 0 ? { removed } : {}), drawnFrom: shown.imageUrl },
      ...(next ? { erase: next } : {}),
    });
    keepAdjustedRender(
      sessionId,
      result.imageUrl,
      result.placements,
      result.renderSize,
      result.receipt ?? null,
      {
        ...(result.plane ? { plane: result.plane } : {}),
        ...(result.layers ? { layers: result.layers } : {}),
      },
      next,
      removed,
    );
    return result.receipt ?? null;
  };
  // an adjustment's end, told as it is: the picture drawn again may still have none of the products in it
  const announceChange = (receipt: FidelityReceipt | null) => {
    if (receipt && receipt.productsChosen > 0 && receipt.productsPresent === 0) {
      toast.warning(messages.create.renderNothingPlaced(receipt.productsChosen));
    } else {
      toast.success('Your changes are in the design.');
    }
  };
  if (isErasing && shown.placements && shown.renderSize && state.input) {
    const { input, placements, renderSize } = {
      input: state.input,
      placements: shown.placements,
      renderSize: shown.renderSize,
    };
    return (
      <EraseTool
        imageUrl={shown.imageUrl}
        imageWidth={renderSize.width}
        imageHeight={renderSize.height}
        pieces={shown.pieces ?? []}
        {...(shown.erase ? { initial: shown.erase } : {})}
        onCancel={() => setIsErasing(false)}
        onApply={async (next) => {
          // a failure stays in the tool, which says so
          const receipt = await redraw(input, { placements, ...(shown.plane ? { plane: shown.plane } : {}) }, next);
          setIsErasing(false);
          announceChange(receipt);
        }}
      />
    );
  }
  // the chosen products the render could not place (decision 0052): setting the floor places them
  const products = state.input
    ? [
        ...state.input.selectedProducts.map((p) => ({ productId: p.id, name: p.name })),
        ...state.input.uploadedProductImages.map((p) => ({ productId: p.id, name: p.name || 'Your product' })),
      ]
    : [];
  // a product the person removed is not left out: it is not offered to place on the floor again
  const leftOut = shown.placements
    ? products.filter(
        (p) =>
          !shown.placements!.some((placed) => placed.productId === p.productId) &&
          !(shown.removed ?? []).includes(p.productId),
      )
    : [];
  // a variation with none of the products in it is the photo under another light, not another design to pick
  const offered = state.variations.flatMap((variation, index) =>
    placesNothing(variation) && index !== state.chosen ? [] : [index],
  );
  // the receipt line and the adjuster's hints read the floor from one place
  const floorFinding = floorFindingOf(shown.receipt, shown.renderedLayout);
  const nothingStands = !(shown.placements ?? []).some((p) => p.pose === 'standing' || p.pose === 'flat');
  const canFixFloor = Boolean(shown.plane) || leftOut.length > 0;
  // none of the products in the picture: the photo as it was. The step says so and offers to place them by hand (on
  // the floor the person sets, decision 0052), with the other ways forward
  const nonePlaced =
    Boolean(shown.placements && shown.renderSize && state.input) &&
    shown.placements!.length === 0 &&
    leftOut.length > 0;
  if (adjusting && shown.placements && shown.renderSize && state.input) {
    const { input } = state;
    return (
      <PlacementAdjuster
        imageUrl={shown.imageUrl}
        imageWidth={shown.renderSize.width}
        imageHeight={shown.renderSize.height}
        placements={shown.placements}
        {...(shown.plane ? { plane: shown.plane } : {})}
        {...(shown.layers ? { layers: shown.layers } : {})}
        floorSetByYou={shown.receipt?.floorSetByYou === true}
        floorFinding={floorFinding}
        mode={mode}
        initialTool={adjusting}
        products={products}
        leftOut={leftOut}
        onCancel={() => setIsAdjusting(false)}
        onApply={async (adjustment) => {
          try {
            const receipt = await redraw(input, adjustment, erase);
            setIsAdjusting(false);
            announceChange(receipt);
          } catch {
            toast.error('The design could not be updated. Please try again.');
          }
        }}
      />
    );
  }

  return (
    <div className="animate-fade-in">
      {/* the picture is what a toast of the render or of an adjustment tells of: where there is room (on a phone, over
          the step's title) the toast stands clear of it */}
      <div data-toast-avoid>
        <BeforeAfterViewer beforeUrl={beforeUrl} afterUrl={shown.imageUrl} label="your redesigned space" />
      </div>
      {shown.receipt && (
        <FidelityReceiptLine
          receipt={shown.receipt}
          mode={mode}
          {...(shown.renderedLayout ? { renderedLayout: shown.renderedLayout } : {})}
          className="mt-3"
        />
      )}
      {!state.isSample && offered.length > 1 && (
        <VariationPicker variations={state.variations} offered={offered} chosen={state.chosen} onChoose={onChoose} />
      )}
      {nonePlaced && (
        <Card
          role="status"
          aria-labelledby="none-placed-title"
          data-toast-keep-clear
          className="mt-4 flex items-start gap-3 p-4"
        >
          <TriangleAlert className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
          <div className="min-w-0 flex-1">
            <p id="none-placed-title" className="text-sm font-semibold">
              {messages.create.renderNothingPlaced(leftOut.length)}
            </p>
            <p className="mt-1 text-sm text-muted-foreground">
              {restHint(mode === 'landscape' ? 'ground' : 'floor', floorFinding)}
            </p>
            <p className="mt-1 text-sm text-muted-foreground">{messages.create.renderOtherWaysForward}</p>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button size="sm" onClick={() => setAdjusting('floor')}>
                <Move className="size-4" aria-hidden />
                Place them yourself
              </Button>
              <Button variant="outline" size="sm" onClick={onChooseSpace}>
                Choose another photo
              </Button>
            </div>
          </div>
        </Card>
      )}
      {shown.placements && shown.renderSize && state.input && leftOut.length > 0 && nothingStands && !nonePlaced && (
        <p className="mt-3 flex items-start gap-2 text-sm text-muted-foreground">
          <Grid3x3 className="mt-0.5 size-4 shrink-0" aria-hidden />
          {restHint(mode === 'landscape' ? 'ground' : 'floor', floorFinding)}
        </p>
      )}
      {shown.placements &&
        shown.renderSize &&
        state.input &&
        !nonePlaced &&
        (shown.placements.length > 0 || canFixFloor) && (
          <div className="mt-4 flex gap-3">
            {shown.placements.length > 0 && (
              <Button variant="outline" className="flex-1" onClick={() => setIsAdjusting(true)}>
                <Move className="size-4" aria-hidden />
                Adjust placement
              </Button>
            )}
            {canFixFloor && (
              <Button variant="outline" className="flex-1" onClick={() => setAdjusting('floor')}>
                <Grid3x3 className="size-4" aria-hidden />
                {mode === 'landscape' ? 'Fix the ground' : 'Fix the floor'}
              </Button>
            )}
          </div>
        )}
      {shown.placements && shown.renderSize && state.input && (
        <Button variant="outline" className="mt-3 w-full" onClick={() => setIsErasing(true)}>
          <Eraser className="size-4" aria-hidden />
          {mode === 'landscape' ? 'Erase part of the space' : 'Erase part of the room'}
        </Button>
      )}
      {state.isSample && (
        <p className="mt-3 text-center text-sm text-muted-foreground">
          No products were chosen, so here is a sample design.
        </p>
      )}
      <DesignVideo key={shown.imageUrl} beforeUrl={beforeUrl} afterUrl={shown.imageUrl} />
    </div>
  );
}

/**
 * The products the person has removed once this adjustment is drawn: those removed before, and those the picture
 * placed that the adjustment no longer does, less any it places (again) or puts back on the floor.
 */
function removedAfter(shown: ShownVariation, adjustment: Adjustment): string[] {
  const placed = new Set(adjustment.placements.map((p) => p.productId));
  const toPlace = new Set(adjustment.leftOut ?? []);
  const ids = [...(shown.removed ?? []), ...(shown.placements ?? []).map((p) => p.productId)];
  return [...new Set(ids)].filter((id) => !placed.has(id) && !toPlace.has(id));
}

/**
 * What a picture erases: the erase last applied to it, else the pieces its render erased because products took
 * their place (drawn again without them, they would come back).
 */
function eraseOf(shown: ShownVariation): EraseInputBody | undefined {
  if (shown.erase) return shown.erase;
  const replaced = (shown.pieces ?? []).filter((piece) => piece.erased);
  return replaced.length > 0
    ? { strokes: [], pieces: replaced.map(({ id, polygon }) => ({ id, polygon })) }
    : undefined;
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

/** The words over the progress bar: the line's place while queued, then what the render is at by its percentage. */
function progressLine(mode: Mode, job: RenderJob | null): string {
  if (!job) return 'Sending your design…';
  if (job.status === 'queued') {
    const ahead = (job.position ?? 1) - 1;
    return ahead <= 0 ? 'Next in line…' : `Waiting in line: ${ahead} ${ahead === 1 ? 'design' : 'designs'} ahead…`;
  }
  const lines = progressCopy[mode];
  return lines[Math.min(lines.length - 1, Math.floor((job.progress / 100) * lines.length))]!;
}

interface RenderingProgressProps {
  mode: Mode;
  beforeUrl: string | null;
  job: RenderJob | null;
  onCancel: () => void;
}

/** The render under way: the space under a shimmer, the job's real progress, and a way to cancel it. */
function RenderingProgress({ mode, beforeUrl, job, onCancel }: RenderingProgressProps) {
  const percent = job?.status === 'running' ? job.progress : 0;
  const count = job?.variationCount ?? 0;

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
        <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/75 via-black/35 to-transparent p-4 pt-14">
          <div className="flex items-baseline justify-between gap-3">
            <p role="status" className="text-sm font-semibold text-white">
              {progressLine(mode, job)}
            </p>
            {job?.status === 'running' && (
              <span className="text-sm font-semibold tabular-nums text-white/90">{percent}%</span>
            )}
          </div>
          <RenderProgressBar percent={percent} className="bg-white/25" barClassName="bg-white" />
        </div>
      </ImageFrame>
      <div className="mt-3 flex items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          {count > 1 ? `${count} variations to choose from. ` : ''}You can continue and write your post meanwhile.
        </p>
        <Button variant="outline" size="sm" className="shrink-0" disabled={!job} onClick={onCancel}>
          <X className="size-4" aria-hidden />
          Cancel
        </Button>
      </div>
    </div>
  );
}

interface VariationPickerProps {
  variations: ShownVariation[];
  /** The indexes of the variations offered, in order. */
  offered: number[];
  chosen: number;
  onChoose: (index: number) => void;
}

/**
 * The variations side by side, each with what its arrangement changes when the server says; the one picked is the
 * one shown above and published.
 */
function VariationPicker({ variations, offered, chosen, onChoose }: VariationPickerProps) {
  return (
    <section aria-labelledby="variations-heading" className="mt-5">
      <h2 id="variations-heading" className="text-sm font-semibold">
        Pick the one to publish
      </h2>
      <div className={cn('mt-2 grid items-start gap-2', offered.length > 2 ? 'grid-cols-4' : 'grid-cols-2')}>
        {offered.map((index, position) => {
          const variation = variations[index]!;
          const isChosen = index === chosen;
          const labelId = `variation-label-${index}`;
          // the label sits under the button, not in it: its text is not the button's name (WCAG 2.5.3)
          return (
            <div key={variation.imageUrl} className="flex flex-col gap-1">
              <button
                type="button"
                aria-pressed={isChosen}
                aria-label={`Variation ${position + 1}`}
                aria-describedby={variation.label ? labelId : undefined}
                onClick={() => onChoose(index)}
                className={cn(
                  'flex flex-col rounded-xl text-left outline-none ring-offset-2 ring-offset-background transition focus-visible:ring-2 focus-visible:ring-ring',
                  isChosen ? '' : 'opacity-80 hover:opacity-100',
                )}
              >
                <span
                  className={cn(
                    'relative block aspect-[4/3] w-full overflow-hidden rounded-xl bg-muted',
                    isChosen && 'ring-2 ring-primary',
                  )}
                >
                  <ResponsiveImage
                    src={variation.imageUrl}
                    alt=""
                    sizes={imageSizes.halfColumn}
                    className="absolute inset-0 size-full object-cover"
                  />
                  {isChosen && <SelectedMark className="top-1.5 right-1.5 shadow" />}
                  <span className="absolute bottom-1.5 left-1.5 rounded-md bg-black/55 px-1.5 py-0.5 text-xs font-medium text-white">
                    {position + 1}
                  </span>
                </span>
              </button>
              {variation.label && (
                <span
                  id={labelId}
                  className={cn(
                    'line-clamp-2 px-0.5 text-xs leading-tight',
                    isChosen ? 'font-medium text-foreground' : 'text-muted-foreground',
                  )}
                >
                  {variation.label}
                </span>
              )}
            </div>
          );
        })}
      </div>
    </section>
  );
}

type VideoState = { status: 'idle' } | { status: 'creating' } | { status: 'ready'; url: string };

/** docs/product.md §4: 'Create Video' → 'Creating Video...' for 2 s → the clip plays. */
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
