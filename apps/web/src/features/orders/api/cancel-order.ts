import { apiPaths, orderSchema, type Order } from '@dwellscape/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Cancels the order within the beta's window; its commission is reversed. */
export function cancelOrder(orderId: string): Promise<Order> {
  return apiRequest(apiPaths.orderCancel(orderId), orderSchema, { method: 'POST' });
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
