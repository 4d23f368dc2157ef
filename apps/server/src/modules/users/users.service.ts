import { and, eq } from 'drizzle-orm';
import type { Design, User } from '@dwellscape/shared';
import type { AppDatabase } from '../../db/client';
import { designs } from '../../db/schema';
import { notFound } from '../../errors';
import type { Viewer } from '../../types';
import { findDesigns } from '../designs/designs.repository';
import { findCurrentUser, findUserWithPostCountById, toUserDto } from './users.repository';

/**
 * Whose profile is the viewer's own (`isCurrentUser`): the signed-in account, or signed out the
 * first sample user (SPEC §2; decision 0016). Null when there is no user at all yet.
 */
export async function currentUserIdOf(db: AppDatabase, viewer: Viewer): Promise<string | null> {
  return viewer.accountId ?? (await findCurrentUser(db))?.id ?? null;
}

export async function getUserProfile(db: AppDatabase, userId: string, viewer: Viewer): Promise<User> {
  const [found, currentUserId] = await Promise.all([
    findUserWithPostCountById(db, userId, viewer.accountId),
    currentUserIdOf(db, viewer),
  ]);
  if (!found) throw notFound('User');
  return toUserDto(found.row, found.postCount, currentUserId, found.isFollowedByViewer);
}

/** A profile's designs: its public designs of both modes, newest first. */
export async function listUserDesigns(db: AppDatabase, userId: string, viewer: Viewer): Promise<Design[]> {
  const found = await findUserWithPostCountById(db, userId);
  if (!found) throw notFound('User');
  return findDesigns(db, { where: and(eq(designs.userId, userId), eq(designs.isPublic, true)), ...viewer });
}
