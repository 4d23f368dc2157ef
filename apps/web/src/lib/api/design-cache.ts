import type { Design } from '@dwellscape/shared';
import type { QueryClient } from '@tanstack/react-query';

export type DesignPatch = Partial<Pick<Design, 'likesCount' | 'likedByViewer' | 'commentsCount' | 'savedByViewer'>>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

const isDesignWithId = (value: Record<string, unknown>, id: string) =>
  value.id === id && typeof value.likesCount === 'number' && typeof value.afterImageUrl === 'string';

/** Returns `value` with every design of `id` patched; untouched branches keep their identity. */
export function patchDesignIn<T>(value: T, id: string, patch: DesignPatch): T {
  if (Array.isArray(value)) {
    let changed = false;
    const next = value.map((item: unknown) => {
      const patched = patchDesignIn(item, id, patch);
      if (patched !== item) changed = true;
      return patched;
    });
    return (changed ? next : value) as T;
  }
  if (!isPlainObject(value)) return value;
  if (isDesignWithId(value, id)) return { ...value, ...patch } as T;
  let changed = false;
  const next: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const patched = patchDesignIn(child, id, patch);
    if (patched !== child) changed = true;
    next[key] = patched;
  }
  return (changed ? next : value) as T;
}

/**
 * Patches one design wherever a query holds it (feed pages, a profile's designs, search results,
 * the post detail), so every screen shows the same counts without refetching.
 */
export function patchDesignEverywhere(queryClient: QueryClient, id: string, patch: DesignPatch): void {
  for (const query of queryClient.getQueryCache().getAll()) {
    const data = query.state.data;
    if (data === undefined) continue;
    const patched = patchDesignIn(data, id, patch);
    if (patched !== data) queryClient.setQueryData(query.queryKey, patched);
  }
}
