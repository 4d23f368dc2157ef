/*
 * URLs with a query, without the API client around them: the gate's inline script (features/gate/static) builds the
 * same URLs as the app's first calls, so they must be spelled by the same code.
 */

export type QueryValue = string | number | boolean | null | undefined;

/** `path` with the query's present values, in the query's order (absent, null and empty values left out). */
export function withQuery(path: string, query: Record<string, QueryValue> | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}
