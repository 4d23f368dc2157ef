import {
  messages,
  type DesignProduct,
  type Mode,
  type OwnItemChoice,
  type ShownDesign,
  type UploadedProductImage,
  toOwnItemChoice,
} from '@dwellscape/shared';
import { RefreshCw, Wand2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { OwnItemBadge } from '@/components/ui/own-item-badge';
import { ResponsiveImage, imageSizes } from '@/components/ui/responsive-image';
import { paths } from '@/config/paths';
import { useSpaces } from '@/lib/api/get-spaces';
import type { GenerateDesignImageInput } from '../api/generate-design-image';
import { useTemplates } from '../api/get-templates';
import {
  beginSeeInSpaceRender,
  cancelRender,
  chooseVariation,
  chosenVariation,
  createDesignSessionId,
  useRenderState,
} from '../stores/render-session';
import { remixHandoff } from '../utils/post-creation-handoff';
import { spaceImageOf } from '../utils/render-plan';
import { uploadedSpaceTypeOf } from '../utils/space-type';
import { OwnItemsEditor } from './own-items-editor';
import { RenderStage } from './render-result-step';
import { SpaceChooser, type SpaceChoice } from './space-chooser';
import { StepFrame } from './step-layout';

type Stage = 1 | 2 | 3;
const STAGE_COUNT = 3;
const stageHeadings: Record<Stage, string> = {
  1: 'Choose products',
  2: messages.create.steps[2]!.heading,
  3: messages.create.steps[3]!.heading,
};

const noSpace: SpaceChoice = { uploadedSpaceImage: null, selectedSpaceId: null, selectedSpaceType: '' };

/** What the person chose to place: the design's products (the creator's own items among them) and their own. */
export interface SeeInSpaceChoice {
  products: DesignProduct[];
  ownItems: OwnItemChoice[];
}

export interface SeeInSpaceFlowProps {
  design: ShownDesign;
  /** 'Purchase Products' after the render. */
  onPurchase: (chosen: SeeInSpaceChoice) => void;
  /** Back from the first stage: to the design. */
  onLeave: () => void;
}

/**
 * docs/product.md §2 see-in-space, on the create flow's own parts: its own-items upload (with sizes), its space choice (the
 * person's photo, the mode's templates and spaces), and its render step (the same render job, before/after,
 * variations, adjusting); then 'Publish to Community' as a remix, or 'Purchase Products'.
 */
export function SeeInSpaceFlow({ design, onPurchase, onLeave }: SeeInSpaceFlowProps) {
  const navigate = useNavigate();
  const mode = design.mode;
  const [stage, setStage] = useState<Stage>(1);
  const [checkedIds, setCheckedIds] = useState<ReadonlySet<string>>(
    () => new Set(design.selectedProducts.map((product) => product.id)),
  );
  const [ownItems, setOwnItems] = useState<UploadedProductImage[]>([]);
  const [sizesRight, setSizesRight] = useState(true);
  const [space, setSpace] = useState<SpaceChoice>(noSpace);
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [renderedSpace, setRenderedSpace] = useState<string | null>(null);
  const templates = useTemplates(mode);
  const spaces = useSpaces(mode);
  const state = useRenderState(sessionId ?? '');

  // leaving the view gives up a render still under way
  const latestSession = useRef(sessionId);
  latestSession.current = sessionId;
  useEffect(() => () => void (latestSession.current && cancelRender(latestSession.current)), []);

  const chosenProducts = design.selectedProducts.filter((product) => checkedIds.has(product.id));
  const hasProducts = chosenProducts.length + ownItems.length > 0;
  const presetsReady = templates.isSuccess && spaces.isSuccess;
  const spaceImage = presetsReady ? spaceImageOf(space, templates.data, spaces.data) : space.uploadedSpaceImage;

  const render = () => {
    if (!spaceImage) return;
    const id = createDesignSessionId();
    beginSeeInSpaceRender(id, renderInputOf(design, chosenProducts, ownItems, space, spaceImage));
    setSessionId(id);
    setRenderedSpace(spaceImage);
    setStage(3);
  };

  const back = () => {
    if (stage === 1) return onLeave();
    if (stage === 3 && sessionId) cancelRender(sessionId);
    setStage(stage === 3 ? 2 : 1);
  };

  const shown = state?.status === 'succeeded' ? chosenVariation(state) : null;
  // buying needs no picture: once the render has ended, however it ended, the products can be bought
  const hasEnded = state !== undefined && state.status !== 'generating';

  const publish = () => {
    if (!shown || !renderedSpace) return;
    navigate(paths.createDesign.step('post-creation'), {
      state: remixHandoff(design, shown.imageUrl, renderedSpace, chosenProducts, ownChoices),
    });
  };

  const ownChoices = ownItems.map(toOwnItemChoice);
  const purchase = () => onPurchase({ products: chosenProducts, ownItems: ownChoices });

  const actions =
    stage === 1 ? (
      <Button size="lg" className="flex-1" disabled={!hasProducts || !sizesRight} onClick={() => setStage(2)}>
        {messages.shop.continueToSpace}
      </Button>
    ) : stage === 2 ? (
      <Button size="lg" className="flex-1" disabled={!spaceImage} onClick={render}>
        <Wand2 className="size-5" aria-hidden />
        {messages.shop.renderNew}
      </Button>
    ) : (
      // side by side on a 390 px phone only without icons, and with the longer label given the wider share so that
      // neither wraps (equal halves broke 'Publish to Community' over two lines); larger text may still wrap
      <div className="grid w-full grid-cols-[6fr_5fr] gap-2">
        <Button
          size="lg"
          className="min-w-0 px-2 text-sm leading-tight whitespace-normal"
          disabled={!shown}
          onClick={publish}
        >
          {messages.shop.publish}
        </Button>
        <Button
          size="lg"
          variant="outline"
          className="min-w-0 px-2 text-sm leading-tight whitespace-normal"
          disabled={!hasEnded}
          onClick={purchase}
        >
          Purchase Products
        </Button>
      </div>
    );

  return (
    <StepFrame
      id="see-in-space"
      eyebrow={`${messages.shop.seeInSpace} · ${design.title}`}
      heading={stageHeadings[stage]}
      back={{ onClick: back, label: stage === 1 ? 'Back to the design' : 'Back' }}
      current={stage}
      total={STAGE_COUNT}
      description={stageDescription(stage, mode)}
      actions={actions}
    >
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
          <OwnItemsEditor
            mode={mode}
            items={ownItems}
            onItemsChange={setOwnItems}
            heading="Your own products"
            uploadLabel={messages.shop.addOwn}
            onValidityChange={setSizesRight}
          />
        </>
      )}

      {stage === 2 && (
        <SpaceChooser mode={mode} choice={space} onChange={(change) => setSpace({ ...space, ...change })} />
      )}

      {stage === 3 && sessionId && (
        <RenderStage
          key={sessionId}
          sessionId={sessionId}
          state={state}
          mode={mode}
          beforeUrl={renderedSpace}
          onRetry={render}
          onCancel={() => cancelRender(sessionId)}
          onChoose={(index) => chooseVariation(sessionId, index)}
          onChooseSpace={() => setStage(2)}
          onChooseProducts={() => setStage(1)}
        />
      )}
      {stage === 3 && !sessionId && (
        <EmptyState
          icon={RefreshCw}
          title={messages.create.noSpace}
          action={<Button onClick={() => setStage(2)}>Choose a space</Button>}
        />
      )}
    </StepFrame>
  );
}

function stageDescription(stage: Stage, mode: Mode): string {
  const place = mode === 'landscape' ? 'outdoor space' : 'room';
  if (stage === 1) return `Pick the products to try in your ${place}, or add photos of your own.`;
  if (stage === 2) return `Upload a photo of your ${place}, or start from one of ours.`;
  return `Your ${place}, with the products you picked.`;
}

/**
 * The create flow's render form for these products in this space: catalogue products with their ids (the server
 * reads their names, categories and sizes from the catalogue), the creator's own items and the person's as uploaded
 * pictures, the original design's answers and the space's type.
 */
export function renderInputOf(
  design: ShownDesign,
  chosen: readonly DesignProduct[],
  ownItems: readonly UploadedProductImage[],
  space: SpaceChoice,
  spaceImageUrl: string,
): GenerateDesignImageInput {
  return {
    spaceImageUrl,
    selectedProducts: chosen
      .filter((product) => !product.ownItem)
      .map(({ id, name, price, brandId, imageUrl, quantity }) => ({ id, name, price, brandId, imageUrl, quantity })),
    uploadedProductImages: [
      ...chosen
        .filter((product) => product.ownItem)
        .map((product) => ({ id: product.id, url: product.imageUrl, name: product.name, price: 0 })),
      ...ownItems,
    ],
    userAnswers: 'userAnswers' in design && design.userAnswers ? design.userAnswers : {},
    spaceType: space.uploadedSpaceImage
      ? uploadedSpaceTypeOf(design.mode)
      : space.selectedSpaceType || uploadedSpaceTypeOf(design.mode),
    mode: design.mode,
  };
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
