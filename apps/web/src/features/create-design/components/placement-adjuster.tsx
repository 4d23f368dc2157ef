import {
  reflowBox,
  sameQuad,
  standAt,
  wholeBox,
  type FloorPlane,
  type FloorQuad,
  type Mode,
  type PlaneBox,
  type RenderLayers,
  type RenderPlacement,
} from '@dwellscape/shared';
import { useGesture } from '@use-gesture/react';
import { Check, Grid3x3, Move, RotateCcw, Trash2, X } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { FloorFinding } from '@/components/fidelity-receipt/fidelity-receipt';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { ResponsiveImage, imageSizes } from '@/components/ui/responsive-image';
import { cn } from '@/lib/cn';
import { handleHitAreas, type HitArea } from '../utils/handle-hit-areas';
import { FloorGrid } from './floor-grid';
import { LiveCanvas } from './live-canvas';

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
  /** Where it is now, in render pixels (fractions kept while adjusting; whole pixels are sent). */
  box: PlaneBox;
  /** Size against the render's own, in percent (the slider). */
  scale: number;
  removed: boolean;
  /**
   * A product the render left out, offered at a default spot (leftOutBox) to place by hand: it has no layer of its
   * own, so it shows as a framed outline until Apply draws it.
   */
  byYou?: boolean;
  /** Moved or resized by the person: a left-out one is then sent as their placement, else to the floor they set. */
  touched?: boolean;
}

/** What Apply sends: the placements, the floor they stand on, and the floor the person set (when they did). */
export interface AdjustedPlacements {
  placements: RenderPlacement[];
  plane?: FloorPlane;
  floor?: FloorPlane;
  /** The products the render left out, placed on `floor` by the server. */
  leftOut?: string[];
  /** Among `placements`: the products the render left out that the person placed by hand, drawn in their boxes. */
  placedByYou?: string[];
}

interface PlacementAdjusterProps {
  imageUrl: string;
  /** The render's size in pixels: placements are in these. */
  imageWidth: number;
  imageHeight: number;
  placements: RenderPlacement[];
  products: AdjustableProduct[];
  /** The floor the render stood the products on: they keep to it as they move (nearer is larger). */
  plane?: FloorPlane;
  /** The render without its products and each product as drawn: the products move live over the picture. */
  layers?: RenderLayers;
  /**
   * The products the render left out (chosen, without a placement): Apply sends them with the floor as the person
   * set it, and the server places them on it.
   */
  leftOut?: AdjustableProduct[];
  /** The person set the render's floor before: Apply keeps saying so. */
  floorSetByYou?: boolean;
  /** What the render's receipt says of the floor (floorFindingOf): the hints say the same as the receipt line. */
  floorFinding?: FloorFinding | null;
  mode?: Mode;
  /** Opens with the floor's grid to correct ('floor') rather than the products to move. */
  initialTool?: 'move' | 'floor';
  /** Draws the design again with these placements; resolves when the new picture is shown. */
  onApply: (adjusted: AdjustedPlacements) => Promise<void>;
  onCancel: () => void;
}

const standsOnFloor = (placement: RenderPlacement) => placement.pose === 'standing' || placement.pose === 'flat';

/**
 * Adjusting a render: each product over the picture, drawn live from its own layer as it moves (decision 0046);
 * drag one to move it along the floor (it grows as it comes nearer, as the floor's perspective says), pinch it or
 * use the slider to scale it, remove it. 'Fix the floor' shows the floor's grid to fit to the photo by its corners;
 * the products follow it. Apply draws the design again on the server.
 */
export function PlacementAdjuster({
  imageUrl,
  imageWidth,
  imageHeight,
  placements,
  products,
  plane,
  layers,
  leftOut = [],
  floorSetByYou = false,
  floorFinding = null,
  mode = 'interior',
  initialTool = 'move',
  onApply,
  onCancel,
}: PlacementAdjusterProps) {
  const [drafts, setDrafts] = useState<Draft[]>(() => [
    ...placements.map((placement) => ({ placement, box: { ...placement.box }, scale: 100, removed: false })),
    // each left-out product at the same default spot, to drag where the person wants it
    ...leftOut.map((p, n): Draft => {
      const box = leftOutBox(imageWidth, imageHeight, n, leftOut.length);
      return {
        placement: { productId: p.productId, box, pose: 'standing' },
        box,
        scale: 100,
        removed: false,
        byYou: true,
      };
    }),
  ]);
  const [selectedId, setSelectedId] = useState<string | null>(
    placements[0]?.productId ?? leftOut[0]?.productId ?? null,
  );
  // a toast left over from the result screen ('generated', 'none placed') would stand over the picture being adjusted
  useEffect(() => {
    toast.dismiss();
  }, []);
  const [isApplying, setIsApplying] = useState(false);
  // with products left out and no floor from the render, a grid over the picture's lower band to start from
  const startFloor = plane?.corners ?? (leftOut.length > 0 ? defaultFloor(imageWidth, imageHeight) : null);
  const [tool, setTool] = useState<'move' | 'floor'>(startFloor ? initialTool : 'move');
  // the floor the drafts stand on, and the floor as the person has it now (the same until a corner moves)
  const [basis, setBasis] = useState<FloorQuad | null>(startFloor);
  const [corners, setCorners] = useState<FloorQuad | null>(startFloor);
  const [floorSet, setFloorSet] = useState(floorSetByYou);
  // whether the person has been shown the grid: only a grid they have seen is a floor to place the rest on
  const [floorShown, setFloorShown] = useState(startFloor !== null && initialTool === 'floor');
  const [isLive, setIsLive] = useState(false);
  const frameRef = useRef<HTMLDivElement>(null);
  const frameSize = useFrameSize(frameRef);
  const surface = mode === 'landscape' ? 'ground' : 'floor';

  const nameOf = (productId: string) =>
    [...products, ...leftOut].find((p) => p.productId === productId)?.name ?? 'Product';
  const selected = drafts.find((d) => d.placement.productId === selectedId && !d.removed) ?? null;
  const floorMoved = basis !== null && corners !== null && !sameQuad(basis, corners);
  // the left-out products the person placed by hand, and those left to the floor they set
  const byHand = drafts.filter((d) => d.byYou && d.touched && !d.removed);
  const toFloor = leftOut.filter((p) =>
    drafts.some((d) => d.byYou && !d.touched && !d.removed && d.placement.productId === p.productId),
  );
  const placesRest = toFloor.length > 0 && corners !== null && floorShown;
  const changed =
    placesRest ||
    byHand.length > 0 ||
    floorMoved ||
    floorSet !== floorSetByYou ||
    drafts.some((d) => !d.byYou && (d.removed || d.scale !== 100 || !sameBox(d.box, d.placement.box)));

  /** Where a product is shown: its draft, re-flowed onto the floor as the person has it now. */
  const shownBox = (d: Draft): PlaneBox =>
    floorMoved && standsOnFloor(d.placement) ? reflowBox(basis!, corners!, d.box) : d.box;

  const update = (productId: string, change: (draft: Draft) => Draft) =>
    setDrafts((list) => list.map((d) => (d.placement.productId === productId ? change(d) : d)));

  /**
   * Moves a product by a distance in picture pixels. One on the floor moves its foot and takes the size the floor's
   * perspective gives it there; one on a wall or ceiling just moves. Kept inside the picture.
   */
  const moveBy = (productId: string, dx: number, dy: number) =>
    update(productId, (d) => {
      const box = d.box;
      if (basis && standsOnFloor(d.placement)) {
        const foot = [
          clamp(box.x + box.width / 2 + dx, 0, imageWidth),
          clamp(box.y + box.height + dy, 0, imageHeight),
        ] as const;
        return { ...d, touched: true, box: standAt(basis, box, foot) };
      }
      return {
        ...d,
        touched: true,
        box: {
          ...box,
          x: clamp(box.x + dx, 0, imageWidth - box.width),
          y: clamp(box.y + dy, 0, imageHeight - box.height),
        },
      };
    });

  /** Scales a box about its foot (the middle of its bottom edge): a product stays standing where it stood. */
  const scaleTo = (productId: string, scale: number) =>
    update(productId, (d) => {
      const next = clamp(Math.round(scale), MIN_SCALE, MAX_SCALE);
      const box = d.box;
      const factor = next / d.scale;
      const width = clamp(box.width * factor, 1, imageWidth);
      const height = clamp(box.height * factor, 1, imageHeight);
      const x = clamp(box.x + box.width / 2 - width / 2, 0, imageWidth - width);
      const y = clamp(box.y + box.height - height, 0, imageHeight - height);
      return { ...d, touched: true, scale: next, box: { x, y, width, height } };
    });

  /** Back to moving products: they now stand on the floor as the person set it. */
  const keepFloor = () => {
    if (floorMoved) {
      setDrafts((list) => list.map((d) => ({ ...d, box: shownBox(d) })));
      setBasis(corners);
      setFloorSet(true);
    }
    setTool('move');
  };

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
      const kept = drafts
        .filter((d) => !d.removed && (!d.byYou || d.touched))
        .map((d) => ({ ...d.placement, box: wholeBox(d.box, imageWidth, imageHeight) }));
      // placing the products left out trusts the grid as the person has it: the floor is theirs
      const setByYou = floorSet || floorMoved || placesRest;
      await onApply({
        placements: kept,
        ...(basis ? { plane: planeOf(basis) } : {}),
        ...(setByYou && corners ? { floor: planeOf(corners) } : {}),
        ...(placesRest ? { leftOut: toFloor.map((p) => p.productId) } : {}),
        ...(byHand.length > 0 ? { placedByYou: byHand.map((d) => d.placement.productId) } : {}),
      });
    } finally {
      setIsApplying(false);
    }
  };

  const liveProducts = useMemo(
    () =>
      drafts
        // a left-out product has no layer to draw live: its outline shows where it goes
        .filter((d) => !d.removed && !d.byYou)
        .map((d) => ({
          productId: d.placement.productId,
          from: d.placement.box,
          to: shownBox(d),
          ...(d.placement.pose ? { pose: d.placement.pose } : {}),
          // drawn receding to a wall's vanishing point: the live layer is warped again from its new box, as Apply does
          ...(d.placement.view?.recede ? { recede: d.placement.view.recede } : {}),
        })),
    // shownBox reads these
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [drafts, basis, corners],
  );

  // each handle's hit area on the frame (at least 44 × 44, the nearest middle winning where two meet), once the
  // frame has a size; until then the handle's own box
  const shownDrafts = drafts.filter((d) => !d.removed);
  const hitAreas = new Map<string, HitArea>();
  if (frameSize && tool === 'move') {
    const kx = frameSize.width / imageWidth;
    const ky = frameSize.height / imageHeight;
    const boxes = shownDrafts.map((d) => {
      const box = shownBox(d);
      return { x: box.x * kx, y: box.y * ky, width: box.width * kx, height: box.height * ky };
    });
    handleHitAreas(boxes, frameSize).forEach((area, n) => hitAreas.set(shownDrafts[n]!.placement.productId, area));
  }

  // a toast (the render's 'generated' still up as the adjuster opens) leaves free what a person reads or taps here:
  // the handles (buttons), the chosen product's name over the picture and the lines under it (data-toast-keep-clear)
  return (
    <div>
      <div className="relative w-full" style={{ aspectRatio: `${imageWidth} / ${imageHeight}` }}>
        <div className="absolute inset-0 overflow-hidden rounded-2xl bg-muted shadow-card">
          <div ref={frameRef} className="absolute inset-0">
            <ResponsiveImage
              src={imageUrl}
              alt="Your redesigned space, being adjusted"
              sizes={imageSizes.column}
              priority
              className="absolute inset-0 size-full object-fill"
            />
            {layers && (
              <LiveCanvas
                layers={layers}
                products={liveProducts}
                renderWidth={imageWidth}
                renderHeight={imageHeight}
                onReady={setIsLive}
              />
            )}
            {drafts.map((draft) => {
              if (draft.removed) return null;
              const { productId } = draft.placement;
              const box = shownBox(draft);
              const isSelected = productId === selectedId && tool === 'move';
              const shownLive = isLive && !draft.byYou;
              return (
                <button
                  key={productId}
                  type="button"
                  {...bind(productId)}
                  aria-label={`Move ${nameOf(productId)}`}
                  aria-pressed={isSelected}
                  disabled={tool !== 'move'}
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
                    // the finger lands on its hit area (below), not on the drawn box: the two may differ
                    'pointer-events-none absolute touch-none rounded-md outline-none transition-colors',
                    'focus-visible:ring-2 focus-visible:ring-primary focus-visible:ring-offset-1',
                    tool !== 'move' && 'pointer-events-none border-0',
                    tool === 'move' && 'border-2 border-dashed',
                    // drawn live, the product itself shows: the frame only marks the one chosen
                    tool === 'move' &&
                      (isSelected
                        ? cn('border-primary', !shownLive && 'bg-primary/15')
                        : shownLive
                          ? 'border-transparent hover:border-white/70'
                          : 'border-white/80 bg-white/5 hover:bg-white/15'),
                  )}
                  style={{
                    left: `${(box.x / imageWidth) * 100}%`,
                    top: `${(box.y / imageHeight) * 100}%`,
                    width: `${(box.width / imageWidth) * 100}%`,
                    height: `${(box.height / imageHeight) * 100}%`,
                  }}
                >
                  <HitAreaOf
                    area={hitAreas.get(productId)}
                    box={box}
                    frame={frameSize}
                    imageWidth={imageWidth}
                    imageHeight={imageHeight}
                    active={tool === 'move'}
                  />
                  {isSelected && (
                    <span
                      data-toast-keep-clear
                      className={cn(
                        'pointer-events-none absolute -top-7 z-50 max-w-[12rem] truncate rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground',
                        // toward the picture's middle: at its right edge a left-anchored name ran out of the frame
                        box.x + box.width / 2 > imageWidth / 2 ? 'right-0' : 'left-0',
                      )}
                    >
                      {nameOf(productId)}
                    </span>
                  )}
                  {draft.byYou && !isSelected && tool === 'move' && (
                    <span className="pointer-events-none absolute inset-x-1 bottom-1 truncate rounded-full bg-black/60 px-2 py-0.5 text-center text-xs font-medium text-white">
                      {nameOf(productId)}
                    </span>
                  )}
                </button>
              );
            })}
          </div>
        </div>
        {tool === 'floor' && corners && (
          <FloorGrid
            corners={corners}
            width={imageWidth}
            height={imageHeight}
            surface={surface}
            onChange={setCorners}
          />
        )}
      </div>

      {tool === 'floor' && corners ? (
        <div data-toast-keep-clear className="mt-3 rounded-2xl border border-border bg-card p-4">
          <p className="flex items-center gap-2 text-sm font-semibold">
            <Grid3x3 className="size-4 shrink-0" aria-hidden />
            The {surface} your products stand on
          </p>
          {leftOut.length > 0 ? (
            <p className="mt-1 text-sm text-muted-foreground">
              {restHint(surface, floorFinding)} Left out: {leftOut.map((p) => p.name).join(', ')}.
            </p>
          ) : (
            <p className="mt-1 text-sm text-muted-foreground">
              Drag its four corners to where the {surface} is in your photo; the products follow it.
            </p>
          )}
          <div className="mt-3 flex gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={!startFloor || sameQuad(corners, startFloor)}
              onClick={() => {
                if (!startFloor) return;
                setCorners(startFloor);
                if (basis && sameQuad(basis, startFloor)) setFloorSet(floorSetByYou);
              }}
            >
              <RotateCcw className="size-4" aria-hidden />
              Reset {surface}
            </Button>
            <Button variant="secondary" size="sm" onClick={keepFloor}>
              <Move className="size-4" aria-hidden />
              Move products
            </Button>
          </div>
        </div>
      ) : (
        <>
          <div data-toast-keep-clear className="mt-3 flex items-center justify-between gap-3">
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <Move className="size-4 shrink-0" aria-hidden />
              Drag a product to move it, pinch or use the slider to resize it.
            </p>
            {corners && (
              <Button
                variant="outline"
                size="sm"
                className="shrink-0"
                onClick={() => {
                  setTool('floor');
                  setFloorShown(true);
                }}
              >
                <Grid3x3 className="size-4" aria-hidden />
                Fix the {surface}
              </Button>
            )}
          </div>

          {selected ? (
            <div data-toast-keep-clear className="mt-3 rounded-2xl border border-border bg-card p-4">
              <div className="flex items-start justify-between gap-3">
                {/* the whole name, on as many lines as it needs: at 390 px a long one was cut to 'Bl…' */}
                <p className="min-w-0 break-words pt-1.5 text-sm font-semibold">
                  {nameOf(selected.placement.productId)}
                </p>
                <Button
                  variant="outline"
                  size="sm"
                  className="shrink-0"
                  onClick={() => {
                    const id = selected.placement.productId;
                    update(id, (d) => ({ ...d, removed: true }));
                    setSelectedId(
                      drafts.find((d) => !d.removed && d.placement.productId !== id)?.placement.productId ?? null,
                    );
                  }}
                >
                  <Trash2 className="size-4" aria-hidden />
                  {/* the name beside it says which: the button says it to a screen reader only */}
                  Remove<span className="sr-only"> {nameOf(selected.placement.productId)}</span>
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
                className="h-11 w-full accent-primary"
              />
            </div>
          ) : placements.length === 0 && leftOut.length > 0 ? (
            <p data-toast-keep-clear className="mt-3 text-sm text-muted-foreground">
              {restHint(surface, floorFinding)}
            </p>
          ) : (
            <p data-toast-keep-clear className="mt-3 text-sm text-muted-foreground">
              Every product is removed. Apply to see the room without them.
            </p>
          )}
        </>
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

/** The frame's size in CSS pixels, kept as it resizes; null until measured (or where nothing is laid out). */
function useFrameSize(ref: RefObject<HTMLDivElement | null>) {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useEffect(() => {
    const node = ref.current;
    if (!node || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const { clientWidth: width, clientHeight: height } = node;
      setSize((current) =>
        width > 0 && height > 0
          ? current?.width === width && current.height === height
            ? current
            : { width, height }
          : null,
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

/**
 * Where a handle takes the finger: its hit area (handleHitAreas) as a clipped, invisible layer inside the handle, so
 * a tap on it is the handle's (its events bubble to it); the handle's own box while the frame is unmeasured.
 */
function HitAreaOf({
  area,
  box,
  frame,
  imageWidth,
  imageHeight,
  active,
}: {
  area: HitArea | undefined;
  box: PlaneBox;
  frame: { width: number; height: number } | null;
  imageWidth: number;
  imageHeight: number;
  active: boolean;
}) {
  if (!active) return null;
  if (!area || !frame || area.polygon.length < 3) {
    return <span aria-hidden className="pointer-events-auto absolute inset-0" />;
  }
  // the polygon is on the frame; the layer is placed from the handle's top left corner
  const left = (box.x / imageWidth) * frame.width;
  const top = (box.y / imageHeight) * frame.height;
  const xs = area.polygon.map(([x]) => x);
  const ys = area.polygon.map(([, y]) => y);
  const [minX, minY] = [Math.min(...xs), Math.min(...ys)];
  const clip = area.polygon.map(([x, y]) => `${(x - minX).toFixed(1)}px ${(y - minY).toFixed(1)}px`).join(', ');
  return (
    <span
      aria-hidden
      className="pointer-events-auto absolute"
      style={{
        left: minX - left,
        top: minY - top,
        width: Math.max(...xs) - minX,
        height: Math.max(...ys) - minY,
        clipPath: `polygon(${clip})`,
        zIndex: area.layer + 1,
      }}
    />
  );
}

/**
 * What the grid is for when the render placed none of the products that stand (decision 0052), in the receipt's
 * terms (floorFindingOf): the floor was not found, or it was (or the person set it) but with no free room on it
 * for them.
 */
export const restHint = (surface: 'floor' | 'ground', finding: FloorFinding | null = null) =>
  finding === 'set-by-you'
    ? `There is too little free ${surface} where you set it: drag the corners onto the free ${surface} to place the rest.`
    : finding === 'found'
      ? `We found too little free ${surface} for these: drag the corners onto the free ${surface} to place the rest.`
      : `We could not find the ${surface}: drag the corners onto it to place the rest.`;

/**
 * Where the `n`th of `count` products the render left out is offered to place by hand: standing in the picture's
 * lower third, a quarter of the picture across and high; one in its middle, several side by side across it (each
 * middle apart, so each can be taken).
 */
export function leftOutBox(width: number, height: number, n = 0, count = 1): PlaneBox {
  const w = Math.round(width / 4);
  const h = Math.round(height / 4);
  const step = count > 1 ? Math.min(w, (width - w) / (count - 1)) : 0;
  const middle = width / 2 + (n - (count - 1) / 2) * step;
  return {
    x: Math.round(clamp(middle - w / 2, 0, width - w)),
    y: Math.round((height * 5) / 6 - h / 2),
    width: w,
    height: h,
  };
}

/**
 * A floor to start from when the render gave none: the picture's lower band, its sides meeting on a horizon a little
 * above the middle (an eye-level photo's), so that products placed on it are sized by a floor seen in perspective.
 */
export function defaultFloor(width: number, height: number): FloorQuad {
  const horizon = height * 0.45;
  const far = height * 0.65;
  const half = (width / 2) * ((far - horizon) / (height - horizon));
  return [
    [0, height],
    [width, height],
    [round(width / 2 + half), round(far)],
    [round(width / 2 - half), round(far)],
  ];
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const planeOf = (corners: FloorQuad): FloorPlane => ({
  corners: corners.map(([x, y]) => [round(x), round(y)]) as FloorPlane['corners'],
});
/** Corners are sent to a tenth of a pixel. */
const round = (value: number) => Math.round(value * 10) / 10;
const sameBox = (a: PlaneBox, b: PlaneBox) =>
  a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
