import { floorQuadProblem, pointOnQuad, type FloorQuad } from '@dwellscape/shared';
import { useGesture } from '@use-gesture/react';
import { useRef } from 'react';
import { cn } from '@/lib/cn';

/** Lines across and into the floor. */
const GRID_LINES = 6;
/** An arrow key moves a corner by this share of the picture's width. */
const KEY_STEP = 0.01;

export const cornerNames = ['near left', 'near right', 'far right', 'far left'] as const;

interface FloorGridProps {
  corners: FloorQuad;
  /** The render's size: the corners are in its pixels. */
  width: number;
  height: number;
  /** 'floor' or 'ground': the handles' names say which. */
  surface: 'floor' | 'ground';
  /** A corner moved; only ever to a shape one can stand products on (floorQuadProblem). */
  onChange: (corners: FloorQuad) => void;
}

/**
 * The floor (or ground) the render stood its products on, as a grid in its perspective over the picture, with a
 * handle at each corner to drag (or move with the arrow keys) until it fits the photo. A move that would make the
 * grid no floor (crossed over, its sides no longer meeting in the distance) is not taken.
 */
export function FloorGrid({ corners, width, height, surface, onChange }: FloorGridProps) {
  const frameRef = useRef<HTMLDivElement>(null);
  const cornersRef = useRef(corners);
  cornersRef.current = corners;

  const moveCorner = (index: number, dx: number, dy: number) => {
    const current = cornersRef.current;
    const [x, y] = current[index]!;
    const next = current.map((corner, n) =>
      n === index ? ([clamp(x + dx, 0, width), clamp(y + dy, 0, height)] as const) : corner,
    ) as unknown as FloorQuad;
    if (floorQuadProblem(next)) return;
    cornersRef.current = next;
    onChange(next);
  };

  /** Picture pixels per screen pixel: the frame shows the whole picture. */
  const pictureScale = () => width / (frameRef.current?.clientWidth || width);

  const bind = useGesture(
    {
      onDrag: ({ args: [index], delta: [dx, dy] }) => {
        const k = pictureScale();
        moveCorner(index as number, dx * k, dy * k);
      },
    },
    { drag: { filterTaps: true, pointer: { keys: false } } },
  );

  const lines: Array<[readonly [number, number], readonly [number, number]]> = [];
  for (let i = 0; i <= GRID_LINES; i++) {
    const t = i / GRID_LINES;
    lines.push([pointOnQuad(corners, t, 0), pointOnQuad(corners, t, 1)]);
    lines.push([pointOnQuad(corners, 0, t), pointOnQuad(corners, 1, t)]);
  }
  const outline = corners.map(([x, y]) => `${x},${y}`).join(' ');

  return (
    <div ref={frameRef} className="absolute inset-0">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        className="pointer-events-none absolute inset-0 size-full"
        aria-hidden
      >
        <g fill="none" vectorEffect="non-scaling-stroke">
          {lines.map(([a, b], n) => (
            <line
              key={n}
              x1={a[0]}
              y1={a[1]}
              x2={b[0]}
              y2={b[1]}
              className="stroke-black/45"
              strokeWidth={3}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {lines.map(([a, b], n) => (
            <line
              key={`w${n}`}
              x1={a[0]}
              y1={a[1]}
              x2={b[0]}
              y2={b[1]}
              className="stroke-white/85"
              strokeWidth={1.25}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          <polygon
            points={outline}
            className="fill-primary/10 stroke-primary"
            strokeWidth={2.5}
            vectorEffect="non-scaling-stroke"
          />
        </g>
      </svg>
      {corners.map(([x, y], index) => (
        <button
          key={cornerNames[index]}
          type="button"
          {...bind(index)}
          aria-label={`Move the ${surface}’s ${cornerNames[index]} corner`}
          onKeyDown={(event) => {
            const step = KEY_STEP * width;
            const moves: Record<string, [number, number]> = {
              ArrowLeft: [-step, 0],
              ArrowRight: [step, 0],
              ArrowUp: [0, -step],
              ArrowDown: [0, step],
            };
            const move = moves[event.key];
            if (!move) return;
            event.preventDefault();
            moveCorner(index, move[0], move[1]);
          }}
          className={cn(
            'absolute z-20 flex size-11 -translate-x-1/2 -translate-y-1/2 touch-none items-center justify-center',
            'rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring',
          )}
          style={{ left: `${(x / width) * 100}%`, top: `${(y / height) * 100}%` }}
        >
          <span className="pointer-events-none size-5 rounded-full border-[3px] border-primary bg-background shadow-md" />
        </button>
      ))}
    </div>
  );
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
