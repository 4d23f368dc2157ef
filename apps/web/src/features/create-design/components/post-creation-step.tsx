import {
  CAPTION_MAX_LENGTH,
  messages,
  OWN_ITEM_DEFAULT_NAME,
  type OwnItemChoice,
  POST_CREATION_POLL_INTERVAL_MS,
  POST_CREATION_POLL_TIMEOUT_MS,
  TITLE_MAX_LENGTH,
  type PublishDesignBody,
  type SelectedProduct,
  toOwnItemChoice,
} from '@dwellscape/shared';
import { ImageOff, Send, Sparkles } from 'lucide-react';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { accountReasons, useRequireAccount } from '@/components/account/account-sheet-provider';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { OwnItemBadge } from '@/components/ui/own-item-badge';
import { inputClasses, Label } from '@/components/ui/input';
import { ResponsiveImage, imageSizes } from '@/components/ui/responsive-image';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useDesignMode } from '@/lib/preferences';
import { useImproveCaption } from '../api/improve-text';
import { usePublishDesign } from '../api/publish-design';
import { clearCreateDraft, refreshCreateDraft, useCreateDraft, type CreateDraft } from '../stores/create-draft';
import { isRemixHandoff, readPostCreationHandoff, type PostCreationHandoff } from '../utils/post-creation-handoff';
import { aiSpaceTypeOf } from '../utils/space-type';
import { ImageFrame, WorkingSheen } from './before-after-viewer';
import { StepLayout } from './step-layout';

/** One chip of the preview's product strip. */
export interface SharedItem {
  key: string;
  name: string;
  imageUrl: string;
  /** The person's own photo, published as their own item rather than as a product. */
  ownItem: boolean;
}

/** What will be published, apart from the words the person writes here. */
interface ShareSource {
  imageUrl: string | null;
  /** What the design will list: catalogue products, then the person's own items. */
  items: SharedItem[];
  body: Omit<PublishDesignBody, 'title' | 'caption' | 'afterImageUrl'>;
}

type CatalogueLine = Pick<SelectedProduct, 'id' | 'name' | 'imageUrl'> & { quantity?: number | undefined };

/**
 * The publish body names catalogue products by id and quantity only, and own items by their stored
 * photo: the server reads names and prices from the catalogue (docs/decisions/0021).
 */
function sharedContents(products: readonly CatalogueLine[], ownItems: readonly OwnItemChoice[]) {
  return {
    items: [
      ...products.map((product) => ({
        key: `product:${product.id}`,
        name: product.name,
        imageUrl: product.imageUrl,
        ownItem: false,
      })),
      ...ownItems.map((item) => ({
        key: `own:${item.url}`,
        name: item.name.trim() || OWN_ITEM_DEFAULT_NAME,
        imageUrl: item.url,
        ownItem: true,
      })),
    ],
    selectedProducts: products.map((product) => ({ id: product.id, quantity: product.quantity ?? 1 })),
    ownItems: ownItems.map(toOwnItemChoice),
  };
}

/**
 * docs/product.md §4: the image comes from navigation state, else from the client store for this tab's design
 * session; the rest of the design is what the render step recorded for that session.
 */
export function shareSourceOf(
  handoff: PostCreationHandoff | null,
  draft: CreateDraft,
  activeMode: PublishDesignBody['mode'],
): ShareSource {
  if (isRemixHandoff(handoff)) {
    // the original's own items are its creator's photos, not products this person can list
    const products = (handoff.selectedProducts ?? []).filter((product) => !product.ownItem);
    const { items, selectedProducts, ownItems } = sharedContents(products, handoff.ownItems ?? []);
    return {
      imageUrl: handoff.generatedImage,
      items,
      body: {
        beforeImageUrl: handoff.beforeImage ?? null,
        selectedProducts,
        ownItems,
        userAnswers: handoff.userAnswers ?? {},
        spaceType: handoff.spaceType ?? '',
        mode: handoff.mode ?? activeMode,
        originalDesignId: handoff.originalPostId ?? null,
        isRegenerated: handoff.isRegenerated ?? true,
      },
    };
  }
  const session = draft.designSession;
  const isThisSession = (id: string | undefined) => Boolean(session && id === session.id);
  const imageUrl =
    (isThisSession(handoff?.designSessionId) ? handoff?.generatedImage : null) ??
    (isThisSession(draft.generatedDesign?.designSessionId) ? draft.generatedDesign?.imageUrl : null) ??
    null;
  const { items, selectedProducts, ownItems } = sharedContents(
    session?.selectedProducts ?? [],
    session?.uploadedProductImages ?? [],
  );
  return {
    imageUrl,
    items,
    body: {
      beforeImageUrl: session?.beforeImageUrl ?? null,
      selectedProducts,
      ownItems,
      userAnswers: session?.userAnswers ?? {},
      spaceType: session?.spaceType ?? '',
      mode: session?.mode ?? activeMode,
    },
  };
}

/**
 * docs/product.md §4, §9: with no image yet, look again every second for up to 30 s (storage changes from
 * other tabs arrive at once through the draft store's `storage` listener). True once it gave up.
 */
function useWaitForImage(isMissing: boolean): boolean {
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (!isMissing) return;
    setGaveUp(false);
    let polls = 0;
    const maxPolls = POST_CREATION_POLL_TIMEOUT_MS / POST_CREATION_POLL_INTERVAL_MS;
    const timer = setInterval(() => {
      polls += 1;
      refreshCreateDraft();
      if (polls >= maxPolls) {
        clearInterval(timer);
        setGaveUp(true);
      }
    }, POST_CREATION_POLL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [isMissing]);
  return isMissing && gaveUp;
}

/** Step 5 (docs/product.md §2, §4, §5): title, description and publishing to the community feed. */
export function PostCreationStep() {
  const location = useLocation();
  const navigate = useNavigate();
  const mode = useDesignMode();
  const draft = useCreateDraft();
  const handoff = readPostCreationHandoff(location.state);
  const source = shareSourceOf(handoff, draft, mode);
  const isWaiting = !source.imageUrl;
  const gaveUp = useWaitForImage(isWaiting);

  const [title, setTitle] = useState('');
  const [isTitleMissing, setIsTitleMissing] = useState(false);
  const titleRef = useRef<HTMLInputElement>(null);
  const [caption, setCaption] = useState('');
  const publish = usePublishDesign();
  const { runWithAccount } = useRequireAccount();

  // the drafts go when this screen does: cleared while it still shows, its guard would send the person to step 1
  const hasPublished = useRef(false);
  useEffect(() => {
    const published = hasPublished;
    return () => {
      if (published.current) clearCreateDraft();
    };
  }, []);

  const submit = async () => {
    if (!title.trim() || !source.imageUrl) {
      toast.warning(messages.create.missingInformation);
      if (!title.trim()) {
        // the field says what is wrong too, where the person will type (docs/product.md §5)
        setIsTitleMissing(true);
        titleRef.current?.focus();
      }
      return;
    }
    const body = { ...source.body, title: title.trim(), caption: caption.trim(), afterImageUrl: source.imageUrl };
    try {
      // signed out, the sheet asks first; this same design is published once the person has signed in
      const outcome = await runWithAccount(() => publish.mutateAsync(body), { reason: accountReasons.publish });
      if (!outcome.completed) return;
      toast.success(messages.create.publishSuccess);
      hasPublished.current = true;
      navigate(paths.home.getHref());
    } catch (error) {
      toast.error(error instanceof ApiError ? messages.create.publishFailed : messages.create.publishUnexpected);
    }
  };

  return (
    <StepLayout
      step="post-creation"
      description="Give your design a name and tell the community about it."
      actions={
        <Button
          size="lg"
          className="flex-1"
          disabled={publish.isPending || isWaiting}
          isLoading={publish.isPending}
          onClick={() => void submit()}
        >
          {!publish.isPending && <Send className="size-4" aria-hidden />}
          {publish.isPending ? 'Publishing…' : 'Publish Design'}
        </Button>
      }
    >
      <SharePreview
        imageUrl={source.imageUrl}
        beforeUrl={source.body.beforeImageUrl ?? null}
        gaveUp={gaveUp}
        title={title}
      />
      <ProductStrip items={source.items} />
      <div className="mt-6 flex flex-col gap-5">
        <TitleField
          inputRef={titleRef}
          value={title}
          isMissing={isTitleMissing}
          onChange={(value) => {
            setTitle(value);
            if (value.trim()) setIsTitleMissing(false);
          }}
        />
        <CaptionField value={caption} onChange={setCaption} spaceType={aiSpaceTypeOf(source.body.mode)} />
      </div>
    </StepLayout>
  );
}

function SharePreview({
  imageUrl,
  beforeUrl,
  gaveUp,
  title,
}: {
  imageUrl: string | null;
  beforeUrl: string | null;
  gaveUp: boolean;
  title: string;
}) {
  if (imageUrl) {
    return (
      <ImageFrame className="animate-fade-in">
        <ResponsiveImage
          src={imageUrl}
          alt={title.trim() || 'Your generated design'}
          sizes={imageSizes.column}
          priority
          className="absolute inset-0 size-full object-cover"
        />
        {beforeUrl && (
          <span className="absolute right-3 bottom-3 overflow-hidden rounded-xl border-2 border-white/90 shadow-lg">
            <ResponsiveImage
              src={beforeUrl}
              alt="Before"
              sizes={imageSizes.tile5rem}
              className="h-14 w-[4.7rem] object-cover"
            />
          </span>
        )}
      </ImageFrame>
    );
  }
  if (gaveUp) {
    return (
      <ImageFrame className="grid place-items-center p-6 text-center">
        <div>
          <ImageOff className="mx-auto size-8 text-muted-foreground" aria-hidden />
          <p role="alert" className="mt-3 text-sm font-semibold">
            Your design has not arrived.
          </p>
          <p className="mt-1 text-sm text-muted-foreground">
            Go back to render it again; it will show up here as soon as it is ready.
          </p>
        </div>
      </ImageFrame>
    );
  }
  return (
    <ImageFrame>
      {beforeUrl ? (
        <ResponsiveImage
          src={beforeUrl}
          alt=""
          sizes={imageSizes.column}
          priority
          className="absolute inset-0 size-full object-cover saturate-50"
        />
      ) : (
        <Skeleton className="absolute inset-0 rounded-none" />
      )}
      <WorkingSheen />
      <p
        role="status"
        className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/70 to-transparent p-4 pt-10 text-sm font-semibold text-white"
      >
        Your design is still being generated…
      </p>
    </ImageFrame>
  );
}

function ProductStrip({ items }: { items: readonly SharedItem[] }) {
  if (items.length === 0) return null;
  return (
    // what the person is about to publish: a toast (the render's, a missing title's) stands clear of it
    <div className="mt-4" data-toast-keep-clear>
      <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Featuring</p>
      <ul
        className="-mx-4 mt-2 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none]"
        aria-label="Products in this design"
      >
        {items.map((item) => (
          <li
            key={item.key}
            className="flex shrink-0 items-center gap-2 rounded-full border border-border/70 bg-surface py-1 pr-3 pl-1 shadow-xs"
          >
            <ResponsiveImage
              src={item.imageUrl}
              alt=""
              sizes={imageSizes.tile4rem}
              className="size-7 rounded-full bg-muted object-cover"
            />
            <span className="max-w-36 truncate text-xs font-semibold">{item.name}</span>
            {item.ownItem && <OwnItemBadge yours />}
          </li>
        ))}
      </ul>
    </div>
  );
}

function TitleField({
  inputRef,
  value,
  isMissing,
  onChange,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  value: string;
  isMissing: boolean;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const counterId = useId();
  const errorId = useId();
  return (
    <div>
      <div className="flex items-baseline justify-between">
        <Label htmlFor={id}>Title</Label>
        <span
          id={counterId}
          className={cn(
            'text-xs tabular-nums',
            value.length >= TITLE_MAX_LENGTH ? 'font-semibold text-accent' : 'text-muted-foreground',
          )}
        >
          {value.length}/{TITLE_MAX_LENGTH}
        </span>
      </div>
      <input
        ref={inputRef}
        id={id}
        className={cn(inputClasses, 'mt-1.5')}
        value={value}
        maxLength={TITLE_MAX_LENGTH}
        placeholder="Name your design"
        required
        aria-invalid={isMissing || undefined}
        aria-describedby={isMissing ? `${errorId} ${counterId}` : counterId}
        onChange={(event) => onChange(event.currentTarget.value.slice(0, TITLE_MAX_LENGTH))}
      />
      {isMissing && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-danger">
          {messages.create.titleRequired}
        </p>
      )}
    </div>
  );
}

function CaptionField({
  value,
  onChange,
  spaceType,
}: {
  value: string;
  onChange: (value: string) => void;
  spaceType: 'interior' | 'outdoor';
}) {
  const id = useId();
  const improve = useImproveCaption();

  const improveCaption = () => {
    if (!value.trim()) {
      toast.warning(messages.create.missingDescription);
      return;
    }
    improve.mutate(
      { caption: value.trim(), spaceType },
      {
        onSuccess: (improved) => {
          onChange(improved.slice(0, CAPTION_MAX_LENGTH));
          toast.success(messages.create.captionImprovedTitle, { description: messages.create.captionImprovedBody });
        },
        onError: () => toast.error(messages.create.captionFailed),
      },
    );
  };

  return (
    <Card className="p-4">
      <div className="flex items-center justify-between gap-3">
        <Label htmlFor={id}>Description</Label>
        <Button
          variant="ghost"
          size="sm"
          className="-mr-2 text-primary"
          isLoading={improve.isPending}
          onClick={improveCaption}
        >
          {!improve.isPending && <Sparkles className="size-4" aria-hidden />}
          Generate Text AI
        </Button>
      </div>
      <textarea
        id={id}
        value={value}
        rows={4}
        maxLength={CAPTION_MAX_LENGTH}
        placeholder="What makes this space yours?"
        onChange={(event) => onChange(event.currentTarget.value)}
        className="mt-2 w-full resize-y rounded-xl border border-input bg-surface px-4 py-3 text-base text-foreground shadow-xs outline-none placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:ring-4 focus-visible:ring-ring/15"
      />
    </Card>
  );
}
