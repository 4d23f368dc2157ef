import { Tooltip as TooltipPrimitive } from 'radix-ui';
import { useState, type ReactNode } from 'react';

/** Radix's tooltips; the app reaches them through ./tooltip, which loads this only where a pointer can hover. */
export const TooltipProvider = TooltipPrimitive.Provider;

export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  // Controlled on purpose (decision 0012): uncontrolled, Radix announces an opening tooltip (which closes the
  // others) from an effect, and on preact/compat the new tooltip's own content can subscribe before that effect
  // runs and close itself a frame after opening. Controlled, Radix announces it before the content mounts.
  const [open, setOpen] = useState(false);
  return (
    <TooltipPrimitive.Root open={open} onOpenChange={setOpen}>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          sideOffset={6}
          className="z-50 rounded-lg bg-foreground px-2.5 py-1.5 text-xs font-medium text-background shadow-lg"
        >
          {content}
          <TooltipPrimitive.Arrow className="fill-foreground" />
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
}
