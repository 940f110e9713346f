import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PriceAlert, PriceHistory } from '@souq/shared/api/prices';
import { api } from './api-client';

// Price history and the shopper's price alerts (decision 0101), shared by the product dialog (storefront) and the
// notification settings (notifications): both read and change the same list.

export const priceKeys = {
  history: (productId: number) => ['price-history', productId] as const,
  alerts: ['price-alerts'] as const,
};

export function usePriceHistory(productId: number) {
  return useQuery({
    queryKey: priceKeys.history(productId),
    queryFn: ({ signal }) => api<PriceHistory>(`/api/price-history/${productId}`, { auth: 'none', signal }),
  });
}

/** The signed-in shopper's alerts (none asked for when signed out). */
export function usePriceAlerts(signedIn: boolean) {
  return useQuery({
    queryKey: priceKeys.alerts,
    enabled: signedIn,
    queryFn: async ({ signal }) => (await api<{ items: PriceAlert[] }>('/api/price-alerts', { signal })).items,
  });
}

export function useSetPriceAlert() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { productId: number; belowCents: number }) =>
      api<PriceAlert>('/api/price-alerts', { method: 'POST', body: { product_id: v.productId, below_cents: v.belowCents } }),
    onSettled: () => qc.invalidateQueries({ queryKey: priceKeys.alerts }),
  });
}

export function useRemovePriceAlert() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ success: true }>(`/api/price-alerts/${id}`, { method: 'DELETE' }),
    onSettled: () => qc.invalidateQueries({ queryKey: priceKeys.alerts }),
  });
}

/** The step line of a price history as one point per day (the price in force that day), oldest first. */
export function dailyPrices(h: PriceHistory, today = new Date()): { date: string; value: number }[] {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const start = end - (h.days - 1) * 86_400_000;
  const out: { date: string; value: number }[] = [];
  let i = 0;
  let price = h.points[0]?.price_cents ?? h.current_cents;
  for (let t = start; t <= end; t += 86_400_000) {
    // every change made up to the end of this day sets the day's price (the last one of the day wins)
    while (i < h.points.length && Date.parse(h.points[i]!.at) < t + 86_400_000) price = h.points[i++]!.price_cents;
    out.push({ date: new Date(t).toISOString().slice(0, 10), value: price / 100 });
  }
  return out;
}
