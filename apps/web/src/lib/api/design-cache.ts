import type { Design } from '@dwellscape/shared';
import type { QueryClient } from '@tanstack/react-query';
import { patchDeep, patchEveryQuery } from '@/lib/cache-patch';

export type DesignPatch = Partial<Pick<Design, 'likesCount' | 'likedByViewer' | 'commentsCount' | 'savedByViewer'>>;

const isDesignWithId = (value: Record<string, unknown>, id: string) =>
  value.id === id && typeof value.likesCount === 'number' && typeof value.afterImageUrl === 'string';

const patchDesign = (id: string, patch: DesignPatch) => (node: Record<string, unknown>) =>
  isDesignWithId(node, id) ? { ...node, ...patch } : node;

/** Returns `value` with every design of `id` patched; untouched branches keep their identity. */
export function patchDesignIn<T>(value: T, id: string, patch: DesignPatch): T {
  return patchDeep(value, patchDesign(id, patch));
}

/**
 * Patches one design wherever a query holds it (feed pages, a profile's designs, search results,
 * the post detail), so every screen shows the same counts without refetching.
 */
export function patchDesignEverywhere(queryClient: QueryClient, id: string, patch: DesignPatch): void {
  patchEveryQuery(queryClient, patchDesign(id, patch));
}
