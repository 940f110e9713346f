import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShipRequest, VendorAnalytics, VendorDashboardStats, VendorOrder, VendorOrderAction, VendorOrderActivity, VendorOrderStats, VendorSettings } from '@souq/shared/api/vendor-dashboard';
import type { VendorShipping, VendorShippingUpdate } from '@souq/shared/api/vendor-shipping';
import { api } from '@/lib/api-client';
import { productListKeys } from '@/lib/products-api';
import { downloadFile } from '@/lib/download';
import { noRetryOnAuth as retryUnlessRefused, vendorGet } from './api';

// The vendor dashboard's business data (stat cards, orders, analytics, settings): always the signed-in vendor's,
// the server takes the vendor from the session.

/** Query keys: everything under `dashboard` also refreshes after a product write (products-api invalidates it). */
export const dashboardKeys = {
  dashboard: productListKeys.vendorDashboard,
  stats: [productListKeys.vendorDashboard, 'stats'] as const,
  orderStats: [productListKeys.vendorDashboard, 'order-stats'] as const,
  activity: [productListKeys.vendorDashboard, 'order-activity'] as const,
  analytics: (from: string, to: string) => [productListKeys.vendorDashboard, 'analytics', from, to] as const,
  settings: ['vendor-settings'] as const,
  /** The Orders tab's list (useListQuery's key). */
  orders: 'vendor-orders',
};

const noRetryOnAuth = retryUnlessRefused();


export function useDashboardStats() {
  return useQuery({ queryKey: dashboardKeys.stats, retry: noRetryOnAuth, queryFn: ({ signal }) => vendorGet<VendorDashboardStats>('/api/vendor/dashboard/stats', signal) });
}

export function useOrderStats() {
  return useQuery({ queryKey: dashboardKeys.orderStats, retry: noRetryOnAuth, queryFn: ({ signal }) => vendorGet<VendorOrderStats>('/api/vendor/orders/stats', signal) });
}

export function useOrderActivity() {
  return useQuery({ queryKey: dashboardKeys.activity, retry: noRetryOnAuth, queryFn: ({ signal }) => vendorGet<VendorOrderActivity>('/api/vendor/orders/activity', signal) });
}

/** Analytics over a range; without one the server uses the vendor's default range (Settings). */
export function useVendorAnalytics(range: { from?: string; to?: string }) {
  const q = new URLSearchParams();
  if (range.from) q.set('from', range.from);
  if (range.to) q.set('to', range.to);
  return useQuery({
    queryKey: dashboardKeys.analytics(range.from ?? '', range.to ?? ''),
    retry: noRetryOnAuth,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => vendorGet<VendorAnalytics>(`/api/analytics/vendor${q.size ? `?${q}` : ''}`, signal),
  });
}

export function useVendorSettings() {
  return useQuery({ queryKey: dashboardKeys.settings, retry: noRetryOnAuth, queryFn: ({ signal }) => vendorGet<VendorSettings>('/api/vendor/settings', signal) });
}

const shippingKey = ['vendor-shipping'] as const;

/** The vendor's shipping rule and return window (GET/PUT /api/vendor/shipping, decision 0096). */
export function useVendorShipping() {
  return useQuery({ queryKey: shippingKey, retry: noRetryOnAuth, queryFn: ({ signal }) => vendorGet<VendorShipping>('/api/vendor/shipping', signal) });
}

export function useSaveVendorShipping() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: VendorShippingUpdate) => api<VendorShipping>('/api/vendor/shipping', { method: 'PUT', body, auth: 'vendor' }),
    onSuccess: (saved) => client.setQueryData(shippingKey, saved),
  });
}

export function useSaveVendorSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: Partial<VendorSettings>) => api<VendorSettings>('/api/vendor/settings', { method: 'PUT', body: patch, auth: 'vendor' }),
    onSuccess: (saved) => {
      client.setQueryData(dashboardKeys.settings, saved);
      // the low-stock figures and the chart's default range follow the settings
      void client.invalidateQueries({ queryKey: [dashboardKeys.dashboard] });
    },
  });
}

/**
 * A vendor's move on its own sub-order (decision 0086): confirm, ship (with its tracking), deliver, cancel, checked on
 * the server; the lists and the stat cards are read again.
 */
export function useOrderAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, tracking }: { id: number; action: VendorOrderAction; tracking?: ShipRequest }) =>
      api<VendorOrder>(`/api/vendor/orders/${id}/${action}`, { method: 'POST', auth: 'vendor', ...(tracking ? { body: tracking } : {}) }),
    onSettled: () =>
      Promise.all([client.invalidateQueries({ queryKey: [dashboardKeys.orders] }), client.invalidateQueries({ queryKey: [dashboardKeys.dashboard] })]),
  });
}

/**
 * Export Orders: the server writes the CSV (the vendor's own lines, the list's filters); the browser saves it under
 * the server's file name. A bearer token cannot ride on a plain link, hence fetch → blob → a temporary link.
 */
export async function downloadOrdersCsv(filters: { search?: string; status?: string }): Promise<number> {
  const q = new URLSearchParams();
  if (filters.search) q.set('search', filters.search);
  if (filters.status) q.set('status', filters.status);
  return downloadFile(`/api/vendor/orders/export?${q}`, 'vendor', 'orders.csv');
}
