import { messages } from '@dwellscape/shared';
import { Check, UserPlus } from 'lucide-react';
import { Button, type ButtonSize } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { useLocalFollow } from './local-follows';

export const FOLLOWING_LABEL = 'Following';
export const LOCAL_FOLLOW_NOTE = 'Follows are kept on this device during the beta.';

interface FollowButtonProps {
  userId: string;
  /** The person's display name, for the toast and the button's accessible name. */
  name: string;
  size?: ButtonSize;
  className?: string;
}

/** 'Follow' ⇄ 'Following'. Kept in this tab only: the beta has no follow API, and the toast says so. */
export function FollowButton({ userId, name, size = 'sm', className }: FollowButtonProps) {
  const { isFollowing, toggleFollow } = useLocalFollow(userId);
  return (
    <Button
      size={size}
      variant={isFollowing ? 'outline' : 'primary'}
      aria-label={`${isFollowing ? FOLLOWING_LABEL : messages.profile.follow} ${name}`}
      className={className}
      onClick={() => {
        if (toggleFollow()) toast.success(`You're following ${name}`, { description: LOCAL_FOLLOW_NOTE });
      }}
    >
      {isFollowing ? <Check className="size-4" aria-hidden /> : <UserPlus className="size-4" aria-hidden />}
      {isFollowing ? FOLLOWING_LABEL : messages.profile.follow}
    </Button>
  );
}
