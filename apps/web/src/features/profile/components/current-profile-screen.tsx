import { UserX } from 'lucide-react';
import { Navigate } from 'react-router';
import { FailedToLoad } from '@/components/ui/load-failure';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/api/get-me';
import { ProfileSkeleton } from './profile-screen';

/**
 * /profile, where the Profile tab goes: the signed-in account's own profile, or for a guest the first sample
 * user's, shown as someone else's. The tab links here from the first frame, and who that is is asked here, so
 * no user id is built into the client. The address becomes /profile/{id}, replacing this one in the history.
 */
export function CurrentProfileScreen() {
  const me = useMe();
  if (me.data) return <Navigate to={paths.profile.getHref(me.data.currentUser.id)} replace />;
  if (me.isError) {
    return (
      <FailedToLoad
        icon={UserX}
        title="Could not load your profile"
        error={me.error}
        onRetry={() => void me.refetch()}
      />
    );
  }
  return <ProfileSkeleton />;
}
