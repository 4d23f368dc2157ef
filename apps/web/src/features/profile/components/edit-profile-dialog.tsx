import { messages, type User } from '@dwellscape/shared';
import { BadgeCheck } from 'lucide-react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';

export const EDIT_PROFILE_LATER = 'Profile editing arrives after the beta';

interface EditProfileDialogProps {
  user: User;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Edit Profile': the beta has no accounts to save changes to, so it shows what the profile holds and says when editing comes. */
export function EditProfileDialog({ user, open, onOpenChange }: EditProfileDialogProps) {
  const fields = [
    { label: 'Display name', value: user.displayName },
    { label: 'Username', value: `@${user.username}` },
    { label: 'Bio', value: user.bio || '—' },
  ];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={messages.profile.editProfile}
        description={`${EDIT_PROFILE_LATER}. Until accounts launch, every profile comes from the sample community.`}
      >
        <div className="flex items-center gap-3 rounded-2xl bg-muted/60 p-3">
          <Avatar src={user.avatarUrl} name={user.displayName} className="size-12" />
          <span className="min-w-0">
            <span className="flex items-center gap-1 text-sm font-semibold">
              {user.displayName}
              {user.isVerified && <BadgeCheck className="size-4 text-primary" aria-label="Verified" role="img" />}
            </span>
            <span className="block text-xs text-muted-foreground">@{user.username}</span>
          </span>
        </div>
        <dl className="mt-4 space-y-3">
          {fields.map((field) => (
            <div key={field.label}>
              <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{field.label}</dt>
              <dd className="mt-0.5 text-sm">{field.value}</dd>
            </div>
          ))}
        </dl>
        <DialogClose asChild>
          <Button className="mt-6 w-full">Got it</Button>
        </DialogClose>
      </DialogContent>
    </Dialog>
  );
}
