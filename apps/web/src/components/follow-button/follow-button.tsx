import { messages, type SessionResponse, type User } from '@dwellscape/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Check, UserPlus } from 'lucide-react';
import { useRequireAccount } from '@/components/account/account-sheet-provider';
import { Button, type ButtonSize } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import { useSetUserFollowed } from '@/lib/api/follow-user';
import { queryKeys } from '@/lib/query-keys';

export const followTexts = {
  following: 'Following',
  signInReason: (name: string) => `Sign in or sign up to follow ${name}. You follow them as soon as you have.`,
  followFailed: (name: string) => `Could not follow ${name}. Please try again.`,
  unfollowFailed: (name: string) => `Could not unfollow ${name}. Please try again.`,
} as const;

interface FollowButtonProps {
  user: Pick<User, 'id' | 'displayName' | 'isFollowedByViewer' | 'followerCount'>;
  size?: ButtonSize;
  className?: string;
}

/** 'Follow' ⇄ 'Following': at once on screen, then on the server; signed out, the sign-in sheet asks first. */
export function FollowButton({ user, size = 'sm', className }: FollowButtonProps) {
  const queryClient = useQueryClient();
  const { runWithAccount } = useRequireAccount();
  const setFollowed = useSetUserFollowed();
  const isFollowing = user.isFollowedByViewer;

  async function toggle() {
    const wanted = !isFollowing;
    try {
      await runWithAccount(
        async () => {
          // read when it runs: signing in on the way makes the new account the viewer
          const viewerId = queryClient.getQueryData<SessionResponse>(queryKeys.me)?.currentUser.id ?? '';
          await setFollowed({ followee: user, viewerId, wanted });
        },
        { reason: followTexts.signInReason(user.displayName) },
      );
    } catch (error) {
      console.error('Following failed; it was put back.', error);
      // the server's words when it refused (you cannot follow yourself), ours otherwise
      const fallback = wanted
        ? followTexts.followFailed(user.displayName)
        : followTexts.unfollowFailed(user.displayName);
      toast.error(error instanceof ApiError && error.status === 400 ? error.message : fallback);
    }
  }

  return (
    <Button
      size={size}
      variant={isFollowing ? 'outline' : 'primary'}
      aria-pressed={isFollowing}
      aria-label={`${isFollowing ? followTexts.following : messages.profile.follow} ${user.displayName}`}
      className={className}
      onClick={() => void toggle()}
    >
      {isFollowing ? <Check className="size-4" aria-hidden /> : <UserPlus className="size-4" aria-hidden />}
      {isFollowing ? followTexts.following : messages.profile.follow}
    </Button>
  );
}
