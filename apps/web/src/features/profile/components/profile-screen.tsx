import { messages } from '@dwellscape/shared';
import { Bookmark, Grid3x3, UserX } from 'lucide-react';
import { useParams, useSearchParams } from 'react-router';
import { LoadFailure } from '@/components/ui/load-failure';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useMe } from '@/lib/api/get-me';
import { useUser } from '../api/get-user';
import { ProfileDesigns } from './profile-designs';
import { GuestCallToAction, ProfileHeader } from './profile-header';
import { ProfileSaved } from './profile-saved';

const DESIGNS_TAB = 'designs';
const SAVED_TAB = 'saved';

/** docs/product.md §2: /profile/{userId}. */
export function ProfileScreen() {
  const { userId = '' } = useParams();
  // /profile/{id}?tab=saved opens on the Saved tab (where signing in from it leads)
  const [searchParams] = useSearchParams();
  const user = useUser(userId);
  const me = useMe();

  if (user.isPending) return <ProfileSkeleton />;
  if (user.isError) {
    return (
      <LoadFailure
        error={user.error}
        icon={UserX}
        notFound={{
          title: messages.profile.notFound,
          description: 'The profile may have been removed, or the link is wrong.',
        }}
        failedTitle="Could not load this profile"
        onRetry={() => void user.refetch()}
      />
    );
  }

  return (
    <>
      {/* the Profile tab's default target for a guest: not their own, with a call to sign up */}
      {me.data?.signedIn === false && me.data.currentUser.id === user.data.id && <GuestCallToAction />}
      <ProfileHeader user={user.data} />
      <Tabs
        key={user.data.id}
        defaultValue={searchParams.get('tab') === SAVED_TAB ? SAVED_TAB : DESIGNS_TAB}
        className="mt-6"
      >
        <TabsList>
          <TabsTrigger value={DESIGNS_TAB}>
            <Grid3x3 className="size-4" aria-hidden />
            {messages.profile.myDesigns}
          </TabsTrigger>
          <TabsTrigger value={SAVED_TAB}>
            <Bookmark className="size-4" aria-hidden />
            {messages.profile.saved}
          </TabsTrigger>
        </TabsList>
        <TabsContent value={DESIGNS_TAB}>
          <ProfileDesigns userId={user.data.id} isCurrentUser={user.data.isCurrentUser} />
        </TabsContent>
        <TabsContent value={SAVED_TAB}>
          <ProfileSaved user={user.data} />
        </TabsContent>
      </Tabs>
    </>
  );
}

export function ProfileSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading profile" className="flex flex-col items-center gap-3">
      <Skeleton className="size-24 rounded-full" />
      <Skeleton className="mt-1 h-5 w-40" />
      <Skeleton className="h-3 w-24" />
      <Skeleton className="h-3 w-56" />
      <Skeleton className="mt-2 h-[4.25rem] w-full rounded-2xl" />
      <div className="grid w-full grid-cols-2 gap-3">
        <Skeleton className="h-11 rounded-xl" />
        <Skeleton className="h-11 rounded-xl" />
      </div>
      <Skeleton className="mt-3 h-11 w-full rounded-2xl" />
    </div>
  );
}
