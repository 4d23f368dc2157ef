import { describeReceipt, type FidelityReceipt, type Mode } from '@dwellscape/shared';
import { ShieldCheck } from 'lucide-react';
import { cn } from '@/lib/cn';

/** Below this share of the room's lines kept, the line reads as a warning rather than a reassurance. */
const WELL_KEPT = 0.85;

/**
 * The fidelity receipt of a render as one line: 'Room kept 96% · 4 of 4 products'. The server measured it; a
 * product count guessed from a remote engine's picture says so.
 */
export function FidelityReceiptLine({
  receipt,
  mode,
  className,
}: {
  receipt: FidelityReceipt;
  mode: Mode;
  className?: string;
}) {
  const wellKept = receipt.structureKept >= WELL_KEPT && receipt.productsPresent === receipt.productsChosen;
  return (
    <div className={cn('flex flex-col items-center gap-0.5 text-center', className)}>
      <p
        className={cn(
          'inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold',
          wellKept ? 'bg-primary-soft text-primary' : 'bg-muted text-muted-foreground',
        )}
      >
        <ShieldCheck className="size-4 shrink-0" aria-hidden />
        {describeReceipt(receipt, mode)}
      </p>
      {receipt.weakEstimate && receipt.productsChosen > 0 && (
        <p className="text-xs text-muted-foreground">Products counted by matching their pictures</p>
      )}
      {receipt.layout === 'fallback' && receipt.productsChosen > 0 && (
        <p className="text-xs text-muted-foreground">
          {mode === 'landscape' ? 'No ground' : 'No floor'} found in this photo: products set in a row
        </p>
      )}
    </div>
  );
}
