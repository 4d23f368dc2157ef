import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { ResponsiveImage, imageSizes } from '@/components/ui/responsive-image';
import { cn } from '@/lib/cn';

type View = 'before' | 'after';

interface BeforeAfterViewerProps {
  beforeUrl: string | null;
  afterUrl: string;
  /** Names the design for the after image's alt text. */
  label: string;
}

/** docs/product.md §4: a Before/After toggle and arrows switching between the space and its redesign. */
export function BeforeAfterViewer({ beforeUrl, afterUrl, label }: BeforeAfterViewerProps) {
  const [view, setView] = useState<View>('after');
  const shown: View = beforeUrl ? view : 'after';

  return (
    <div>
      <ImageFrame>
        {beforeUrl && (
          <ResponsiveImage
            src={beforeUrl}
            alt="Before: your space as it is"
            aria-hidden={shown !== 'before'}
            sizes={imageSizes.column}
            className={cn(
              'absolute inset-0 size-full object-cover transition-opacity duration-300',
              shown === 'before' ? 'opacity-100' : 'opacity-0',
            )}
          />
        )}
        <ResponsiveImage
          src={afterUrl}
          alt={`After: ${label}`}
          aria-hidden={shown !== 'after'}
          sizes={imageSizes.column}
          priority
          className={cn(
            'absolute inset-0 size-full object-cover transition-opacity duration-300',
            shown === 'after' ? 'opacity-100' : 'opacity-0',
          )}
        />
        <span
          className="absolute top-3 left-3 rounded-full bg-black/55 px-2.5 py-1 text-xs font-semibold text-white backdrop-blur"
          aria-hidden
        >
          {shown === 'after' ? 'After' : 'Before'}
        </span>
        {beforeUrl && (
          <>
            <ArrowButton
              side="left"
              label="Show before"
              disabled={shown === 'before'}
              onClick={() => setView('before')}
            />
            <ArrowButton
              side="right"
              label="Show after"
              disabled={shown === 'after'}
              onClick={() => setView('after')}
            />
          </>
        )}
      </ImageFrame>
      {beforeUrl && (
        <div role="group" aria-label="Compare" className="mx-auto mt-3 flex w-56 gap-1 rounded-full bg-muted p-1">
          {(['before', 'after'] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={shown === option}
              onClick={() => setView(option)}
              className={cn(
                'h-11 flex-1 cursor-pointer rounded-full text-sm font-semibold capitalize transition-colors',
                shown === option
                  ? 'bg-surface text-foreground shadow-sm'
                  : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {option === 'before' ? 'Before' : 'After'}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

/** The fixed 4:3 box every stage of the render step draws into, so nothing jumps between them. */
export function ImageFrame({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={cn('relative aspect-[4/3] w-full overflow-hidden rounded-2xl bg-muted shadow-card', className)}>
      {children}
    </div>
  );
}

function ArrowButton({
  side,
  label,
  disabled,
  onClick,
}: {
  side: 'left' | 'right';
  label: string;
  disabled: boolean;
  onClick: () => void;
}) {
  const Icon = side === 'left' ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className={cn(
        'absolute top-1/2 grid size-11 -translate-y-1/2 cursor-pointer place-items-center rounded-full bg-black/45 text-white backdrop-blur transition-opacity hover:bg-black/60 disabled:pointer-events-none disabled:opacity-0',
        side === 'left' ? 'left-3' : 'right-3',
      )}
    >
      <Icon className="size-5" aria-hidden />
    </button>
  );
}

/**
 * A bright sheen sweeping over a photo that is being worked on (in an ImageFrame, which clips it): moved by transform,
 * which the compositor runs without repainting the photo each frame. Reduced motion: none.
 */
export function WorkingSheen() {
  return (
    <div
      aria-hidden
      className="absolute inset-0 animate-shimmer bg-[linear-gradient(100deg,transparent_25%,rgb(255_255_255/0.38)_50%,transparent_75%)] will-change-transform motion-reduce:hidden"
    />
  );
}
