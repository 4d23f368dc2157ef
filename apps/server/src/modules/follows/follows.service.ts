import { accountMessages, type DesignPageResponse, type FollowResponse } from '@dwellscape/shared';
import type { AppDatabase } from '../../db/client';
import { AppError, notFound } from '../../errors';
import type { Viewer } from '../../types';
import { designPageOf, readPageCursor, type DesignPageInput } from '../designs/design-pages';
import { notifyFollowed } from '../notifications/notifications.service';
import { addFollow, findFollowingKeys, removeFollow } from './follows.repository';

const cannotFollowSelf = () => new AppError('bad_input', 'Bad Request', undefined, accountMessages.cannotFollowSelf);

/** Idempotent: following someone already followed changes nothing, and notifies nobody again. */
export async function followUser(db: AppDatabase, followerId: string, followeeId: string): Promise<FollowResponse> {
  if (followerId === followeeId) throw cannotFollowSelf();
  const change = await addFollow(db, followerId, followeeId);
  if (!change) throw notFound('User');
  if (change.changed) await notifyFollowed(db, { followerId, followeeId });
  return { following: true, ...change.counts };
}

/** Idempotent: unfollowing someone not followed changes nothing. */
export async function unfollowUser(db: AppDatabase, followerId: string, followeeId: string): Promise<FollowResponse> {
  if (followerId === followeeId) throw cannotFollowSelf();
  const change = await removeFollow(db, followerId, followeeId);
  if (!change) throw notFound('User');
  return { following: false, ...change.counts };
}

/** The Following feed: public designs of both modes by the people the account follows, newest first. */
export async function listFollowingFeed(
  db: AppDatabase,
  viewer: Viewer & { accountId: string },
  query: DesignPageInput,
): Promise<DesignPageResponse> {
  const after = readPageCursor(query.cursor);
  const rows = await findFollowingKeys(db, { accountId: viewer.accountId, after, limit: query.limit + 1 });
  return designPageOf(db, rows, query.limit, viewer);
}
