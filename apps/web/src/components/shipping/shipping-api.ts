import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookShipment, OrderTracking, Shipment } from '@souq/shared/api/shipping';
import { api } from '@/lib/api-client';

// Carriers, labels and tracking (decision 0150): a sub-order's tracking for whoever may read it (its shopper, its
// seller, an admin), and the seller's booking.

export type TrackingArea = 'customer' | 'vendor' | 'admin';
export const trackingKey = (orderId: number) => ['order-tracking', orderId] as const;

export function useOrderTracking(orderId: number, area: TrackingArea) {
  return useQuery({
    queryKey: trackingKey(orderId),
    queryFn: ({ signal }) => api<OrderTracking>(`/api/orders/${orderId}/tracking`, { auth: area, signal }),
  });
}

export function useBookShipment(orderId: number, onBooked: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BookShipment) => api<Shipment>(`/api/vendor/orders/${orderId}/shipment`, { method: 'POST', auth: 'vendor', body }),
    onSuccess: () => {
      onBooked();
      return client.invalidateQueries({ queryKey: trackingKey(orderId) });
    },
  });
}
