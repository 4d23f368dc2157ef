import {
  messages,
  type ShownDesign,
  type DesignProduct,
  type FidelityReceipt,
  type RenderJob,
} from '@dwellscape/shared';
import { ArrowLeft, Camera, Check, ImagePlus, Send, ShoppingBag, Wand2, X } from 'lucide-react';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router';
import { FidelityReceiptLine } from '@/components/fidelity-receipt/fidelity-receipt';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { OwnItemBadge } from '@/components/ui/own-item-badge';
import { ResponsiveImage, imageSizes } from '@/components/ui/responsive-image';
import { SelectedMark } from '@/components/ui/selected-mark';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { ProgressSteps } from '@/components/ui/stepper';
import { RenderProgressBar } from '@/components/ui/render-progress-bar';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useRenderInSpace } from '../api/render-in-space';
import { useSpaces } from '@/lib/api/get-spaces';
import { useImageUploads } from '../hooks/use-image-uploads';
import {
  additionalPhotosFor,
  ownProductLine,
  ownProductName,
  productLine,
  remixHandoff,
  renderPromptFor,
  type OwnProduct,
  type ShopLine,
} from '../utils/shop-lines';

type Stage = 1 | 2 | 3;
const STAGE_COUNT = 3;
const stageTitles: Record<Stage, string> = { 1: 'Choose products', 2: 'Choose your space', 3: 'Your new design' };

/** SPEC §2: a preset is one of two room styles of the design's mode. */
const ROOM_STYLE_COUNT = 2;

interface ChosenSpace {
  imageUrl: string;
  /** A preset's id, or null for the person's own photo. */
  presetId: string | null;
}

interface SeeInSpaceViewProps {
  design: ShownDesign;
  onPurchase: (lines: ShopLine[]) => void;
}

/** SPEC §2 see-in-space: pick products, pick a space, render them together, then publish or buy. */
export function SeeInSpaceView({ design, onPurchase }: SeeInSpaceViewProps) {
  const navigate = useNavigate();
  const [stage, setStage] = useState<Stage>(1);
  const [checkedIds, setCheckedIds] = useState<ReadonlySet<string>>(
    () => new Set(design.selectedProducts.map((product) => product.id)),
  );
  const [ownProducts, setOwnProducts] = useState<OwnProduct[]>([]);
  const [space, setSpace] = useState<ChosenSpace | null>(null);
  const [renderedImage, setRenderedImage] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<FidelityReceipt | null>(null);
  // the render job's place in the line and progress while it runs; leaving the stage gives it up
  const [progress, setProgress] = useState<RenderJob | null>(null);
  const rendering = useRef<AbortController | null>(null);
  const { mutateAsync: renderInSpace } = useRenderInSpace();
  const giveUpRender = () => {
    rendering.current?.abort();
    rendering.current = null;
  };
  useEffect(() => giveUpRender, []);

  const chosenProducts = design.selectedProducts.filter((product) => checkedIds.has(product.id));
  const hasProducts = chosenProducts.length + ownProducts.length > 0;

  const render = async () => {
    if (!space) return;
    giveUpRender();
    const controller = new AbortController();
    rendering.current = controller;
    setStage(3);
    setRenderedImage(null);
    setReceipt(null);
    setProgress(null);
    try {
      const rendered = await renderInSpace({
        input: {
          prompt: renderPromptFor(design.mode, chosenProducts, ownProducts),
          spaceImage: space.imageUrl,
          additionalPhotos: additionalPhotosFor(chosenProducts, ownProducts),
        },
        sampleImageUrl: design.afterImageUrl,
        signal: controller.signal,
        onProgress: (job) => !controller.signal.aborted && setProgress(job),
      });
      setRenderedImage(rendered.imageUrl);
      setReceipt(rendered.receipt);
    } catch {
      // given up: the person left this stage, or started another render
    }
  };

  const publish = () => {
    if (!renderedImage || !space) return;
    navigate(paths.createDesign.step('post-creation'), {
      state: remixHandoff(design, renderedImage, space.imageUrl, chosenProducts, ownProducts),
    });
  };

  const purchase = () => onPurchase([...chosenProducts.map(productLine), ...ownProducts.map(ownProductLine)]);

  return (
    <div className="space-y-4">
      <div className="flex min-h-9 items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{stageTitles[stage]}</h2>
        {stage > 1 && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              if (stage === 3) giveUpRender();
              setStage((current) => (current === 3 ? 2 : 1));
            }}
          >
            <ArrowLeft className="size-4" aria-hidden />
            Previous Step
          </Button>
        )}
      </div>
      <ProgressSteps current={stage} total={STAGE_COUNT} />

      {stage === 1 && (
        <>
          <ProductChecklist
            products={design.selectedProducts}
            checkedIds={checkedIds}
            onToggle={(id) =>
              setCheckedIds((current) => {
                const next = new Set(current);
                if (next.has(id)) next.delete(id);
                else next.add(id);
                return next;
              })
            }
          />
          <OwnProductsUpload
            ownProducts={ownProducts}
            onAdd={(added) =>
              setOwnProducts((current) => [
                ...current,
                ...added.filter((item) => !current.some((existing) => existing.url === item.url)),
              ])
            }
            onRemove={(url) => setOwnProducts((current) => current.filter((item) => item.url !== url))}
          />
          <Button size="lg" className="w-full" disabled={!hasProducts} onClick={() => setStage(2)}>
            {messages.shop.continueToSpace}
          </Button>
        </>
      )}

      {stage === 2 && (
        <>
          <SpaceChooser design={design} space={space} onChoose={setSpace} />
          <Button size="lg" className="w-full" disabled={!space} onClick={() => void render()}>
            <Wand2 className="size-5" aria-hidden />
            {messages.shop.renderNew}
          </Button>
        </>
      )}

      {stage === 3 && (
        <>
          <div className="relative aspect-[4/3] overflow-hidden rounded-2xl bg-muted shadow-card">
            {renderedImage ? (
              <ResponsiveImage
                src={renderedImage}
                alt="Your new design"
                sizes={imageSizes.column}
                priority
                className="size-full object-cover"
              />
            ) : (
              <InSpaceProgress job={progress} />
            )}
          </div>
          {renderedImage && receipt && <FidelityReceiptLine receipt={receipt} mode={design.mode} />}
          <div className="grid gap-2">
            <Button size="lg" disabled={!renderedImage} onClick={publish}>
              <Send className="size-5" aria-hidden />
              {messages.shop.publish}
            </Button>
            <Button size="lg" variant="outline" disabled={!renderedImage} onClick={purchase}>
              <ShoppingBag className="size-5" aria-hidden />
              Purchase Products
            </Button>
          </div>
        </>
      )}
    </div>
  );
}

/** The re-render under way: its place in the line, then how far it is. */
function InSpaceProgress({ job }: { job: RenderJob | null }) {
  const percent = job?.status === 'running' ? job.progress : 0;
  const ahead = job?.status === 'queued' ? (job.position ?? 1) - 1 : 0;
  const line =
    job?.status === 'queued' && ahead > 0
      ? `Waiting in line: ${ahead} ${ahead === 1 ? 'design' : 'designs'} ahead…`
      : 'Rendering your space…';
  return (
    <div className="absolute inset-0 grid place-items-center">
      <Skeleton className="absolute inset-0 rounded-none" />
      <div className="relative w-56 rounded-2xl bg-surface/90 px-4 py-3 shadow-sm">
        <p role="status" className="flex items-center gap-2 text-sm font-medium">
          <Spinner className="size-4 shrink-0" />
          <span className="min-w-0 flex-1">{line}</span>
          {job?.status === 'running' && <span className="tabular-nums text-muted-foreground">{percent}%</span>}
        </p>
        <RenderProgressBar percent={percent} className="bg-muted" barClassName="bg-primary" />
      </div>
    </div>
  );
}

function ProductChecklist({
  products,
  checkedIds,
  onToggle,
}: {
  products: readonly DesignProduct[];
  checkedIds: ReadonlySet<string>;
  onToggle: (id: string) => void;
}) {
  if (products.length === 0) return null;
  return (
    <Card>
      <ul aria-label="Products to place" className="divide-y divide-border/70">
        {products.map((product) => (
          <li key={product.id}>
            <label className="flex cursor-pointer items-center gap-3 p-3">
              <input
                type="checkbox"
                className="size-5 shrink-0 cursor-pointer accent-primary"
                checked={checkedIds.has(product.id)}
                onChange={() => onToggle(product.id)}
              />
              <span className="size-12 shrink-0 overflow-hidden rounded-xl border border-border/70 bg-muted">
                <ResponsiveImage
                  src={product.imageUrl}
                  alt=""
                  sizes={imageSizes.tile4rem}
                  className="size-full object-cover"
                />
              </span>
              <span className="min-w-0 flex-1 truncate text-sm font-medium">{product.name}</span>
              {product.ownItem && <OwnItemBadge />}
            </label>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function OwnProductsUpload({
  ownProducts,
  onAdd,
  onRemove,
}: {
  ownProducts: readonly OwnProduct[];
  onAdd: (added: OwnProduct[]) => void;
  onRemove: (url: string) => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const { upload, isUploading, pendingCount } = useImageUploads();

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.currentTarget.files ?? []);
    event.currentTarget.value = '';
    const uploaded = await upload(files);
    if (uploaded.length > 0) onAdd(uploaded.map((image) => ({ url: image.url, name: ownProductName(image.fileName) })));
  };

  return (
    <Card className="p-4">
      <input
        ref={inputRef}
        type="file"
        accept="image/jpeg,image/png"
        multiple
        className="sr-only"
        aria-label={messages.shop.addOwn}
        tabIndex={-1}
        onChange={(event) => void choose(event)}
      />
      <Button variant="outline" className="w-full" isLoading={isUploading} onClick={() => inputRef.current?.click()}>
        {!isUploading && <ImagePlus className="size-5" aria-hidden />}
        {isUploading ? `Uploading ${pendingCount} ${pendingCount === 1 ? 'photo' : 'photos'}…` : messages.shop.addOwn}
      </Button>
      <p className="mt-2 text-center text-xs text-muted-foreground">{messages.shop.uploadNote}</p>
      {ownProducts.length > 0 && (
        <ul aria-label="Your own products" className="mt-3 grid grid-cols-3 gap-2">
          {ownProducts.map((item) => (
            <li
              key={item.url}
              className="relative aspect-square overflow-hidden rounded-xl border border-border/70 bg-muted"
            >
              <ResponsiveImage
                src={item.url}
                alt={item.name}
                sizes={imageSizes.thirdColumn}
                className="size-full object-cover"
              />
              <button
                type="button"
                aria-label={`Remove ${item.name}`}
                onClick={() => onRemove(item.url)}
                className="absolute top-1 right-1 grid size-7 cursor-pointer place-items-center rounded-full bg-black/60 text-white transition-colors hover:bg-black/80"
              >
                <X className="size-4" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function SpaceChooser({
  design,
  space,
  onChoose,
}: {
  design: ShownDesign;
  space: ChosenSpace | null;
  onChoose: (space: ChosenSpace | null) => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const { upload, isUploading } = useImageUploads();
  const spaces = useSpaces(design.mode);
  const roomStyles = (spaces.data ?? []).slice(0, ROOM_STYLE_COUNT);
  const ownPhoto = space && space.presetId === null ? space.imageUrl : null;

  const choosePhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.currentTarget.files ?? []).slice(0, 1);
    event.currentTarget.value = '';
    const [photo] = await upload(files);
    if (photo) onChoose({ imageUrl: photo.url, presetId: null });
  };

  return (
    <div className="space-y-4">
      <Card className="p-4">
        <h3 className="text-sm font-semibold">Your space</h3>
        <input
          ref={inputRef}
          type="file"
          accept="image/jpeg,image/png"
          className="sr-only"
          aria-label="Upload a photo of your space"
          tabIndex={-1}
          onChange={(event) => void choosePhoto(event)}
        />
        {ownPhoto ? (
          <div className="relative mt-3 aspect-[4/3] overflow-hidden rounded-xl bg-muted">
            <ResponsiveImage
              src={ownPhoto}
              alt="Your space"
              sizes={imageSizes.column}
              priority
              className="size-full object-cover"
            />
            <span className="absolute top-2 left-2 inline-flex items-center gap-1 rounded-full bg-primary px-2.5 py-1 text-xs font-semibold text-primary-foreground">
              <Check className="size-3.5" aria-hidden />
              Selected
            </span>
          </div>
        ) : null}
        <Button
          variant="outline"
          className="mt-3 w-full"
          isLoading={isUploading}
          onClick={() => inputRef.current?.click()}
        >
          {!isUploading && <Camera className="size-5" aria-hidden />}
          {isUploading ? 'Uploading photo…' : ownPhoto ? 'Replace Photo' : 'Upload a Photo'}
        </Button>
        <p className="mt-2 text-center text-xs text-muted-foreground">{messages.shop.uploadNote}</p>
      </Card>

      <div>
        <h3 className="mb-2 text-sm font-semibold">Or pick a room style</h3>
        {spaces.isPending ? (
          <div className="grid grid-cols-2 gap-3">
            <Skeleton className="aspect-[4/3] rounded-xl" />
            <Skeleton className="aspect-[4/3] rounded-xl" />
          </div>
        ) : spaces.isError ? (
          <p className="text-sm text-muted-foreground">Room styles could not be loaded. Upload a photo instead.</p>
        ) : (
          <div role="radiogroup" aria-label="Room styles" className="grid grid-cols-2 gap-3">
            {roomStyles.map((preset) => {
              const isSelected = space?.presetId === preset.id;
              return (
                <button
                  key={preset.id}
                  type="button"
                  role="radio"
                  aria-checked={isSelected}
                  onClick={() => onChoose({ imageUrl: preset.imageUrl, presetId: preset.id })}
                  className={cn(
                    'group cursor-pointer overflow-hidden rounded-xl border-2 bg-surface text-left transition-colors',
                    isSelected ? 'border-primary' : 'border-transparent hover:border-border',
                  )}
                >
                  <span className="relative block aspect-[4/3] bg-muted">
                    <ResponsiveImage
                      src={preset.thumbnailUrl}
                      alt=""
                      sizes={imageSizes.halfColumn}
                      className="size-full object-cover"
                    />
                    {isSelected && <SelectedMark />}
                  </span>
                  <span className="block truncate px-2 py-1.5 text-sm font-medium">{preset.name}</span>
                </button>
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}
