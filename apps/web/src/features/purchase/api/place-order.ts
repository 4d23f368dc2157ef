import { type PlaceOrderBody, type PlaceOrderResponse, contracts } from '@dwellscape/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Places the order; the same idempotency key again answers the order it already made. */
export function placeOrder(body: PlaceOrderBody): Promise<PlaceOrderResponse> {
  return callApi(contracts.placeOrder, { body });
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders });
      void queryClient.invalidateQueries({ queryKey: queryKeys.earnings });
    },
  });
}
