import { formatRelativeTime, type Notification } from '@dwellscape/shared';
import { BadgeDollarSign, Heart, MessageCircle, Repeat2, UserPlus, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { ResponsiveImage, imageSizes } from '@/components/ui/responsive-image';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';

export const notificationKinds: Record<Notification['type'], { label: string; icon: LucideIcon; className: string }> = {
  like: { label: 'Like', icon: Heart, className: 'bg-rose-500 text-white' },
  follow: { label: 'Follow', icon: UserPlus, className: 'bg-primary text-primary-foreground' },
  comment: { label: 'Comment', icon: MessageCircle, className: 'bg-sky-500 text-white' },
  remix: { label: 'Remix', icon: Repeat2, className: 'bg-violet-500 text-white' },
  commission: { label: 'Commission', icon: BadgeDollarSign, className: 'bg-accent text-accent-foreground' },
};

/** One notification: who, what, when, and the design it is about. Design notifications open the post. */
export function NotificationRow({ notification, now }: { notification: Notification; now?: Date }) {
  const kind = notificationKinds[notification.type];
  const Icon = kind.icon;
  const body = (
    <>
      <span className="relative shrink-0">
        {notification.actor ? (
          <Avatar src={notification.actor.avatarUrl} name={notification.actor.displayName} className="size-11" />
        ) : (
          <span className="grid size-11 place-items-center rounded-full bg-accent-soft text-accent">
            <Icon className="size-5" aria-hidden />
          </span>
        )}
        <span
          role="img"
          aria-label={kind.label}
          className={cn(
            'absolute -right-1 -bottom-1 grid size-5 place-items-center rounded-full ring-2 ring-surface',
            kind.className,
          )}
        >
          <Icon className="size-3" aria-hidden />
        </span>
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-sm leading-snug">
          <MessageText notification={notification} />
        </span>
        <span className="mt-0.5 flex items-center gap-2 text-xs text-muted-foreground">
          <time dateTime={notification.createdAt}>{formatRelativeTime(notification.createdAt, now)}</time>
          {notification.amount && (
            <span className="font-semibold text-accent tabular-nums">+{notification.amount}</span>
          )}
        </span>
      </span>
      {notification.thumbnailUrl && (
        <span className="size-12 shrink-0 overflow-hidden rounded-lg bg-muted">
          <ResponsiveImage
            src={notification.thumbnailUrl}
            alt=""
            sizes={imageSizes.tile4rem}
            className="size-full object-cover"
          />
        </span>
      )}
      {!notification.read && <span className="size-2 shrink-0 rounded-full bg-primary" role="img" aria-label="New" />}
    </>
  );
  const rowClass = cn('flex items-center gap-3 p-3', !notification.read && 'bg-primary-soft/35');
  if (notification.designId) {
    return (
      <Link
        to={paths.post.getHref(notification.designId)}
        className={cn(rowClass, 'transition-colors hover:bg-muted/70')}
      >
        {body}
      </Link>
    );
  }
  if (notification.actor) {
    return (
      <Link
        to={paths.profile.getHref(notification.actor.id)}
        className={cn(rowClass, 'transition-colors hover:bg-muted/70')}
      >
        {body}
      </Link>
    );
  }
  return <div className={rowClass}>{body}</div>;
}

/** The actor's name in bold where the message starts with it ("Jordan Blake liked your design …"). */
function MessageText({ notification }: { notification: Notification }) {
  const name = notification.actor?.displayName;
  if (!name || !notification.message.startsWith(name)) return <>{notification.message}</>;
  return (
    <>
      <span className="font-semibold">{name}</span>
      {notification.message.slice(name.length)}
    </>
  );
}
