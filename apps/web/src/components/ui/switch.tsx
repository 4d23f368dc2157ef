import { Switch as SwitchPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface IconSwitchProps extends Omit<ComponentProps<typeof SwitchPrimitive.Root>, 'children'> {
  /** Shown on the track's left, where the thumb sits when off. */
  offIcon: ReactNode;
  /** Shown on the track's right, where the thumb sits when on. */
  onIcon: ReactNode;
}

/** A two-state switch whose track shows an icon for each state; the thumb covers the active one. */
export function IconSwitch({ offIcon, onIcon, className, ...props }: IconSwitchProps) {
  return (
    <SwitchPrimitive.Root
      className={cn(
        'group relative tap-area inline-flex h-[38px] w-[70px] shrink-0 cursor-pointer items-center rounded-full border border-border bg-muted p-0.5 transition-colors data-[state=checked]:bg-primary-soft',
        className,
      )}
      {...props}
    >
      <SwitchPrimitive.Thumb className="absolute top-0.5 left-0.5 size-8 rounded-full bg-surface shadow-md transition-transform duration-200 ease-out data-[state=checked]:translate-x-8" />
      <span
        aria-hidden
        className="relative z-10 grid size-8 place-items-center text-primary transition-colors group-data-[state=checked]:text-muted-foreground [&_svg]:size-4"
      >
        {offIcon}
      </span>
      <span
        aria-hidden
        className="relative z-10 grid size-8 place-items-center text-muted-foreground transition-colors group-data-[state=checked]:text-primary [&_svg]:size-4"
      >
        {onIcon}
      </span>
    </SwitchPrimitive.Root>
  );
}

export function Switch({ className, ...props }: ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root
      className={cn(
        'relative tap-area inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full bg-input p-0.5 transition-colors data-[state=checked]:bg-primary',
        className,
      )}
      {...props}
    >
      <SwitchPrimitive.Thumb className="size-5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5" />
    </SwitchPrimitive.Root>
  );
}
