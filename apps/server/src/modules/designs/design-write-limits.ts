import type { WriteLimit } from '../rate-limits/write-limits';

/**
 * How often one person may make each write of the social side (publishing, comments, likes, saves,
 * follows), through the one write-limits mechanism (modules/rate-limits/write-limits.ts). Each is far above what
 * a person does by hand and far below what a script does: a limit stops a flood, not a use.
 */

const MINUTE = 60_000;

/** Publishing needs an account; a design takes a render and a form, a few minutes each by hand. */
export const PUBLISH_LIMIT: WriteLimit = {
  name: 'publish',
  max: 20,
  windowMs: 60 * MINUTE,
  message: 'You are publishing too fast. Please wait a moment.',
};

/** Commenting needs an account; twenty comments in a minute is already far more than a person types. */
export const COMMENT_LIMIT: WriteLimit = {
  name: 'comment',
  max: 20,
  windowMs: MINUTE,
  message: 'You are commenting too fast. Please wait a moment.',
};

/**
 * Likes and unlikes together, per viewer (account, or gate session signed out) and per address:
 * signed out, a new gate session is a new viewer, so the address is what bounds a script that
 * opens sessions to like with (docs/security.md). Several people behind one address share its budget.
 */
export const LIKE_LIMIT: WriteLimit = {
  name: 'like',
  max: 60,
  perAddress: 100,
  windowMs: 10 * MINUTE,
  message: 'You are liking too fast. Please wait a moment.',
};

/** Saves and unsaves together, per account. */
export const SAVE_LIMIT: WriteLimit = {
  name: 'save',
  max: 60,
  windowMs: MINUTE,
  message: 'You are saving too fast. Please wait a moment.',
};

/** Follows and unfollows together, per account: each follow notifies the person followed. */
export const FOLLOW_LIMIT: WriteLimit = {
  name: 'follow',
  max: 60,
  windowMs: MINUTE,
  message: 'You are following too fast. Please wait a moment.',
};

/** Edits and deletions of one's own designs together, per account: each edit redraws its link preview. */
export const DESIGN_EDIT_LIMIT: WriteLimit = {
  name: 'design-edit',
  max: 30,
  windowMs: 10 * MINUTE,
  message: 'You are changing designs too fast. Please wait a moment.',
};
