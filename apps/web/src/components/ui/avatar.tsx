import { cn } from '@/lib/cn';

interface AvatarProps {
  src: string;
  name: string;
  className?: string;
}

/** A round picture of a person; their initial shows while it loads or when it is missing. */
export function Avatar({ src, name, className }: AvatarProps) {
  return (
    <span
      className={cn(
        'relative inline-grid size-10 shrink-0 place-items-center overflow-hidden rounded-full bg-primary-soft text-sm font-semibold text-primary',
        className,
      )}
    >
      <span aria-hidden>{name.trim().charAt(0).toUpperCase()}</span>
      {src && (
        <img src={src} alt="" className="absolute inset-0 size-full object-cover" loading="lazy" decoding="async" />
      )}
    </span>
  );
}
