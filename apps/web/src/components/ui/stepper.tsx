import { PRODUCT_QUANTITY_MAX } from '@dwellscape/shared';
import { Minus, Plus } from 'lucide-react';
import { cn } from '@/lib/cn';

interface QuantityStepperProps {
  value: number;
  onChange: (value: number) => void;
  /** docs/product.md §5: 1 in the product popup, 0 in the shop-design purchase view. */
  min?: number;
  max?: number;
  /** Names what is counted, e.g. the product, for the buttons' accessible names. */
  label: string;
  className?: string;
}

/** A − value + control for quantities. */
export function QuantityStepper({
  value,
  onChange,
  min = 1,
  max = PRODUCT_QUANTITY_MAX,
  label,
  className,
}: QuantityStepperProps) {
  const buttonClass =
    'grid size-11 cursor-pointer place-items-center rounded-full text-foreground transition-colors hover:bg-muted disabled:cursor-not-allowed disabled:opacity-40';
  return (
    <div className={cn('inline-flex items-center gap-1 rounded-full border border-border bg-surface p-0.5', className)}>
      <button
        type="button"
        className={buttonClass}
        aria-label={`Decrease quantity of ${label}`}
        disabled={value <= min}
        onClick={() => onChange(Math.max(min, value - 1))}
      >
        <Minus className="size-4" aria-hidden />
      </button>
      <output
        className="min-w-6 text-center text-sm font-semibold tabular-nums"
        aria-live="polite"
        aria-label={`Quantity of ${label}`}
      >
        {value}
      </output>
      <button
        type="button"
        className={buttonClass}
        aria-label={`Increase quantity of ${label}`}
        disabled={value >= max}
        onClick={() => onChange(Math.min(max, value + 1))}
      >
        <Plus className="size-4" aria-hidden />
      </button>
    </div>
  );
}

interface ProgressStepsProps {
  current: number;
  total: number;
  className?: string;
}

/** 'n/total' progress of a multi-step flow, as text and as a segmented bar. */
export function ProgressSteps({ current, total, className }: ProgressStepsProps) {
  return (
    <div className={cn('flex items-center gap-3', className)}>
      <div
        role="progressbar"
        aria-label="Progress"
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={current}
        aria-valuetext={`Step ${current} of ${total}`}
        className="flex flex-1 gap-1.5"
      >
        {Array.from({ length: total }, (_, index) => (
          <span
            key={index}
            className={cn('h-1.5 flex-1 rounded-full transition-colors', index < current ? 'bg-primary' : 'bg-muted')}
          />
        ))}
      </div>
      <span className="text-xs font-semibold text-muted-foreground tabular-nums">
        {current}/{total}
      </span>
    </div>
  );
}
