import { earningPotentialCents, formatCents, messages, type Design } from '@dwellscape/shared';
import { Heart, ImageOff, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { FailedToLoad } from '@/components/ui/load-failure';
import { ResponsiveImage, imageSizes } from '@/components/ui/responsive-image';
import { Skeleton } from '@/components/ui/skeleton';
import { Tooltip } from '@/components/ui/tooltip';
import { paths } from '@/config/paths';
import { shownLikesCount, useViewerLikesCount } from '@/lib/api/like-design';
import { useUserDesigns } from '../api/get-user-designs';

interface ProfileDesignsProps {
  userId: string;
  isCurrentUser: boolean;
}

/** The 'My Designs' tab: a grid of the person's public designs. */
export function ProfileDesigns({ userId, isCurrentUser }: ProfileDesignsProps) {
  const designs = useUserDesigns(userId);

  if (designs.isPending) {
    return (
      <div aria-busy="true" aria-label="Loading designs" className="grid grid-cols-2 gap-3">
        {[0, 1, 2, 3].map((index) => (
          <div key={index} className="space-y-2">
            <Skeleton className="aspect-square rounded-2xl" />
            <Skeleton className="h-3 w-3/4" />
          </div>
        ))}
      </div>
    );
  }
  if (designs.isError) {
    return (
      <FailedToLoad
        icon={ImageOff}
        title="Could not load the designs"
        error={designs.error}
        onRetry={() => void designs.refetch()}
      />
    );
  }
  if (designs.data.length === 0) {
    return isCurrentUser ? (
      <EmptyState
        icon={Sparkles}
        title="No designs yet"
        description="Turn a photo of your space into an AI-rendered design and share it with the community."
        action={
          <Link to={paths.createDesign.getHref()} className={buttonClasses({ variant: 'accent' })}>
            <Sparkles className="size-4" aria-hidden />
            {messages.profile.createFirst}
          </Link>
        }
      />
    ) : (
      <EmptyState icon={ImageOff} title="No designs yet" description="Nothing has been published here so far." />
    );
  }
  return (
    <ul className="grid grid-cols-2 gap-x-3 gap-y-4">
      {designs.data.map((design) => (
        <li key={design.id}>
          <DesignTile design={design} showEarningPotential={isCurrentUser} />
        </li>
      ))}
    </ul>
  );
}

/** What the creator earns if each product of the design is bought once, at their rate (6% of a remix's, else 8%). */
export function earningPotentialLabel(design: Design): string {
  const isRemix = design.originalCreatorId !== null || design.originalCreatorDeleted;
  return messages.profile.earningPotential(formatCents(earningPotentialCents(design.selectedProducts, isRemix)));
}

export function DesignTile({ design, showEarningPotential }: { design: Design; showEarningPotential: boolean }) {
  const likes = shownLikesCount(design, useViewerLikesCount());
  const image = (
    <Link to={paths.post.getHref(design.id)} className="block size-full">
      <ResponsiveImage
        src={design.afterImageUrl}
        alt={design.title}
        sizes={imageSizes.halfColumn}
        className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
      />
    </Link>
  );
  return (
    <article>
      <div className="group relative aspect-square overflow-hidden rounded-2xl bg-muted shadow-card">
        {showEarningPotential ? <Tooltip content={earningPotentialLabel(design)}>{image}</Tooltip> : image}
        <span className="pointer-events-none absolute bottom-2 left-2 inline-flex items-center gap-1 rounded-full bg-black/55 px-2 py-0.5 text-xs font-semibold text-white backdrop-blur-sm">
          <Heart className="size-3" aria-hidden />
          {likes}
          <span className="sr-only">likes</span>
        </span>
      </div>
      <h3 className="mt-2 truncate text-sm font-semibold">{design.title}</h3>
      {design.originalCreator && (
        <p className="truncate text-xs text-muted-foreground">
          {messages.feed.inspiredBy}{' '}
          <Link
            to={paths.profile.getHref(design.originalCreator.id)}
            className="font-semibold text-primary hover:underline"
          >
            @{design.originalCreator.username}
          </Link>
        </p>
      )}
    </article>
  );
}
