import { type Order, contracts } from '@dwellscape/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Cancels the order within the beta's window; its commission is reversed. */
export function cancelOrder(orderId: string): Promise<Order> {
  return callApi(contracts.cancelOrder, { params: { id: orderId } });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders });
      void queryClient.invalidateQueries({ queryKey: queryKeys.earnings });
    },
  });
}
