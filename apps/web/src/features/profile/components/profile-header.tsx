import { messages, type User } from '@dwellscape/shared';
import { BadgeCheck, MessageCircle, PencilLine, Settings, Wallet } from 'lucide-react';
import { useState } from 'react';
import { FollowButton } from '@/components/follow-button/follow-button';
import { useLocalFollow } from '@/components/follow-button/local-follows';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/toaster';
import { EditProfileDialog } from './edit-profile-dialog';
import { SettingsDialog } from './settings-dialog';

export const MESSAGING_NOT_IN_BETA = 'Messaging is not part of the beta yet';

const formatCount = (value: number) => value.toLocaleString('en-US');

/** Avatar, names, bio, counts, and the actions that fit whose profile it is (SPEC §2, §6). */
export function ProfileHeader({ user }: { user: User }) {
  const { isFollowing } = useLocalFollow(user.id);
  const counts = [
    { label: 'Posts', value: user.postCount },
    // a local follow counts, so the number agrees with the button
    { label: 'Followers', value: user.followerCount + (isFollowing && !user.isCurrentUser ? 1 : 0) },
    { label: 'Following', value: user.followingCount },
  ];

  return (
    <section aria-label="Profile" className="flex flex-col items-center text-center">
      <Avatar
        src={user.avatarUrl}
        name={user.displayName}
        className="size-24 text-3xl shadow-card ring-4 ring-surface"
      />
      <h1 className="mt-4 flex items-center gap-1.5 text-xl font-bold tracking-tight">
        {user.displayName}
        {user.isVerified && <BadgeCheck className="size-5 text-primary" aria-label="Verified" role="img" />}
      </h1>
      <p className="text-sm text-muted-foreground">@{user.username}</p>
      {user.bio && <p className="mt-3 max-w-xs text-sm leading-relaxed text-balance">{user.bio}</p>}

      <Card className="mt-5 grid w-full grid-cols-3 divide-x divide-border/70 py-3.5">
        {counts.map((count) => (
          <div key={count.label}>
            <p className="text-lg font-bold tabular-nums">{formatCount(count.value)}</p>
            <p className="text-xs text-muted-foreground">{count.label}</p>
          </div>
        ))}
      </Card>

      {user.isCurrentUser ? <OwnProfileActions user={user} /> : <OtherProfileActions user={user} />}
    </section>
  );
}

function OwnProfileActions({ user }: { user: User }) {
  const [isEditing, setIsEditing] = useState(false);
  const [isInSettings, setIsInSettings] = useState(false);
  return (
    <>
      <Card className="mt-4 flex w-full items-center gap-3 border-transparent bg-primary p-4 text-left text-primary-foreground">
        <span className="grid size-10 place-items-center rounded-xl bg-primary-foreground/15">
          <Wallet className="size-5" aria-hidden />
        </span>
        <span className="flex-1 text-sm font-medium opacity-90">{messages.profile.commission}</span>
        <span className="text-xl font-bold tabular-nums">{user.commissionEarned}</span>
      </Card>
      <div className="mt-4 grid w-full grid-cols-2 gap-3">
        <Button variant="outline" onClick={() => setIsEditing(true)}>
          <PencilLine className="size-4" aria-hidden />
          {messages.profile.editProfile}
        </Button>
        <Button variant="outline" onClick={() => setIsInSettings(true)}>
          <Settings className="size-4" aria-hidden />
          {messages.profile.settings}
        </Button>
      </div>
      <EditProfileDialog user={user} open={isEditing} onOpenChange={setIsEditing} />
      <SettingsDialog open={isInSettings} onOpenChange={setIsInSettings} />
    </>
  );
}

function OtherProfileActions({ user }: { user: User }) {
  return (
    <div className="mt-4 grid w-full grid-cols-2 gap-3">
      <FollowButton userId={user.id} name={user.displayName} size="md" />
      <Button
        variant="outline"
        onClick={() =>
          toast.info(MESSAGING_NOT_IN_BETA, {
            description: `You can't send ${user.displayName} a message in the beta.`,
          })
        }
      >
        <MessageCircle className="size-4" aria-hidden />
        {messages.profile.message}
      </Button>
    </div>
  );
}
