import { describeReceipt, type FidelityReceipt, type Mode } from '@dwellscape/shared';
import { ShieldCheck } from 'lucide-react';
import { cn } from '@/lib/cn';

/** Below this share of the room's lines kept, the line reads as a warning rather than a reassurance. */
const WELL_KEPT = 0.85;

export type ReceiptLayout = NonNullable<FidelityReceipt['layout']>;
type Layout = ReceiptLayout;

/**
 * What a render says of the floor (or ground) its products stand on, for the receipt line and for the adjuster's
 * hints alike, so the two never disagree: set by the person, found in the photo, guessed, or not found (the products
 * set in a row); null when the receipt does not say (a seeded space, an older or remote render).
 *
 * A picture drawn again from the person's adjustment has the layout 'adjusted' on its receipt: what the render it
 * came from found still holds for the photo. The server keeps it on the receipt (`receipt.renderedLayout`, so a
 * published design says it too); `renderedLayout` is the step's own memory of it, for a receipt that does not say.
 */
export type FloorFinding = 'set-by-you' | 'found' | 'guessed' | 'not-found';

function layoutOf(receipt: FidelityReceipt, renderedLayout?: Layout): Layout | undefined {
  if (receipt.layout !== 'adjusted') return receipt.layout;
  return receipt.renderedLayout ?? renderedLayout ?? receipt.layout;
}

export function floorFindingOf(
  receipt: FidelityReceipt | null | undefined,
  renderedLayout?: Layout,
): FloorFinding | null {
  if (!receipt) return null;
  if (receipt.floorSetByYou) return 'set-by-you';
  const layout = layoutOf(receipt, renderedLayout);
  if (layout === 'found') return 'found';
  if (layout === 'guessed') return 'guessed';
  if (layout === 'fallback') return 'not-found';
  return null;
}

/**
 * How an uploaded photo's layout was found and how many products stand on its floor: 'Floor found in your photo · 4
 * products stand on the floor', or 'Layout guessed: adjust it · …'.
 */
function describeLayout(receipt: FidelityReceipt, layout: Layout | 'set-by-you', mode: Mode): string {
  const surface = mode === 'landscape' ? 'ground' : 'floor';
  const Surface = mode === 'landscape' ? 'Ground' : 'Floor';
  const how =
    layout === 'set-by-you'
      ? `${Surface} set by you`
      : layout === 'found'
        ? `${Surface} found in your photo`
        : 'Layout guessed: adjust it';
  if (receipt.onFloor === undefined) return how;
  const n = receipt.onFloor;
  return `${how} · ${n} ${n === 1 ? 'product stands' : 'products stand'} on the ${surface}`;
}

/**
 * The fidelity receipt of a render as one line: 'Room kept 96% · 4 of 4 products', or, with products left out, why
 * first ('4 of 5 products: no free floor for the sofa · Room kept 96%'). The server measured it; a product count
 * guessed from a remote engine's picture says so.
 */
export function FidelityReceiptLine({
  receipt,
  mode,
  renderedLayout,
  className,
}: {
  receipt: FidelityReceipt;
  mode: Mode;
  /** The layout of the render an adjusted picture was drawn from (see floorFindingOf). */
  renderedLayout?: Layout;
  className?: string;
}) {
  const layout = layoutOf(receipt, renderedLayout);
  const finding = floorFindingOf(receipt, renderedLayout);
  const wellKept = receipt.structureKept >= WELL_KEPT && receipt.productsPresent === receipt.productsChosen;
  return (
    // a toast (the render's 'generated', an adjustment's 'in the design') tells of what these lines say: never over them
    <div data-toast-keep-clear className={cn('flex flex-col items-center gap-0.5 text-center', className)}>
      <p
        className={cn(
          'inline-flex items-center gap-1.5 px-3 py-1 text-sm font-semibold',
          // the reasons products were left out can run to two lines: a pill that long reads as a blob
          receipt.leftOut && receipt.leftOut.length > 0 ? 'rounded-2xl text-left' : 'rounded-full',
          wellKept ? 'bg-primary-soft text-primary' : 'bg-muted text-muted-foreground',
        )}
      >
        <ShieldCheck className="size-4 shrink-0" aria-hidden />
        {/* lines of even length: at 390 px the reasons left '94%' alone on the last one */}
        <span className="min-w-0 text-balance">{describeReceipt(receipt, mode)}</span>
      </p>
      {receipt.weakEstimate && receipt.productsChosen > 0 && (
        <p className="text-xs text-muted-foreground">Products counted by matching their pictures</p>
      )}
      {/* the floor the person set replaces what the photo's analysis found of it: one line, never both */}
      {layout === 'fallback' && finding !== 'set-by-you' && receipt.productsChosen > 0 && (
        <p className="text-xs text-muted-foreground">
          {mode === 'landscape' ? 'No ground' : 'No floor'} found in this photo: products set in a row
        </p>
      )}
      {finding !== 'set-by-you' && (layout === 'found' || layout === 'guessed') && receipt.productsChosen > 0 && (
        <p className="text-xs text-muted-foreground">{describeLayout(receipt, layout, mode)}</p>
      )}
      {finding === 'set-by-you' && (
        <p className="text-xs text-muted-foreground">{describeLayout(receipt, 'set-by-you', mode)}</p>
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
    </div>
  );
}
