import { type Design } from '@dwellscape/shared';
import { ImageOff, RefreshCw, Repeat2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { formatRemixCount, REMIXES_SECTION_ID } from '@/components/design-card/design-card';
import { Card } from '@/components/ui/card';
import { FailedToLoad } from '@/components/ui/load-failure';
import { ResponsiveImage, imageSizes } from '@/components/ui/responsive-image';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useRemixes } from '../api/get-remixes';

interface PostRemixesProps {
  designId: string;
  /** Every public remix, counted by the server; the list shows at most the newest 50. */
  remixCount: number;
}

/** The designs published as remixes of this one, newest first, each linking to its own post. */
export function PostRemixes({ designId, remixCount }: PostRemixesProps) {
  const remixes = useRemixes(designId);
  const sectionRef = useRef<HTMLElement>(null);
  const { hash, key } = useLocation();
  const headingId = `post-${designId}-remixes`;

  // the card's 'N remixes' link lands here; the section appears only once the post has loaded, after the
  // router's own scroll, and grows when the list arrives
  const isTarget = hash === `#${REMIXES_SECTION_ID}`;
  useEffect(() => {
    if (isTarget) sectionRef.current?.scrollIntoView?.({ block: 'start' });
  }, [isTarget, key, remixes.isSuccess]);

  return (
    <Card className="mt-5 p-4">
      <section id={REMIXES_SECTION_ID} ref={sectionRef} aria-labelledby={headingId} className="scroll-mt-20">
        <div className="mb-3 flex items-baseline justify-between gap-3">
          <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold tracking-tight">
            <Repeat2 className="size-4 text-primary" aria-hidden />
            Remixes
          </h2>
          <p className="text-sm text-muted-foreground tabular-nums">{formatRemixCount(remixCount)}</p>
        </div>
        <RemixList remixes={remixes} remixCount={remixCount} />
      </section>
    </Card>
  );
}

function RemixList({ remixes, remixCount }: { remixes: ReturnType<typeof useRemixes>; remixCount: number }) {
  if (remixes.isPending) {
    return (
      <div aria-busy="true" aria-label="Loading remixes" className="flex gap-3 overflow-hidden">
        {[0, 1, 2].map((index) => (
          <div key={index} className="w-36 shrink-0 space-y-2">
            <Skeleton className="aspect-[4/3] w-full" />
            <Skeleton className="h-3 w-24" />
          </div>
        ))}
      </div>
    );
  }
  if (remixes.isError) {
    return (
      <FailedToLoad
        icon={RefreshCw}
        title="Could not load the remixes"
        error={remixes.error}
        onRetry={() => void remixes.refetch()}
        className="py-6"
        size="sm"
        isRetrying={remixes.isFetching}
      />
    );
  }
  const shown = remixes.data;
  return (
    <>
      {/* a row that scrolls sideways keeps fifty remixes from pushing the comments off the page */}
      <ul aria-label="Remixes" className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-1">
        {shown.map((remix) => (
          <li key={remix.id} className="w-36 shrink-0 snap-start">
            <RemixTile remix={remix} />
          </li>
        ))}
      </ul>
      {shown.length > 0 && shown.length < remixCount && (
        <p className="mt-2 text-xs text-muted-foreground">Showing the {shown.length} newest.</p>
      )}
    </>
  );
}

function RemixTile({ remix }: { remix: Design }) {
  return (
    <Link to={paths.post.getHref(remix.id)} className="group block rounded-xl">
      <span className="relative block aspect-[4/3] overflow-hidden rounded-xl bg-muted">
        <ImageOff className="absolute inset-0 m-auto size-6 text-muted-foreground/40" aria-hidden />
        <ResponsiveImage
          src={remix.afterImageUrl}
          alt=""
          sizes={imageSizes.tile9rem}
          className="relative size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
        />
      </span>
      <span className="mt-1.5 line-clamp-2 text-sm leading-snug font-semibold group-hover:underline group-hover:underline-offset-2">
        {remix.title}
      </span>
      <span className="block truncate text-xs text-muted-foreground">@{remix.author.username}</span>
    </Link>
  );
}
