import { messages, type ShownDesign } from '@dwellscape/shared';
import { ArrowLeft, ChevronRight, ImageOff, ShoppingBag, Sparkles } from 'lucide-react';
import { useState, type ComponentType, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ResponsiveImage, imageSizes } from '@/components/ui/responsive-image';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { useDesign } from '@/lib/api/get-design';
import { ownProductLine, productLine, type OwnProduct, type ShopLine } from '../utils/shop-lines';
import { PurchaseView } from './purchase-view';

type View = 'purchase' | 'space';
const VIEW_PARAM = 'view';
const readView = (value: string | null): View | null => (value === 'purchase' || value === 'space' ? value : null);

/** What 'See These Products in My Space' opens: the create flow's steps for this design's products (the app wires it). */
export interface SeeInSpaceProps {
  design: ShownDesign;
  onPurchase: (chosen: { products: ShownDesign['selectedProducts']; ownItems: OwnProduct[] }) => void;
  onLeave: () => void;
}

interface ShopDesignScreenProps {
  SeeInSpace: ComponentType<SeeInSpaceProps>;
}

/** docs/product.md §2 /shop-design/{postId}: buy a design's products, or see them in your own space. */
export function ShopDesignScreen({ SeeInSpace }: ShopDesignScreenProps) {
  const { postId = '' } = useParams();
  const design = useDesign(postId);

  if (design.isPending) {
    return (
      <div aria-busy="true" aria-label="Loading design" className="space-y-4">
        <Skeleton className="aspect-[4/3] w-full rounded-2xl" />
        <Skeleton className="h-7 w-2/3 rounded-lg" />
        <Skeleton className="h-20 rounded-2xl" />
        <Skeleton className="h-20 rounded-2xl" />
      </div>
    );
  }
  if (design.isError) {
    const isMissing = !(design.error instanceof ApiError) || design.error.isClientError;
    return (
      <EmptyState
        icon={ImageOff}
        tone={isMissing ? 'neutral' : 'danger'}
        title={isMissing ? messages.shop.notFound : design.error.message}
      />
    );
  }
  return <ShopDesignContent key={design.data.id} design={design.data} SeeInSpace={SeeInSpace} />;
}

function ShopDesignContent({ design, SeeInSpace }: { design: ShownDesign } & ShopDesignScreenProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const view = readView(searchParams.get(VIEW_PARAM));
  const [lines, setLines] = useState<ShopLine[]>(() => design.selectedProducts.map(productLine));

  const openView = (next: View | null) =>
    setSearchParams(next ? { [VIEW_PARAM]: next } : {}, { preventScrollReset: false });

  if (view === 'purchase') {
    return (
      <SubView title={messages.shop.purchaseProducts} design={design} onBack={() => openView(null)}>
        <PurchaseView designId={design.id} lines={lines} onLinesChange={setLines} />
      </SubView>
    );
  }
  if (view === 'space') {
    return (
      <SeeInSpace
        design={design}
        onLeave={() => openView(null)}
        onPurchase={({ products, ownItems }) => {
          setLines([...products.map(productLine), ...ownItems.map(ownProductLine)]);
          openView('purchase');
        }}
      />
    );
  }

  return (
    <section className="space-y-5">
      <div className="overflow-hidden rounded-2xl bg-muted shadow-card">
        <ResponsiveImage
          src={design.afterImageUrl}
          alt={design.title}
          sizes={imageSizes.column}
          priority
          className="aspect-[4/3] w-full object-cover"
        />
      </div>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-balance">{design.title}</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          by {design.author.displayName} · {contentsOf(design)}
        </p>
      </div>
      <div className="grid gap-3">
        <WayIn
          icon={<ShoppingBag className="size-6" aria-hidden />}
          title={messages.shop.purchaseProducts}
          description="Adjust quantities and check out."
          onClick={() => openView('purchase')}
        />
        <WayIn
          icon={<Sparkles className="size-6" aria-hidden />}
          title={messages.shop.seeInSpace}
          description="Render these products into a photo of your own space."
          onClick={() => openView('space')}
        />
      </div>
    </section>
  );
}

/** '3 products', and the creator's own items apart: they are shown, not sold (decision 0023). */
function contentsOf(design: ShownDesign): string {
  const own = design.selectedProducts.filter((product) => product.ownItem).length;
  const products = design.selectedProducts.length - own;
  const parts = [`${products} ${products === 1 ? 'product' : 'products'}`];
  if (own > 0) parts.push(`${own} ${own === 1 ? 'own item' : 'own items'}`);
  return parts.join(' · ');
}

function WayIn({
  icon,
  title,
  description,
  onClick,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  onClick: () => void;
}) {
  return (
    <Card className="p-0 transition-shadow hover:shadow-md">
      <button
        type="button"
        onClick={onClick}
        className="flex w-full cursor-pointer items-center gap-4 rounded-2xl p-4 text-left"
      >
        <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-primary-soft text-primary">
          {icon}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block text-base font-semibold">{title}</span>
          <span className="mt-0.5 block text-sm text-muted-foreground">{description}</span>
        </span>
        <ChevronRight className="size-5 shrink-0 text-muted-foreground" aria-hidden />
      </button>
    </Card>
  );
}

function SubView({
  title,
  design,
  onBack,
  children,
}: {
  title: string;
  design: ShownDesign;
  onBack: () => void;
  children: ReactNode;
}) {
  return (
    <section>
      <div className="mb-5 flex items-center gap-3">
        <Button variant="ghost" size="icon" aria-label="Back to the design" onClick={onBack}>
          <ArrowLeft className="size-5" aria-hidden />
        </Button>
        <div className="min-w-0">
          <h1 className="text-xl font-bold tracking-tight text-balance">{title}</h1>
          <p className="truncate text-sm text-muted-foreground">{design.title}</p>
        </div>
      </div>
      {children}
    </section>
  );
}
