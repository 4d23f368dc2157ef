import { useCallback, useSyncExternalStore } from 'react';

// The API has no follow call yet: who the viewer follows lives in this page's memory only.
let followedIds: ReadonlySet<string> = new Set();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getFollowedIds = () => followedIds;

export function isFollowedLocally(userId: string): boolean {
  return followedIds.has(userId);
}

export function setFollowedLocally(userId: string, follow: boolean): void {
  if (followedIds.has(userId) === follow) return;
  const next = new Set(followedIds);
  if (follow) next.add(userId);
  else next.delete(userId);
  followedIds = next;
  for (const listener of listeners) listener();
}

/** Whether the viewer follows this user in this browser tab, and a way to change it. */
export function useLocalFollow(userId: string): { isFollowing: boolean; toggleFollow: () => boolean } {
  const isFollowing = useSyncExternalStore(
    subscribe,
    () => getFollowedIds().has(userId),
    () => false,
  );
  const toggleFollow = useCallback(() => {
    const follow = !isFollowedLocally(userId);
    setFollowedLocally(userId, follow);
    return follow;
  }, [userId]);
  return { isFollowing, toggleFollow };
}
