import {
  CAPTION_MAX_LENGTH,
  TITLE_MAX_LENGTH,
  postPageMessages,
  updateDesignBodySchema,
  type UpdateDesignBody,
} from '@dwellscape/shared';
import { useState, type FormEvent } from 'react';
import { z } from 'zod/mini';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { DialogFormFooter } from '@/components/ui/dialog-form-footer';
import { TextField } from '@/components/ui/text-field';
import { CharacterCount, TextAreaField } from '@/components/ui/text-area-field';
import { toast } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import { useUpdateDesign } from '../api/update-design';

type Field = 'title' | 'caption';
type FieldErrors = Partial<Record<Field, string>>;

interface EditDesignDialogProps {
  design: { id: string; title: string; caption: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The author's own design: its title and caption, under the rules it was published with (docs/product.md §5). */
export function EditDesignDialog({ design, open, onOpenChange }: EditDesignDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* mounted while open only, so each opening starts from the design as it is now */}
      {open && <EditDesignForm design={design} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

/** The request schema's words for each field it refuses. */
function fieldErrorsOf(body: UpdateDesignBody): FieldErrors {
  const checked = z.safeParse(updateDesignBodySchema, body);
  if (checked.success) return {};
  const errors: FieldErrors = {};
  for (const issue of checked.error.issues) {
    const field = issue.path[0];
    if ((field === 'title' || field === 'caption') && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

function EditDesignForm({ design, onDone }: { design: EditDesignDialogProps['design']; onDone: () => void }) {
  const [title, setTitle] = useState(design.title);
  const [caption, setCaption] = useState(design.caption);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const update = useUpdateDesign(design.id);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    const body: UpdateDesignBody = {};
    if (title !== design.title) body.title = title;
    if (caption !== design.caption) body.caption = caption;
    const found = fieldErrorsOf({ title, caption });
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    if (body.title === undefined && body.caption === undefined) {
      onDone();
      return;
    }
    update.mutate(body, {
      onSuccess: () => {
        toast.success(postPageMessages.saved);
        onDone();
      },
      onError: (error) => {
        const fields: FieldErrors = {};
        if (error instanceof ApiError) {
          for (const field of ['title', 'caption'] as const) {
            const message = error.messageFor(field);
            if (message) fields[field] = message;
          }
        }
        setErrors(fields);
        setFormError(Object.keys(fields).length > 0 ? null : postPageMessages.saveFailed);
      },
    });
  }

  return (
    <DialogContent title={postPageMessages.editTitle}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-5 pt-1">
        <TextField
          label="Title"
          name="title"
          value={title}
          onChange={(event) => {
            setTitle(event.currentTarget.value);
            setErrors((found) => ({ ...found, title: undefined }));
          }}
          error={errors.title}
          labelAside={<CharacterCount length={title.length} max={TITLE_MAX_LENGTH} />}
          maxLength={TITLE_MAX_LENGTH}
        />
        <TextAreaField
          label="Caption"
          name="caption"
          max={CAPTION_MAX_LENGTH}
          rows={5}
          value={caption}
          error={errors.caption}
          onChange={(value) => {
            setCaption(value);
            setErrors((found) => ({ ...found, caption: undefined }));
          }}
        />
        <DialogFormFooter
          error={formError}
          cancelLabel={postPageMessages.cancel}
          saveLabel={postPageMessages.save}
          isSaving={update.isPending}
        />
      </form>
    </DialogContent>
  );
}
