import { type Mode, type Template, contracts } from '@dwellscape/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The ready-made rooms and yards of one mode (step 3). */
export async function getTemplates(mode: Mode, signal?: AbortSignal): Promise<Template[]> {
  const response = await callApi(contracts.listTemplates, { query: { mode }, signal });
  return response.items;
}

export const templatesQueryOptions = (mode: Mode) =>
  queryOptions({
    queryKey: queryKeys.templates(mode),
    queryFn: ({ signal }) => getTemplates(mode, signal),
  });

export function useTemplates(mode: Mode) {
  return useQuery(templatesQueryOptions(mode));
}
