import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PerformanceThresholdsInput, SellerPerformance } from '@souq/shared/api/seller-performance';
import type { PerformanceThresholds } from '@souq/shared/rules/seller-performance';
import { api } from '@/lib/api-client';

// Sellers held to their promises (decision 0154): the vendor's own figures, an admin's view of a vendor, the lift and
// the thresholds.

export const performanceKey = (vendorId: number | 'mine') => ['seller-performance', vendorId] as const;
export const THRESHOLDS_KEY = ['seller-performance-thresholds'] as const;

/** The signed-in vendor's own figures (`'mine'`), or a vendor's for an admin. */
export function useSellerPerformance(vendorId: number | 'mine') {
  return useQuery({
    queryKey: performanceKey(vendorId),
    queryFn: ({ signal }) => vendorId === 'mine'
      ? api<SellerPerformance>('/api/vendor/performance', { auth: 'vendor', signal })
      : api<SellerPerformance>(`/api/admin/vendors/${vendorId}/performance`, { auth: 'admin', signal }),
  });
}

/** An admin's two actions on a vendor: evaluate now, lift a pause (with what was reviewed). */
export function usePerformanceActions(vendorId: number) {
  const client = useQueryClient();
  const done = (next: SellerPerformance) => client.setQueryData(performanceKey(vendorId), next);
  return {
    evaluate: useMutation({
      mutationFn: () => api<SellerPerformance>(`/api/admin/vendors/${vendorId}/performance/evaluate`, { method: 'POST', auth: 'admin' }),
      onSuccess: done,
    }),
    lift: useMutation({
      mutationFn: (note: string) => api<SellerPerformance>(`/api/admin/vendors/${vendorId}/performance/lift`, { method: 'POST', auth: 'admin', body: { note } }),
      onSuccess: done,
    }),
  };
}

export function usePerformanceThresholds() {
  return useQuery({ queryKey: THRESHOLDS_KEY, queryFn: ({ signal }) => api<PerformanceThresholds>('/api/admin/seller-performance/settings', { auth: 'admin', signal }) });
}

export function useSaveThresholds() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PerformanceThresholdsInput) => api<PerformanceThresholds>('/api/admin/seller-performance/settings', { method: 'PUT', auth: 'admin', body }),
    onSuccess: (saved) => {
      client.setQueryData(THRESHOLDS_KEY, saved);
      return client.invalidateQueries({ queryKey: ['seller-performance'] });
    },
  });
}
