import type { Design, User } from '@dwellscape/shared';
import type { AppDatabase } from '../../db/client';
import { notFound } from '../../errors';
import type { Viewer } from '../../types';
import { findDesignsByAuthor } from '../designs/designs.repository';
import { findUserWithPostCountById, toUserDto } from './users.repository';

/**
 * Whose profile is the viewer's own (`isCurrentUser`): the signed-in account only. A guest has no own
 * profile and is never shown as 'You'; the Profile tab shows them the first sample user as someone else's.
 */
export function currentUserIdOf(viewer: Viewer): string | null {
  return viewer.accountId;
}

export async function getUserProfile(db: AppDatabase, userId: string, viewer: Viewer): Promise<User> {
  const found = await findUserWithPostCountById(db, userId, viewer.accountId);
  if (!found) throw notFound('User');
  return toUserDto(found.row, found.postCount, currentUserIdOf(viewer), found.isFollowedByViewer);
}

/** A profile's designs: its public designs of both modes, newest first. */
export async function listUserDesigns(db: AppDatabase, userId: string, viewer: Viewer): Promise<Design[]> {
  const found = await findUserWithPostCountById(db, userId);
  if (!found) throw notFound('User');
  return findDesignsByAuthor(db, userId, viewer);
}
