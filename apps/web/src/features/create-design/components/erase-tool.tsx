import {
  ERASE_BRUSH_MAX,
  ERASE_BRUSH_MIN,
  ERASE_PIECES_MAX,
  ERASE_STROKE_POINTS_MAX,
  ERASE_STROKES_MAX,
  type EraseInputBody,
  type FoundPiece,
} from '@dwellscape/shared';
import { Brush, Check, MousePointerClick, TriangleAlert, Undo2, X } from 'lucide-react';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ResponsiveImage, imageSizes } from '@/components/ui/responsive-image';
import { cn } from '@/lib/cn';

/** A new point joins a stroke once the finger has moved this share of the picture's width. */
const POINT_SPACING = 0.004;
/** An arrow key moves the keyboard's brush by this share of the picture. */
const KEY_STEP = 0.02;
/** The brush slider, in percent of the picture's width. */
const BRUSH_DEFAULT = 0.05;

type Action = { kind: 'stroke' } | { kind: 'piece'; id: string };

interface EraseToolProps {
  imageUrl: string;
  /** The render's size in pixels (its shape). */
  imageWidth: number;
  imageHeight: number;
  /** The pieces the render's geometry found, each to tap; those already erased start selected. */
  pieces: FoundPiece[];
  /** What is erased already (an earlier erase of this picture). */
  initial?: EraseInputBody;
  /** Draws the design again with this erase; rejects when it could not. */
  onApply: (erase: EraseInputBody) => Promise<void>;
  onCancel: () => void;
}

const initialPieces = (pieces: FoundPiece[], initial?: EraseInputBody) =>
  new Set(
    initial
      ? initial.pieces.flatMap((p) => (p.id ? [p.id] : []))
      : pieces.filter((piece) => piece.erased).map((piece) => piece.id),
  );

/**
 * Erasing part of the room (decision 0047): paint over what should go with a brush of a chosen size, or tap a piece
 * the photo's geometry found; Undo takes back the last stroke or tap; Apply draws the design again with it filled
 * from the rest of the photo. The brush works with a finger, a mouse, or the arrow keys and Space.
 */
export function EraseTool({ imageUrl, imageWidth, imageHeight, pieces, initial, onApply, onCancel }: EraseToolProps) {
  const [mode, setMode] = useState<'brush' | 'pieces'>(pieces.length > 0 ? 'pieces' : 'brush');
  const [brush, setBrush] = useState(BRUSH_DEFAULT);
  const [strokes, setStrokes] = useState<EraseInputBody['strokes']>(() =>
    (initial?.strokes ?? []).map((s) => ({ ...s, points: [...s.points] })),
  );
  const [selected, setSelected] = useState<Set<string>>(() => initialPieces(pieces, initial));
  const [history, setHistory] = useState<Action[]>([]);
  const [cursor, setCursor] = useState({ x: 0.5, y: 0.5 });
  const [isApplying, setIsApplying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const drawing = useRef(false);

  // pieces erased before that this picture's geometry no longer lists stay erased as they were
  const knownIds = new Set(pieces.map((p) => p.id));
  const carried = (initial?.pieces ?? []).filter((p) => !p.id || !knownIds.has(p.id));
  const chosenPieces = pieces.filter((p) => selected.has(p.id));
  const erase: EraseInputBody = {
    strokes,
    pieces: [...carried, ...chosenPieces.map(({ id, polygon }) => ({ id, polygon }))],
  };
  const startCount = (initial?.strokes.length ?? 0) + initialPieces(pieces, initial).size;
  const changed = history.length > 0 || strokes.length + selected.size !== startCount;
  const strokesFull = strokes.length >= ERASE_STROKES_MAX;

  const pointOf = (event: PointerEvent<HTMLElement>) => {
    const rect = frameRef.current!.getBoundingClientRect();
    return {
      x: clamp01((event.clientX - rect.left) / (rect.width || 1)),
      y: clamp01((event.clientY - rect.top) / (rect.height || 1)),
    };
  };

  const startStroke = (point: { x: number; y: number }) => {
    if (strokesFull) return false;
    setStrokes((list) => [...list, { size: brush, points: [point] }]);
    setHistory((list) => [...list, { kind: 'stroke' }]);
    setError(null);
    return true;
  };

  const extendStroke = (point: { x: number; y: number }) =>
    setStrokes((list) => {
      const last = list[list.length - 1];
      if (!last || last.points.length >= ERASE_STROKE_POINTS_MAX) return list;
      const end = last.points[last.points.length - 1]!;
      if (Math.hypot(point.x - end.x, point.y - end.y) < POINT_SPACING) return list;
      return [...list.slice(0, -1), { ...last, points: [...last.points, point] }];
    });

  const togglePiece = (id: string) => {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else if (next.size < ERASE_PIECES_MAX) next.add(id);
      return next;
    });
    setHistory((list) => [...list, { kind: 'piece', id }]);
    setError(null);
  };

  const undo = () => {
    const last = history[history.length - 1];
    if (!last) return;
    setHistory((list) => list.slice(0, -1));
    if (last.kind === 'stroke') setStrokes((list) => list.slice(0, -1));
    else {
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(last.id)) next.delete(last.id);
        else next.add(last.id);
        return next;
      });
    }
  };

  const onBrushKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-KEY_STEP, 0],
      ArrowRight: [KEY_STEP, 0],
      ArrowUp: [0, -KEY_STEP],
      ArrowDown: [0, KEY_STEP],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      const next = { x: clamp01(cursor.x + move[0]), y: clamp01(cursor.y + move[1]) };
      setCursor(next);
      // Shift + arrow paints along the way, as dragging does
      if (event.shiftKey) extendStroke(next);
      return;
    }
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      startStroke(cursor);
    }
  };

  const apply = async () => {
    setIsApplying(true);
    setError(null);
    try {
      await onApply(erase);
    } catch {
      setError('The erase could not be applied. Please try again.');
    } finally {
      setIsApplying(false);
    }
  };

  const toPath = (points: Array<{ x: number; y: number }>) =>
    points.map((p, n) => `${n === 0 ? 'M' : 'L'}${p.x * imageWidth} ${p.y * imageHeight}`).join(' ');

  return (
    <div>
      <div
        ref={frameRef}
        className="relative w-full overflow-hidden rounded-2xl bg-muted shadow-card"
        style={{ aspectRatio: `${imageWidth} / ${imageHeight}` }}
      >
        <ResponsiveImage
          src={imageUrl}
          alt="Your redesigned space, to erase from"
          sizes={imageSizes.column}
          priority
          className="absolute inset-0 size-full object-fill"
        />
        <svg
          className="pointer-events-none absolute inset-0 size-full"
          viewBox={`0 0 ${imageWidth} ${imageHeight}`}
          preserveAspectRatio="none"
          aria-hidden
        >
          {chosenPieces.map((piece) => (
            <polygon
              key={piece.id}
              points={piece.polygon.map((p) => `${p.x * imageWidth},${p.y * imageHeight}`).join(' ')}
              className="fill-danger/45 stroke-white"
              strokeWidth={imageWidth / 300}
            />
          ))}
          {strokes.map((stroke, n) => (
            <path
              key={n}
              d={toPath(stroke.points)}
              fill="none"
              strokeLinecap="round"
              strokeLinejoin="round"
              strokeWidth={stroke.size * imageWidth}
              className="stroke-danger/55"
            />
          ))}
          {mode === 'brush' && (
            <circle
              cx={cursor.x * imageWidth}
              cy={cursor.y * imageHeight}
              r={(brush * imageWidth) / 2}
              className="fill-none stroke-white"
              strokeWidth={imageWidth / 400}
            />
          )}
        </svg>
        {mode === 'brush' ? (
          <div
            role="application"
            tabIndex={0}
            aria-label="Erase brush: drag over what to erase, or move with the arrow keys and press Space to paint"
            className="absolute inset-0 cursor-crosshair touch-none outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-primary"
            onKeyDown={onBrushKey}
            onPointerDown={(event) => {
              const point = pointOf(event);
              setCursor(point);
              if (!startStroke(point)) return;
              drawing.current = true;
              event.currentTarget.setPointerCapture?.(event.pointerId);
            }}
            onPointerMove={(event) => {
              const point = pointOf(event);
              setCursor(point);
              if (drawing.current) extendStroke(point);
            }}
            onPointerUp={() => (drawing.current = false)}
            onPointerCancel={() => (drawing.current = false)}
          />
        ) : (
          pieces.map((piece, n) => {
            const box = boundsOf(piece.polygon);
            const isChosen = selected.has(piece.id);
            return (
              <button
                key={piece.id}
                type="button"
                aria-pressed={isChosen}
                aria-label={`Piece ${n + 1} of the room`}
                onClick={() => togglePiece(piece.id)}
                className={cn(
                  'absolute min-h-11 min-w-11 rounded-md border-2 outline-none transition-colors',
                  'focus-visible:ring-2 focus-visible:ring-primary focus-visible:ring-offset-1',
                  isChosen
                    ? 'border-danger bg-danger/10'
                    : 'border-dashed border-white/85 bg-white/5 hover:bg-white/15',
                )}
                style={{
                  left: `${box.left * 100}%`,
                  top: `${box.top * 100}%`,
                  width: `${(box.right - box.left) * 100}%`,
                  height: `${(box.bottom - box.top) * 100}%`,
                }}
              />
            );
          })
        )}
      </div>

      <div className="mt-3 grid grid-cols-2 gap-2" role="group" aria-label="How to erase">
        <Button
          variant={mode === 'brush' ? 'primary' : 'outline'}
          aria-pressed={mode === 'brush'}
          onClick={() => setMode('brush')}
        >
          <Brush className="size-4" aria-hidden />
          Brush
        </Button>
        <Button
          variant={mode === 'pieces' ? 'primary' : 'outline'}
          aria-pressed={mode === 'pieces'}
          disabled={pieces.length === 0}
          onClick={() => setMode('pieces')}
        >
          <MousePointerClick className="size-4" aria-hidden />
          Tap a piece
        </Button>
      </div>

      {mode === 'brush' ? (
        <div className="mt-3 rounded-2xl border border-border bg-card p-4">
          <label className="block text-sm text-muted-foreground" htmlFor="erase-brush-size">
            Brush size: {Math.round(brush * 100)}%
          </label>
          <input
            id="erase-brush-size"
            type="range"
            min={ERASE_BRUSH_MIN * 100}
            max={ERASE_BRUSH_MAX * 100}
            step={1}
            value={Math.round(brush * 100)}
            onChange={(event) => setBrush(Number(event.target.value) / 100)}
            className="mt-2 h-11 w-full accent-primary"
          />
          <p className="mt-1 text-xs text-muted-foreground">
            {strokesFull
              ? `At most ${ERASE_STROKES_MAX} strokes: undo one to paint again.`
              : 'Paint over what should go; it is filled from the rest of your photo.'}
          </p>
        </div>
      ) : (
        <p className="mt-3 text-sm text-muted-foreground">
          {pieces.length === 0
            ? 'No pieces were found in this photo: use the brush.'
            : `Tap a piece to erase it, tap again to keep it. ${selected.size} chosen.`}
        </p>
      )}

      {error && (
        <p role="alert" className="mt-3 flex items-center gap-2 text-sm font-medium text-danger">
          <TriangleAlert className="size-4 shrink-0" aria-hidden />
          {error}
        </p>
      )}

      <div className="mt-4 grid grid-cols-3 gap-2">
        <Button variant="outline" disabled={isApplying} onClick={onCancel}>
          <X className="size-4" aria-hidden />
          Cancel
        </Button>
        <Button variant="outline" disabled={isApplying || history.length === 0} onClick={undo}>
          <Undo2 className="size-4" aria-hidden />
          Undo
        </Button>
        <Button isLoading={isApplying} disabled={!changed} onClick={() => void apply()}>
          {!isApplying && <Check className="size-4" aria-hidden />}
          Apply
        </Button>
      </div>
      <p className="sr-only" aria-live="polite">
        {strokes.length} {strokes.length === 1 ? 'stroke' : 'strokes'}, {selected.size}{' '}
        {selected.size === 1 ? 'piece' : 'pieces'} to erase
      </p>
    </div>
  );
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

function boundsOf(polygon: Array<{ x: number; y: number }>) {
  let left = 1;
  let top = 1;
  let right = 0;
  let bottom = 0;
  for (const { x, y } of polygon) {
    left = Math.min(left, x);
    top = Math.min(top, y);
    right = Math.max(right, x);
    bottom = Math.max(bottom, y);
  }
  return { left, top, right, bottom };
}
