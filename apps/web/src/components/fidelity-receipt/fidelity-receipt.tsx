import { describeReceipt, type FidelityReceipt, type Mode } from '@dwellscape/shared';
import { ShieldCheck } from 'lucide-react';
import { cn } from '@/lib/cn';

/** Below this share of the room's lines kept, the line reads as a warning rather than a reassurance. */
const WELL_KEPT = 0.85;

/**
 * How an uploaded photo's layout was found and how many products stand on its floor: 'Floor found in your photo · 4
 * products stand on the floor', or 'Layout guessed: adjust it · …'.
 */
function describeLayout(receipt: FidelityReceipt, mode: Mode): string {
  const surface = mode === 'landscape' ? 'ground' : 'floor';
  const how =
    receipt.layout === 'found'
      ? `${mode === 'landscape' ? 'Ground' : 'Floor'} found in your photo`
      : 'Layout guessed: adjust it';
  if (receipt.onFloor === undefined) return how;
  const n = receipt.onFloor;
  return `${how} · ${n} ${n === 1 ? 'product stands' : 'products stand'} on the ${surface}`;
}

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
      {(receipt.layout === 'found' || receipt.layout === 'guessed') && receipt.productsChosen > 0 && (
        <p className="text-xs text-muted-foreground">{describeLayout(receipt, mode)}</p>
      )}
      {receipt.floorSetByYou && (
        <p className="text-xs text-muted-foreground">{mode === 'landscape' ? 'Ground' : 'Floor'} set by you</p>
      )}
      {receipt.erased !== undefined && receipt.erased > 0 && (
        <p className="text-xs text-muted-foreground">
          {receipt.erased} {receipt.erased === 1 ? 'piece' : 'pieces'} removed
        </p>
      )}
      {receipt.removedByYou !== undefined && receipt.removedByYou > 0 && (
        <p className="text-xs text-muted-foreground">
          {receipt.removedByYou} {receipt.removedByYou === 1 ? 'product' : 'products'} removed by you
        </p>
      )}
      {receipt.leftOut && receipt.leftOut.length > 0 && (
        <p className="text-xs text-muted-foreground">
          {receipt.productsPresent} of {receipt.productsChosen} products: {receipt.leftOut.join('; ')}
        </p>
      )}
    </div>
  );
}
