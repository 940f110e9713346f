import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActivityEntry, OptimiserSettings, OptimiserState, PerformanceSample, ProductResult, RunResponse } from '@souq/shared/api/optimisation';
import { api } from '@/lib/api-client';
import { productListKeys } from '@/lib/products-api';

// The optimiser's server calls (vendor session). Every key starts with productListKeys.optimisation, so a product write
// anywhere refreshes the scores.
const keys = {
  state: [productListKeys.optimisation, 'state'] as const,
  results: [productListKeys.optimisation, 'results'] as const,
};

export function useOptimiserState() {
  return useQuery({ queryKey: keys.state, queryFn: ({ signal }) => api<OptimiserState>('/api/vendor/optimisation', { auth: 'vendor', signal }) });
}

/** Every product scored now (lowest first). */
export function useOptimiserResults() {
  return useQuery({ queryKey: keys.results, queryFn: ({ signal }) => api<ProductResult[]>('/api/vendor/optimisation/results', { auth: 'vendor', signal }) });
}

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [productListKeys.optimisation] });
}

export function useRunOptimisation() {
  const client = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => api<RunResponse>('/api/vendor/optimisation/runs', { method: 'POST', auth: 'vendor' }),
    onSuccess: async (res) => {
      client.setQueryData(keys.results, res.results);
      await refresh();
    },
  });
}

export function useUpdateOptimiserSettings() {
  const client = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (patch: Partial<OptimiserSettings>) => api<OptimiserSettings>('/api/vendor/optimisation/settings', { method: 'PUT', body: patch, auth: 'vendor' }),
    onSuccess: async (settings) => {
      client.setQueryData<OptimiserState>(keys.state, (old) => (old ? { ...old, settings } : old));
      await refresh();
    },
  });
}

export function useRecordPerformance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sample: Omit<PerformanceSample, 'id' | 'created_at'>) =>
      api<PerformanceSample>('/api/vendor/optimisation/performance', { method: 'POST', body: sample, auth: 'vendor' }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.state }),
  });
}

export function useRecordApplied() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { product_id: number; field: 'title' | 'description' | 'keywords' }) =>
      api<ActivityEntry>('/api/vendor/optimisation/activity', { method: 'POST', body, auth: 'vendor' }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.state }),
  });
}
