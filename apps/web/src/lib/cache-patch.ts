import type { QueryClient } from '@tanstack/react-query';

type Node = Record<string, unknown>;

function isPlainObject(value: unknown): value is Node {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * Returns `value` with `patch` applied to every plain object in it, deepest first; `patch` returns the object itself
 * when it has nothing to change, and untouched branches keep their identity (so React Query sees no change there).
 */
export function patchDeep<T>(value: T, patch: (node: Node) => Node): T {
  if (Array.isArray(value)) {
    let changed = false;
    const next = value.map((item: unknown) => {
      const patched = patchDeep(item, patch);
      if (patched !== item) changed = true;
      return patched;
    });
    return (changed ? next : value) as T;
  }
  if (!isPlainObject(value)) return value;
  let changed = false;
  const next: Node = {};
  for (const [key, child] of Object.entries(value)) {
    const patched = patchDeep(child, patch);
    if (patched !== child) changed = true;
    next[key] = patched;
  }
  return patch(changed ? next : value) as T;
}

/** Applies `patch` (see `patchDeep`) to every cached query's answer, so every screen shows the change at once. */
export function patchEveryQuery(queryClient: QueryClient, patch: (node: Node) => Node): void {
  for (const query of queryClient.getQueryCache().getAll()) {
    const data = query.state.data;
    if (data === undefined) continue;
    const patched = patchDeep(data, patch);
    if (patched !== data) queryClient.setQueryData(query.queryKey, patched);
  }
}
