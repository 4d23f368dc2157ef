import { z } from 'zod/mini';
import { lazySchema } from './lazy-schema';
import { CAPTION_MAX_LENGTH, TITLE_MAX_LENGTH } from './constants';
import { formatCount } from './helpers';
import { storableText } from './text-schemas';

/** The post page's texts (docs/product.md §2.9, §10.7). */
export const postPageMessages = {
  edit: 'Edit',
  editTitle: 'Edit design',
  save: 'Save changes',
  saved: 'Design updated',
  saveFailed: 'Could not save your changes. Please try again.',
  delete: 'Delete',
  deleteTitle: 'Delete this design?',
  deleteBody:
    'It is removed with its comments, likes and saves. Remixes of it keep crediting you. This cannot be undone.',
  deleteConfirm: 'Delete design',
  deleted: 'Design deleted',
  deleteFailed: 'Could not delete this design. Please try again.',
  cancel: 'Cancel',
  share: 'Share',
  linkCopied: 'Link copied',
  copyFailed: 'Could not copy the link.',
  compare: 'Before and after',
  titleRequired: 'Please add a title.',
  titleTooLong: `The title can be at most ${TITLE_MAX_LENGTH} characters.`,
  captionTooLong: `The caption can be at most ${formatCount(CAPTION_MAX_LENGTH)} characters.`,
  nothingToChange: 'Send a title or a caption to change.',
} as const;

/**
 * Editing a design's words: the same rules as publishing them (docs/product.md §5, Share Your
 * Creation), with the post page's sentences so the form and the server's 400 read alike.
 */
export const updateDesignBodySchema = lazySchema(() =>
  z
    .object({
      title: z.optional(
        storableText().check(
          z.refine((s) => s.trim().length > 0, postPageMessages.titleRequired),
          z.refine((s) => s.trim().length <= TITLE_MAX_LENGTH, postPageMessages.titleTooLong),
        ),
      ),
      caption: z.optional(
        storableText().check(z.refine((s) => s.trim().length <= CAPTION_MAX_LENGTH, postPageMessages.captionTooLong)),
      ),
    })
    .check(
      z.refine((body) => body.title !== undefined || body.caption !== undefined, postPageMessages.nothingToChange),
    ),
);
export type UpdateDesignBody = z.infer<typeof updateDesignBodySchema>;
