import type { RenderPlacement } from '@dwellscape/shared';
import { useGesture } from '@use-gesture/react';
import { Check, Move, Trash2, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ResponsiveImage, imageSizes } from '@/components/ui/responsive-image';
import { cn } from '@/lib/cn';

/** Scale limits against the size the render chose: half to twice. */
const MIN_SCALE = 50;
const MAX_SCALE = 200;
/** An arrow key moves the chosen product by this share of the picture. */
const KEY_STEP = 0.01;

export interface AdjustableProduct {
  productId: string;
  name: string;
}

interface Draft {
  placement: RenderPlacement;
  /** Size against the render's own, in percent (the slider). */
  scale: number;
  removed: boolean;
}

interface PlacementAdjusterProps {
  imageUrl: string;
  /** The render's size in pixels: placements are in these. */
  imageWidth: number;
  imageHeight: number;
  placements: RenderPlacement[];
  products: AdjustableProduct[];
  /** Draws the design again with these placements; resolves when the new picture is shown. */
  onApply: (placements: RenderPlacement[]) => Promise<void>;
  onCancel: () => void;
}

/**
 * Adjusting a render (issue #21): each product's box over the picture; drag one to move it, pinch it or use the
 * slider to scale it, remove it. Apply draws the design again on the server with the new placements.
 */
export function PlacementAdjuster({
  imageUrl,
  imageWidth,
  imageHeight,
  placements,
  products,
  onApply,
  onCancel,
}: PlacementAdjusterProps) {
  const [drafts, setDrafts] = useState<Draft[]>(() =>
    placements.map((placement) => ({ placement, scale: 100, removed: false })),
  );
  const [selectedId, setSelectedId] = useState<string | null>(placements[0]?.productId ?? null);
  const [isApplying, setIsApplying] = useState(false);
  const frameRef = useRef<HTMLDivElement>(null);

  const nameOf = (productId: string) => products.find((p) => p.productId === productId)?.name ?? 'Product';
  const selected = drafts.find((d) => d.placement.productId === selectedId && !d.removed) ?? null;
  const changed = drafts.some((d, n) => d.removed || d.scale !== 100 || d.placement.box !== placements[n]?.box);

  const update = (productId: string, change: (draft: Draft) => Draft) =>
    setDrafts((list) => list.map((d) => (d.placement.productId === productId ? change(d) : d)));

  /** Moves a box by a distance in picture pixels, kept inside the picture. */
  const moveBy = (productId: string, dx: number, dy: number) =>
    update(productId, (d) => {
      const box = d.placement.box;
      return {
        ...d,
        placement: {
          ...d.placement,
          box: {
            ...box,
            x: Math.round(clamp(box.x + dx, 0, imageWidth - box.width)),
            y: Math.round(clamp(box.y + dy, 0, imageHeight - box.height)),
          },
        },
      };
    });

  /** Scales a box about its foot (the middle of its bottom edge): a product stays standing where it stood. */
  const scaleTo = (productId: string, scale: number) =>
    update(productId, (d) => {
      const next = clamp(Math.round(scale), MIN_SCALE, MAX_SCALE);
      const box = d.placement.box;
      const factor = next / d.scale;
      const width = clamp(Math.round(box.width * factor), 1, imageWidth);
      const height = clamp(Math.round(box.height * factor), 1, imageHeight);
      const x = clamp(Math.round(box.x + box.width / 2 - width / 2), 0, imageWidth - width);
      const y = clamp(Math.round(box.y + box.height - height), 0, imageHeight - height);
      return { ...d, scale: next, placement: { ...d.placement, box: { x, y, width, height } } };
    });

  /** Picture pixels per screen pixel: the frame shows the whole picture. */
  const pictureScale = () => imageWidth / (frameRef.current?.clientWidth || imageWidth);

  const bind = useGesture(
    {
      onDrag: ({ args: [productId], delta: [dx, dy], pinching, first }) => {
        if (pinching) return;
        if (first) setSelectedId(productId as string);
        const k = pictureScale();
        moveBy(productId as string, dx * k, dy * k);
      },
      onPinch: ({ args: [productId], offset: [scale], first }) => {
        if (first) setSelectedId(productId as string);
        scaleTo(productId as string, scale * 100);
      },
    },
    {
      drag: { filterTaps: true, pointer: { keys: false } },
      pinch: { scaleBounds: { min: MIN_SCALE / 100, max: MAX_SCALE / 100 }, rubberband: false },
    },
  );

  const apply = async () => {
    setIsApplying(true);
    try {
      await onApply(drafts.filter((d) => !d.removed).map((d) => d.placement));
    } finally {
      setIsApplying(false);
    }
  };

  return (
    <div>
      <div
        className="relative w-full overflow-hidden rounded-2xl bg-muted shadow-card"
        style={{ aspectRatio: `${imageWidth} / ${imageHeight}` }}
      >
        <div ref={frameRef} className="absolute inset-0">
          <ResponsiveImage
            src={imageUrl}
            alt="Your redesigned space, being adjusted"
            sizes={imageSizes.column}
            priority
            className="absolute inset-0 size-full object-fill"
          />
          {drafts.map((draft) => {
            if (draft.removed) return null;
            const { productId, box } = draft.placement;
            const isSelected = productId === selectedId;
            return (
              <button
                key={productId}
                type="button"
                {...bind(productId)}
                aria-label={`Move ${nameOf(productId)}`}
                aria-pressed={isSelected}
                onClick={() => setSelectedId(productId)}
                onFocus={() => setSelectedId(productId)}
                onKeyDown={(event) => {
                  const step = KEY_STEP * imageWidth;
                  const moves: Record<string, [number, number]> = {
                    ArrowLeft: [-step, 0],
                    ArrowRight: [step, 0],
                    ArrowUp: [0, -step],
                    ArrowDown: [0, step],
                  };
                  const move = moves[event.key];
                  if (!move) return;
                  event.preventDefault();
                  setSelectedId(productId);
                  moveBy(productId, move[0], move[1]);
                }}
                className={cn(
                  'absolute touch-none rounded-md border-2 border-dashed outline-none transition-colors',
                  'focus-visible:ring-2 focus-visible:ring-primary focus-visible:ring-offset-1',
                  isSelected ? 'z-10 border-primary bg-primary/15' : 'border-white/80 bg-white/5 hover:bg-white/15',
                )}
                style={{
                  left: `${(box.x / imageWidth) * 100}%`,
                  top: `${(box.y / imageHeight) * 100}%`,
                  width: `${(box.width / imageWidth) * 100}%`,
                  height: `${(box.height / imageHeight) * 100}%`,
                }}
              >
                {isSelected && (
                  <span className="pointer-events-none absolute -top-7 left-0 max-w-[12rem] truncate rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground">
                    {nameOf(productId)}
                  </span>
                )}
              </button>
            );
          })}
        </div>
      </div>

      <p className="mt-3 flex items-center gap-2 text-sm text-muted-foreground">
        <Move className="size-4 shrink-0" aria-hidden />
        Drag a product to move it, pinch or use the slider to resize it.
      </p>

      {selected ? (
        <div className="mt-3 rounded-2xl border border-border bg-card p-4">
          <div className="flex items-center justify-between gap-3">
            <p className="min-w-0 truncate text-sm font-semibold">{nameOf(selected.placement.productId)}</p>
            <Button
              variant="outline"
              size="sm"
              onClick={() => {
                const id = selected.placement.productId;
                update(id, (d) => ({ ...d, removed: true }));
                setSelectedId(
                  drafts.find((d) => !d.removed && d.placement.productId !== id)?.placement.productId ?? null,
                );
              }}
            >
              <Trash2 className="size-4" aria-hidden />
              Remove {nameOf(selected.placement.productId)}
            </Button>
          </div>
          <label className="mt-3 block text-sm text-muted-foreground" htmlFor="placement-size">
            Size of {nameOf(selected.placement.productId)}: {selected.scale}%
          </label>
          <input
            id="placement-size"
            type="range"
            min={MIN_SCALE}
            max={MAX_SCALE}
            step={5}
            value={selected.scale}
            onChange={(event) => scaleTo(selected.placement.productId, Number(event.target.value))}
            className="mt-2 w-full accent-primary"
          />
        </div>
      ) : (
        <p className="mt-3 text-sm text-muted-foreground">
          Every product is removed. Apply to see the room without them.
        </p>
      )}

      <div className="mt-4 flex gap-3">
        <Button variant="outline" className="flex-1" disabled={isApplying} onClick={onCancel}>
          <X className="size-4" aria-hidden />
          Cancel
        </Button>
        <Button className="flex-1" isLoading={isApplying} disabled={!changed} onClick={() => void apply()}>
          {!isApplying && <Check className="size-4" aria-hidden />}
          Apply changes
        </Button>
      </div>
    </div>
  );
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
