import { messages, postPageMessages } from '@dwellscape/shared';
import { ArrowLeft, ImageOff } from 'lucide-react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { BeforeAfterSlider } from '@/components/before-after/before-after-slider';
import { DesignCard } from '@/components/design-card/design-card';
import { DesignCardSkeleton } from '@/components/design-card/design-card-skeleton';
import { FidelityReceiptLine } from '@/components/fidelity-receipt/fidelity-receipt';
import { Button } from '@/components/ui/button';
import { LoadFailure } from '@/components/ui/load-failure';
import { paths } from '@/config/paths';
import { useDesign } from '@/lib/api/get-design';
import { PostActions } from './post-actions';
import { PostComments } from './post-comments';
import { PostRemixes } from './post-remixes';

/**
 * docs/product.md §2.9: /post/{postId} — the design, its author to follow, sharing, its before and
 * after, its remixes, its comments and a box to add one; its author edits or deletes it here.
 */
export function PostScreen() {
  const { postId = '' } = useParams();
  const post = useDesign(postId);

  if (post.isPending) {
    return (
      <div aria-busy="true" aria-label="Loading post">
        <BackButton />
        <DesignCardSkeleton />
      </div>
    );
  }
  if (post.isError) {
    return (
      <LoadFailure
        error={post.error}
        icon={ImageOff}
        notFound={{ title: messages.post.notFound, description: 'It may have been removed, or the link is wrong.' }}
        failedTitle="Could not load this post"
        onRetry={() => void post.refetch()}
      />
    );
  }

  const design = post.data;
  return (
    <>
      <BackButton />
      <h1 className="sr-only">{design.title}</h1>
      <DesignCard design={design} eagerImage />
      <PostActions design={design} />
      {design.receipt && <FidelityReceiptLine receipt={design.receipt} mode={design.mode} className="mt-3" />}
      {design.beforeImageUrl && (
        <section aria-labelledby="post-before-after" className="mt-6">
          <h2 id="post-before-after" className="mb-2 text-base font-semibold">
            {postPageMessages.compare}
          </h2>
          <BeforeAfterSlider
            beforeUrl={design.beforeImageUrl}
            afterUrl={design.afterImageUrl}
            label={design.title}
            sliderLabel={postPageMessages.compare}
          />
        </section>
      )}
      {design.remixCount > 0 && <PostRemixes designId={design.id} remixCount={design.remixCount} />}
      <PostComments designId={design.id} commentsCount={design.commentsCount} />
    </>
  );
}

function BackButton() {
  const location = useLocation();
  const navigate = useNavigate();
  // opened straight from an address there is nothing to go back to inside the app
  const goBack = () => (location.key === 'default' ? navigate(paths.home.getHref()) : navigate(-1));
  return (
    <Button variant="ghost" size="sm" className="mb-2 -ml-2 text-muted-foreground" onClick={() => void goBack()}>
      <ArrowLeft className="size-4" aria-hidden />
      {messages.purchase.back}
    </Button>
  );
}
