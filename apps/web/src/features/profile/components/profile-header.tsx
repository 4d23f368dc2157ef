import { formatCents, formatCount, messages, type User } from '@dwellscape/shared';
import {
  BadgeCheck,
  ChevronRight,
  LogIn,
  MessageCircle,
  PencilLine,
  ReceiptText,
  Settings,
  UserPlus,
  UserRound,
  Wallet,
} from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAccountSheet, type OpenAccountSheetOptions } from '@/components/account/account-sheet-provider';
import { FollowButton } from '@/components/follow-button/follow-button';
import { Avatar } from '@/components/ui/avatar';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { useEarnings } from '@/lib/api/get-earnings';
import { EditProfileDialog } from './edit-profile-dialog';
import { SettingsDialog } from './settings-dialog';

export const profileTexts = {
  guestTitle: 'You are browsing as a guest',
  guestBody:
    'This is someone else’s profile from the sample world. Sign up for a profile of your own to publish designs, comment and follow.',
  signIn: 'Sign in',
  signUp: 'Sign up',
  messagingTitle: 'Messages are coming soon',
  messagingBody: (name: string) =>
    `Direct messages are not part of the beta yet. Until they arrive, follow ${name} or leave a comment on their designs.`,
} as const;

/** Avatar, names, bio, counts, and the actions that fit whose profile it is (docs/product.md §2, §6). */
export function ProfileHeader({ user }: { user: User }) {
  const counts = [
    { label: 'Posts', value: user.postCount },
    { label: 'Followers', value: user.followerCount },
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
  // one's own profile is the signed-in account's: the ledger's pending and available apart
  const earnings = useEarnings(true).data;
  return (
    <>
      <Link
        to={paths.earnings.getHref()}
        className="mt-4 flex w-full items-center gap-3 rounded-2xl border border-transparent bg-primary p-4 text-left text-primary-foreground shadow-card transition-opacity hover:opacity-95 dark:border-primary/25 dark:bg-primary-soft dark:text-foreground"
      >
        <span className="grid size-10 place-items-center rounded-xl bg-primary-foreground/15 dark:bg-primary/15 dark:text-primary">
          <Wallet className="size-5" aria-hidden />
        </span>
        <span className="flex-1 text-sm font-medium opacity-90">{messages.profile.commission}</span>
        <span className="flex flex-col items-end">
          <span className="text-xl font-bold tabular-nums">{user.commissionEarned}</span>
          {earnings && (
            <span className="text-xs tabular-nums opacity-90">
              {formatCents(earnings.totals.pendingCents)} pending · {formatCents(earnings.totals.availableCents)}{' '}
              available
            </span>
          )}
        </span>
        <ChevronRight className="size-5 opacity-80" aria-hidden />
      </Link>
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
      <Link
        to={paths.orders.getHref()}
        className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'mt-2 w-full text-muted-foreground' })}
      >
        <ReceiptText className="size-4" aria-hidden />
        Your orders
      </Link>
      <EditProfileDialog user={user} open={isEditing} onOpenChange={setIsEditing} />
      <SettingsDialog open={isInSettings} onOpenChange={setIsInSettings} />
    </>
  );
}

/** Opens the sign-in sheet and, once signed in, shows the person their own profile. */
function useSignInForOwnProfile() {
  const { openAccountSheet } = useAccountSheet();
  const navigate = useNavigate();
  return async (options: OpenAccountSheetOptions) => {
    const session = await openAccountSheet(options);
    if (session) navigate(paths.profile.getHref(session.currentUser.id));
  };
}

/** A guest's Profile tab shows the first sample user as someone else's; this says so and offers an account. */
export function GuestCallToAction() {
  const signInForOwnProfile = useSignInForOwnProfile();
  return (
    <Card className="mb-6 w-full border-transparent bg-primary-soft p-4 text-left shadow-none">
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-primary text-primary-foreground">
          <UserRound className="size-5" aria-hidden />
        </span>
        <div className="min-w-0">
          <h2 className="text-sm font-semibold">{profileTexts.guestTitle}</h2>
          <p className="mt-0.5 text-sm text-muted-foreground">{profileTexts.guestBody}</p>
        </div>
      </div>
      <div className="mt-4 grid grid-cols-2 gap-2">
        <Button onClick={() => void signInForOwnProfile({ tab: 'sign-in' })}>
          <LogIn className="size-4" aria-hidden />
          {profileTexts.signIn}
        </Button>
        <Button variant="outline" onClick={() => void signInForOwnProfile({ tab: 'sign-up' })}>
          <UserPlus className="size-4" aria-hidden />
          {profileTexts.signUp}
        </Button>
      </div>
    </Card>
  );
}

function OtherProfileActions({ user }: { user: User }) {
  const [isMessaging, setIsMessaging] = useState(false);
  return (
    <div className="mt-4 grid w-full grid-cols-2 gap-3">
      <FollowButton user={user} size="md" />
      <Button variant="outline" onClick={() => setIsMessaging(true)}>
        <MessageCircle className="size-4" aria-hidden />
        {messages.profile.message}
      </Button>
      <MessagingSoonDialog user={user} open={isMessaging} onOpenChange={setIsMessaging} />
    </div>
  );
}

interface MessagingSoonDialogProps {
  user: User;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Message' is not built yet: a sheet that says so and what to do meanwhile, never a dead button. */
function MessagingSoonDialog({ user, open, onOpenChange }: MessagingSoonDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={profileTexts.messagingTitle}
        description={profileTexts.messagingBody(user.displayName)}
        hideTitle
      >
        <div className="flex flex-col items-center pb-1 text-center">
          <span className="relative">
            <Avatar src={user.avatarUrl} name={user.displayName} className="size-16 text-xl" />
            <span className="absolute -right-1 -bottom-1 grid size-8 place-items-center rounded-full bg-accent text-accent-foreground ring-4 ring-surface-raised">
              <MessageCircle className="size-4" aria-hidden />
            </span>
          </span>
          <p aria-hidden className="mt-4 text-lg font-semibold tracking-tight">
            {profileTexts.messagingTitle}
          </p>
          <p aria-hidden className="mt-1.5 max-w-xs text-sm text-muted-foreground">
            {profileTexts.messagingBody(user.displayName)}
          </p>
          <DialogClose asChild>
            <Button className="mt-6 w-full" size="lg">
              Got it
            </Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
