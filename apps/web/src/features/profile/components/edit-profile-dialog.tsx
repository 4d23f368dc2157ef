import {
  accountMessages,
  BIO_MAX_LENGTH,
  bioSchema,
  DISPLAY_NAME_MAX_LENGTH,
  displayNameSchema,
  messages,
  type UpdateProfileBody,
  type User,
} from '@dwellscape/shared';
import { useMutation } from '@tanstack/react-query';
import { Camera } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { z } from 'zod/mini';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { DialogFormFooter } from '@/components/ui/dialog-form-footer';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { CharacterCount, TextAreaField } from '@/components/ui/text-area-field';
import { toast } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import { uploadImage } from '@/lib/api/upload-image';
import { useUpdateProfile } from '../api/update-profile';

export const editProfileTexts = {
  description: 'This is how people see you on your designs and comments.',
  changePhoto: 'Change photo',
  save: 'Save',
  saved: 'Profile updated',
  usernameFixed: 'Usernames cannot be changed.',
  failed: 'Your profile could not be saved. Please try again.',
  uploadFailed: 'The photo could not be uploaded. Please try again.',
  photoRefused: 'That photo could not be used. Please choose another one.',
} as const;

type ProfileField = 'displayName' | 'bio';
type ProfileErrors = Partial<Record<ProfileField, string>>;

interface EditProfileDialogProps {
  user: User;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Edit Profile': the signed-in person's display name, bio and picture. */
export function EditProfileDialog({ user, open, onOpenChange }: EditProfileDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* mounted while open only, so each opening starts from the profile as it is now */}
      {open && <EditProfileForm user={user} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function EditProfileForm({ user, onDone }: { user: User; onDone: () => void }) {
  const [displayName, setDisplayName] = useState(user.displayName);
  const [bio, setBio] = useState(user.bio);
  const [avatarUrl, setAvatarUrl] = useState(user.avatarUrl);
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const update = useUpdateProfile();
  const upload = useMutation({ mutationFn: (file: File) => uploadImage(file) });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending || upload.isPending) return;
    const found = validateProfile(displayName, bio);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;

    const body: UpdateProfileBody = {};
    if (displayName.trim() !== user.displayName) body.displayName = displayName.trim();
    if (bio.trim() !== user.bio) body.bio = bio.trim();
    if (avatarUrl !== user.avatarUrl) body.avatarUrl = avatarUrl;
    if (Object.keys(body).length === 0) {
      onDone();
      return;
    }
    update.mutate(body, {
      onSuccess: () => {
        toast.success(editProfileTexts.saved);
        onDone();
      },
      onError: (error) => {
        const fields = profileErrorsOf(error);
        setErrors(fields);
        setFormError(Object.keys(fields).length > 0 ? null : formErrorOf(error));
      },
    });
  }

  return (
    <DialogContent title={messages.profile.editProfile} description={editProfileTexts.description}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-5 pt-1">
        <AvatarPicker
          name={displayName.trim() || user.displayName}
          avatarUrl={avatarUrl}
          isUploading={upload.isPending}
          error={upload.isError ? uploadErrorOf(upload.error) : null}
          onPick={(file) => upload.mutate(file, { onSuccess: ({ url }) => setAvatarUrl(url) })}
        />
        <TextField
          label="Display name"
          name="displayName"
          value={displayName}
          onChange={(event) => {
            setDisplayName(event.currentTarget.value);
            setErrors((found) => ({ ...found, displayName: undefined }));
          }}
          error={errors.displayName}
          labelAside={<CharacterCount length={displayName.length} max={DISPLAY_NAME_MAX_LENGTH} />}
          maxLength={DISPLAY_NAME_MAX_LENGTH}
          autoComplete="name"
        />
        <div>
          <p className="text-sm font-medium">Username</p>
          <p className="mt-1.5 flex h-12 items-center rounded-xl bg-muted px-4 text-base text-muted-foreground">
            @{user.username}
          </p>
          <p className="mt-1.5 text-xs text-muted-foreground">{editProfileTexts.usernameFixed}</p>
        </div>
        <TextAreaField
          label="Bio"
          name="bio"
          max={BIO_MAX_LENGTH}
          rows={3}
          placeholder="A line about you and the spaces you love"
          value={bio}
          error={errors.bio}
          onChange={(value) => {
            setBio(value);
            setErrors((found) => ({ ...found, bio: undefined }));
          }}
        />
        <DialogFormFooter
          error={formError}
          saveLabel={editProfileTexts.save}
          isSaving={update.isPending}
          isSaveDisabled={upload.isPending}
        />
      </form>
    </DialogContent>
  );
}

interface AvatarPickerProps {
  name: string;
  avatarUrl: string;
  isUploading: boolean;
  error: string | null;
  onPick: (file: File) => void;
}

function AvatarPicker({ name, avatarUrl, isUploading, error, onPick }: AvatarPickerProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const inputId = useId();
  return (
    <div className="flex items-center gap-4">
      <span className="relative">
        <Avatar src={avatarUrl} name={name} className="size-20 text-2xl shadow-card ring-4 ring-surface" />
        {isUploading && (
          <span className="absolute inset-0 grid place-items-center rounded-full bg-black/45 text-white">
            <Spinner className="size-6" label="Uploading photo" />
          </span>
        )}
      </span>
      <div className="min-w-0 flex-1">
        <input
          ref={fileInput}
          id={inputId}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="sr-only"
          tabIndex={-1}
          aria-label="Profile photo"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            // the same file may be picked again after a failed upload
            event.currentTarget.value = '';
            if (file) onPick(file);
          }}
        />
        <Button variant="outline" disabled={isUploading} onClick={() => fileInput.current?.click()}>
          <Camera className="size-4" aria-hidden />
          {editProfileTexts.changePhoto}
        </Button>
        {error ? (
          <p role="alert" className="mt-1.5 text-sm text-danger">
            {error}
          </p>
        ) : (
          <p className="mt-1.5 text-xs text-muted-foreground">JPG, PNG or WebP up to 10MB.</p>
        )}
      </div>
    </div>
  );
}

/** The shared profile rules, checked before anything is sent. */
function validateProfile(displayName: string, bio: string): ProfileErrors {
  const errors: ProfileErrors = {};
  const name = z.safeParse(displayNameSchema, displayName);
  if (!name.success) errors.displayName = name.error.issues[0]?.message ?? accountMessages.displayNameLength;
  const about = z.safeParse(bioSchema, bio);
  if (!about.success) errors.bio = about.error.issues[0]?.message ?? accountMessages.bioLength;
  return errors;
}

function profileErrorsOf(error: unknown): ProfileErrors {
  if (!(error instanceof ApiError)) return {};
  const errors: ProfileErrors = {};
  const displayName = error.messageFor('displayName');
  const bio = error.messageFor('bio');
  if (displayName) errors.displayName = displayName;
  if (bio) errors.bio = bio;
  return errors;
}

function formErrorOf(error: unknown): string {
  if (!(error instanceof ApiError) || !error.isClientError) return editProfileTexts.failed;
  // a picture the server would not take ('must be an image uploaded to this server') is about the photo
  return error.messageFor('avatarUrl') ? editProfileTexts.photoRefused : error.message;
}

function uploadErrorOf(error: unknown): string {
  // the upload's own words for too large, not an image, too many pixels (docs/product.md §10 upload rules)
  return error instanceof ApiError && error.isClientError ? error.message : editProfileTexts.uploadFailed;
}
