import { and, eq } from 'drizzle-orm';
import type { Design, MeResponse, User } from '@dwellscape/shared';
import type { AppDatabase } from '../../db/client';
import { designs } from '../../db/schema';
import { notFound } from '../../errors';
import type { Viewer } from '../../types';
import { findDesigns } from '../designs/designs.repository';
import { findCurrentUser, findUserWithPostCountById, toUserDto } from './users.repository';

/** The viewer's session id and the current user (the first sample user), with counts. */
export async function getMe(db: AppDatabase, viewerId: string): Promise<MeResponse> {
  const current = await findCurrentUser(db);
  const withCount = current ? await findUserWithPostCountById(db, current.id) : null;
  if (!withCount) throw notFound('User');
  return { viewerId, currentUser: toUserDto(withCount.row, withCount.postCount, withCount.row.id, false) };
}

export async function getUserProfile(db: AppDatabase, userId: string, viewer: Viewer): Promise<User> {
  const [found, current] = await Promise.all([
    findUserWithPostCountById(db, userId, viewer.accountId),
    findCurrentUser(db),
  ]);
  if (!found) throw notFound('User');
  return toUserDto(found.row, found.postCount, current?.id ?? null, found.isFollowedByViewer);
}

/** A profile's designs: its public designs of both modes, newest first. */
export async function listUserDesigns(db: AppDatabase, userId: string, viewer: Viewer): Promise<Design[]> {
  const found = await findUserWithPostCountById(db, userId);
  if (!found) throw notFound('User');
  return findDesigns(db, { where: and(eq(designs.userId, userId), eq(designs.isPublic, true)), ...viewer });
}
