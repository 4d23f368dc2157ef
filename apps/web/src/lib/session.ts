import type { SessionResponse, User } from '@dwellscape/shared';
import type { QueryClient } from '@tanstack/react-query';
import { patchEveryQuery } from '@/lib/cache-patch';
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

type PersonPatch = Partial<Pick<User, 'displayName' | 'avatarUrl' | 'bio'>>;

const patchPerson = (id: string, patch: PersonPatch) => (node: Record<string, unknown>) => {
  if (!isPersonWithId(node, id)) return node;
  // only the fields it already holds: a card's user summary has no bio
  const changes = Object.entries(patch).filter(([key, field]) => key in node && node[key] !== field);
  return changes.length === 0 ? node : { ...node, ...Object.fromEntries(changes) };
};

/**
 * A profile edit shows at once wherever the person appears: their profile, the cards of their designs
 * ('Inspired by' lines too), search results and comments, without asking the server again.
 */
export function patchPersonEverywhere(queryClient: QueryClient, user: User): void {
  const patch: PersonPatch = { displayName: user.displayName, avatarUrl: user.avatarUrl, bio: user.bio };
  patchEveryQuery(queryClient, patchPerson(user.id, patch));
}
