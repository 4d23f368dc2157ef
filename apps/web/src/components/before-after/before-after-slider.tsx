import { MoveHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { ResponsiveImage, imageSizes } from '@/components/ui/responsive-image';
import { ImageFrame } from './before-after-viewer';

interface BeforeAfterSliderProps {
  beforeUrl: string;
  afterUrl: string;
  /** Names the design for the pictures' alt text. */
  label: string;
  /** The slider's accessible name. */
  sliderLabel: string;
  className?: string;
}

/** Percent of the after picture's width shown at the start: half and half. */
const START = 50;

/**
 * The space and its redesign, one over the other, with a divider to drag: a native range input
 * under the hood, so arrows, Page Up/Down, Home and End move it and a screen reader names it.
 */
export function BeforeAfterSlider({ beforeUrl, afterUrl, label, sliderLabel, className }: BeforeAfterSliderProps) {
  const [split, setSplit] = useState(START);
  const hintId = useId();
  return (
    <ImageFrame className={className}>
      <ResponsiveImage
        src={afterUrl}
        alt={`After: ${label}`}
        sizes={imageSizes.column}
        className="absolute inset-0 size-full object-cover"
      />
      {/* the before picture covers the part left of the divider */}
      <div className="absolute inset-0" style={{ clipPath: `inset(0 ${100 - split}% 0 0)` }}>
        <ResponsiveImage
          src={beforeUrl}
          alt={`Before: ${label}`}
          sizes={imageSizes.column}
          className="absolute inset-0 size-full object-cover"
        />
      </div>
      <span
        aria-hidden
        className="absolute top-3 left-3 rounded-full bg-black/55 px-2.5 py-1 text-xs font-semibold text-white backdrop-blur"
      >
        Before
      </span>
      <span
        aria-hidden
        className="absolute top-3 right-3 rounded-full bg-black/55 px-2.5 py-1 text-xs font-semibold text-white backdrop-blur"
      >
        After
      </span>
      <div
        aria-hidden
        className="pointer-events-none absolute inset-y-0 w-0.5 bg-white/90 shadow"
        style={{ left: `${split}%` }}
      >
        <span className="absolute top-1/2 left-1/2 grid size-11 -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full bg-white text-neutral-900 shadow-lg">
          <MoveHorizontal className="size-5" />
        </span>
      </div>
      <input
        type="range"
        min={0}
        max={100}
        step={1}
        value={split}
        aria-label={sliderLabel}
        aria-describedby={hintId}
        aria-valuetext={`${split}% before, ${100 - split}% after`}
        onChange={(event) => setSplit(Number(event.currentTarget.value))}
        className="absolute inset-0 size-full cursor-ew-resize appearance-none bg-transparent opacity-0 focus-visible:opacity-100 [&::-webkit-slider-thumb]:size-11 [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:ring-4 [&::-webkit-slider-thumb]:ring-ring"
      />
      <span id={hintId} className="sr-only">
        Drag, or use the arrow keys, to compare the space before and after.
      </span>
    </ImageFrame>
  );
}
