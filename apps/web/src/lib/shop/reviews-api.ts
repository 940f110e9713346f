import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Review, ReviewListQuery, ReviewStats, ReviewableLine } from '@souq/shared/api/reviews';
import { api, apiList } from '@/lib/api-client';

export const reviewKeys = {
  all: (productId: number) => ['reviews', productId] as const,
  list: (productId: number, q: Pick<ReviewListQuery, 'sort' | 'stars'>, signedIn: boolean) => ['reviews', productId, 'list', q.sort, q.stars ?? 0, signedIn] as const,
  stats: (productId: number) => ['reviews', productId, 'stats'] as const,
  reviewable: (productId: number) => ['reviews', productId, 'reviewable'] as const,
};

const PAGE = 20;

export function useProductReviews(productId: number, q: Pick<ReviewListQuery, 'sort' | 'stars'>, signedIn: boolean) {
  const params = new URLSearchParams({ sort: q.sort, limit: String(PAGE) });
  if (q.stars) params.set('stars', String(q.stars));
  return useQuery({
    queryKey: reviewKeys.list(productId, q, signedIn),
    queryFn: ({ signal }) => apiList<Review>(`/api/product-reviews/${productId}?${params}`, { signal }),
  });
}

export function useReviewStats(productId: number) {
  return useQuery({
    queryKey: reviewKeys.stats(productId),
    queryFn: ({ signal }) => api<ReviewStats>(`/api/product-reviews/${productId}/summary`, { auth: 'none', signal }),
  });
}

/** The signed-in shopper's delivered lines of this product not reviewed yet. */
export function useReviewableLines(productId: number, signedIn: boolean) {
  return useQuery({
    queryKey: reviewKeys.reviewable(productId),
    enabled: signedIn,
    queryFn: ({ signal }) => api<ReviewableLine[]>(`/api/reviews/reviewable?product_id=${productId}`, { signal }),
  });
}

/** Every review action ends by reading the product's reviews, stats and reviewable lines again. */
export function useReviewAction<A>(productId: number, run: (arg: A) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: reviewKeys.all(productId) }),
  });
}

export const reviewCalls = {
  create: (form: FormData) => api<Review>('/api/reviews', { method: 'POST', body: form }),
  update: (id: number, body: { stars: number; title: string; body: string }) => api<Review>(`/api/reviews/${id}`, { method: 'PUT', body }),
  helpful: (id: number) => api<{ helpful_count: number }>(`/api/reviews/${id}/helpful`, { method: 'POST' }),
  report: (id: number, reason: string) => api<{ reported: true }>(`/api/reviews/${id}/report`, { method: 'POST', body: { reason } }),
};
