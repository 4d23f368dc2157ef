import { type Mode, type Question, contracts } from '@dwellscape/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The style quiz of one mode, in the order it is asked (step 2). */
export async function getQuestions(mode: Mode, signal?: AbortSignal): Promise<Question[]> {
  const response = await callApi(contracts.listQuestions, { query: { mode }, signal });
  return response.items;
}

export const questionsQueryOptions = (mode: Mode) =>
  queryOptions({
    queryKey: queryKeys.questions(mode),
    queryFn: ({ signal }) => getQuestions(mode, signal),
    // the quiz only changes with a new seed; the step guards read it on every step
    staleTime: 10 * 60_000,
  });

export function useQuestions(mode: Mode) {
  return useQuery(questionsQueryOptions(mode));
}
