import type { ReactEventHandler, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { ResponsiveImage, imageSizes } from './responsive-image';

interface ChoiceTileProps {
  imageUrl: string;
  /** The picture's box: its aspect ratio. */
  imageClassName: string;
  isSelected: boolean;
  onClick: () => void;
  onImageError?: ReactEventHandler<HTMLImageElement>;
  /** Drawn over the picture: the mark of a chosen tile. */
  mark: ReactNode;
  /** What is written under the picture. */
  children: ReactNode;
}

/** A picture to choose in a two-column grid (a product, a space): pressed while chosen. */
export function ChoiceTile({
  imageUrl,
  imageClassName,
  isSelected,
  onClick,
  onImageError,
  mark,
  children,
}: ChoiceTileProps) {
  return (
    <button
      type="button"
      aria-pressed={isSelected}
      onClick={onClick}
      className={cn(
        'group flex h-full w-full cursor-pointer flex-col overflow-hidden rounded-2xl border bg-surface text-left shadow-card transition-[border-color,box-shadow]',
        isSelected ? 'border-primary ring-2 ring-primary' : 'border-border/70 hover:border-border',
      )}
    >
      <span className={cn('relative block bg-muted', imageClassName)}>
        <ResponsiveImage
          src={imageUrl}
          alt=""
          sizes={imageSizes.halfColumn}
          className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
          onError={onImageError}
        />
        {mark}
      </span>
      {children}
    </button>
  );
}
