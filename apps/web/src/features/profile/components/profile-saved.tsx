import { messages, type User } from '@dwellscape/shared';
import { Bookmark, ImageOff, Lock, LogIn } from 'lucide-react';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useAccountSheet } from '@/components/account/account-sheet-provider';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { FailedToLoad } from '@/components/ui/load-failure';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/api/get-me';
import { useSavedDesigns } from '../api/get-saved-designs';
import { DesignTile } from './profile-designs';

export const savedTexts = {
  emptyTitle: 'Nothing saved yet',
  emptyBody: 'Tap the bookmark on any design to keep it here, ready when you are.',
  guestTitle: 'Keep the designs you love',
  guestBody: 'Sign in or sign up to save designs and find them here.',
  signInReason: 'Sign in or sign up to see the designs you saved.',
  signIn: 'Sign in',
  privateTitle: 'Saved designs are private',
  privateBody: (name: string) => `Only ${name} can see the designs they save.`,
  loadFailed: 'Could not load your saved designs',
} as const;

/** The profile's 'Saved' tab: on one's own profile the saved designs, the most recently saved first. */
export function ProfileSaved({ user }: { user: User }) {
  const me = useMe();
  if (!user.isCurrentUser) {
    return (
      <EmptyState icon={Lock} title={savedTexts.privateTitle} description={savedTexts.privateBody(user.displayName)} />
    );
  }
  if (me.data?.signedIn === false) return <SignedOutSaved />;
  if (me.isError) return <LoadFailed error={me.error} onRetry={() => void me.refetch()} />;
  return <SavedDesigns isSignedIn={me.data?.signedIn === true} />;
}

function SavedDesigns({ isSignedIn }: { isSignedIn: boolean }) {
  const saved = useSavedDesigns(isSignedIn);
  const designs = useMemo(() => saved.data?.pages.flatMap((page) => page.items) ?? [], [saved.data]);

  if (saved.isPending) {
    return (
      <div aria-busy="true" aria-label="Loading saved designs" className="grid grid-cols-2 gap-3">
        {[0, 1, 2, 3].map((index) => (
          <div key={index} className="space-y-2">
            <Skeleton className="aspect-square rounded-2xl" />
            <Skeleton className="h-3 w-3/4" />
          </div>
        ))}
      </div>
    );
  }
  if (!saved.data) return <LoadFailed error={saved.error} onRetry={() => void saved.refetch()} />;
  if (designs.length === 0) {
    return <EmptyState icon={Bookmark} title={savedTexts.emptyTitle} description={savedTexts.emptyBody} />;
  }
  return (
    <>
      <ul aria-label="Saved designs" className="grid grid-cols-2 gap-x-3 gap-y-4">
        {designs.map((design) => (
          <li key={design.id}>
            <DesignTile design={design} showEarningPotential={false} />
          </li>
        ))}
      </ul>
      {saved.hasNextPage && (
        <div className="mt-6 flex justify-center">
          <Button variant="outline" isLoading={saved.isFetchingNextPage} onClick={() => void saved.fetchNextPage()}>
            {messages.feed.loadMore}
          </Button>
        </div>
      )}
      {saved.isFetchNextPageError && !saved.isFetchingNextPage && (
        <p role="alert" className="mt-3 text-center text-sm font-medium text-danger">
          {messages.feed.dataFailed}
        </p>
      )}
    </>
  );
}

/** Signed out, the profile is the first sample user's (docs/product.md §2): signing in leads to one's own Saved tab. */
function SignedOutSaved() {
  const { openAccountSheet } = useAccountSheet();
  const navigate = useNavigate();
  const signIn = async () => {
    const session = await openAccountSheet({ reason: savedTexts.signInReason });
    if (session) void navigate(paths.profile.saved(session.currentUser.id));
  };
  return (
    <EmptyState
      icon={Bookmark}
      title={savedTexts.guestTitle}
      description={savedTexts.guestBody}
      action={
        <Button onClick={() => void signIn()}>
          <LogIn className="size-4" aria-hidden />
          {savedTexts.signIn}
        </Button>
      }
    />
  );
}

function LoadFailed({ error, onRetry }: { error: Error | null; onRetry: () => void }) {
  return <FailedToLoad icon={ImageOff} title={savedTexts.loadFailed} error={error} onRetry={onRetry} />;
}
