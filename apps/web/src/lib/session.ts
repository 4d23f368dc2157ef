import type { SessionResponse, User } from '@dwellscape/shared';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys, viewerIndependentRoots } from '@/lib/query-keys';

/**
 * After signing in, up or out (or deleting the account): the new session goes into the `me` query at once
 * (the navigation's Profile item, own-profile actions), and everything that depends on who is looking is
 * asked again: the feed's likedByViewer, whose profile is one's own, notifications, saved designs.
 */
export async function applySession(queryClient: QueryClient, session: SessionResponse): Promise<void> {
  queryClient.setQueryData(queryKeys.me, session);
  await queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] !== queryKeys.me[0] && !viewerIndependentRoots.has(query.queryKey[0]),
  });
}

/** A person as one of their cards shows them: a user summary inside any cached answer. */
function isPersonWithId(value: Record<string, unknown>, id: string): boolean {
  return value.id === id && typeof value.username === 'string' && typeof value.displayName === 'string';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

type PersonPatch = Partial<Pick<User, 'displayName' | 'avatarUrl' | 'bio'>>;

/** Returns `value` with every appearance of the person patched (only the fields it already holds); untouched branches keep their identity. */
export function patchPersonIn<T>(value: T, id: string, patch: PersonPatch): T {
  if (Array.isArray(value)) {
    let changed = false;
    const next = value.map((item: unknown) => {
      const patched = patchPersonIn(item, id, patch);
      if (patched !== item) changed = true;
      return patched;
    });
    return (changed ? next : value) as T;
  }
  if (!isPlainObject(value)) return value;
  let changed = false;
  const next: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const patched = patchPersonIn(child, id, patch);
    if (patched !== child) changed = true;
    next[key] = patched;
  }
  if (isPersonWithId(value, id)) {
    for (const [key, field] of Object.entries(patch)) {
      if (key in next && next[key] !== field) {
        next[key] = field;
        changed = true;
      }
    }
  }
  return (changed ? next : value) as T;
}

/**
 * A profile edit shows at once wherever the person appears: their profile, the cards of their designs
 * ('Inspired by' lines too), search results and comments, without asking the server again.
 */
export function patchPersonEverywhere(queryClient: QueryClient, user: User): void {
  const patch: PersonPatch = { displayName: user.displayName, avatarUrl: user.avatarUrl, bio: user.bio };
  for (const query of queryClient.getQueryCache().getAll()) {
    const data = query.state.data;
    if (data === undefined) continue;
    const patched = patchPersonIn(data, user.id, patch);
    if (patched !== data) queryClient.setQueryData(query.queryKey, patched);
  }
}
