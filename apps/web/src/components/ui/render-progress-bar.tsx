import { cn } from '@/lib/cn';

/** How far a render job has come; a sliver shows from the start so the bar reads as one. */
export function RenderProgressBar({
  percent,
  className,
  barClassName,
}: {
  percent: number;
  /** The track's colour. */
  className: string;
  /** The bar's colour. */
  barClassName: string;
}) {
  return (
    <div
      role="progressbar"
      aria-label="Render progress"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={cn('mt-2 h-1.5 overflow-hidden rounded-full', className)}
    >
      <div
        className={cn('h-full rounded-full transition-[width] duration-500 ease-out', barClassName)}
        style={{ width: `${Math.max(3, percent)}%` }}
      />
    </div>
  );
}
