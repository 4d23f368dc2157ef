import { formatCount, type User } from '@dwellscape/shared';
import { BadgeCheck } from 'lucide-react';
import { Link } from 'react-router';
import { FollowButton } from '@/components/follow-button/follow-button';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { paths } from '@/config/paths';

/** A matching person: opens their profile; 'Follow' for everyone but the current user. */
export function UserResult({ user }: { user: User }) {
  return (
    <div className="flex items-center gap-2 rounded-2xl p-2 transition-colors hover:bg-muted/60">
      <Link to={paths.profile.getHref(user.id)} className="flex min-w-0 flex-1 items-center gap-3 rounded-xl">
        <Avatar src={user.avatarUrl} name={user.displayName} className="size-12" />
        <span className="min-w-0">
          <span className="flex items-center gap-1 text-sm font-semibold">
            <span className="truncate">{user.displayName}</span>
            {user.isVerified && (
              <BadgeCheck className="size-4 shrink-0 text-primary" aria-label="Verified" role="img" />
            )}
          </span>
          <span className="block truncate text-xs text-muted-foreground">
            @{user.username} · {formatCount(user.followerCount)} followers
          </span>
        </span>
      </Link>
      {user.isCurrentUser ? <Badge tone="primary">You</Badge> : <FollowButton user={user} />}
    </div>
  );
}
