import { currentMsg } from '@/lib/use-msg';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  Recommendation,
  historyResponseSchema,
  recommendationsResponseSchema,
  similarResponseSchema,
} from '@souq/shared/api/personalize';
import type { Product } from '@souq/shared/api/catalogue';
import {
  FALLBACK_RECOMMENDATIONS,
  HISTORY_DEFAULT_LIMIT,
  RECOMMENDATIONS_DEFAULT_COUNT,
  SIMILAR_DEFAULT_COUNT,
} from '@souq/shared/constants';
import { api, ApiError, type RequestOptions } from '@/lib/api-client';

type RecommendationsResponse = z.infer<typeof recommendationsResponseSchema>;
export type HistoryResponse = z.infer<typeof historyResponseSchema>;
type SimilarResponse = z.infer<typeof similarResponseSchema>;

/** A recommendation as shown: the service's fields, plus whether it is the offline fallback. */
export type ShownRecommendation = Recommendation & { fallback?: boolean };

export type RecommendationsResult = { items: ShownRecommendation[]; fallback: boolean };

/** Which bearer to send: the admin test page reads other users' data; the storefront reads its own. */
type Auth = RequestOptions['auth'];

export const personalizeKeys = {
  all: ['personalize'] as const,
  recommendations: (userId: string, count: number, itemId?: string) =>
    ['personalize', 'recommendations', userId, count, itemId ?? null] as const,
  history: (userId: string, limit: number) => ['personalize', 'history', userId, limit] as const,
  similar: (itemId: string, count: number) => ['personalize', 'similar', itemId, count] as const,
};

/** An unreachable service: the request never got an HTTP answer (api() reports status 0). */
const isNetworkFailure = (err: unknown) => err instanceof ApiError && err.status === 0;

/** Products already in the query cache (shelves, search results, product pages), by id. */
function cachedProducts(queryClient?: QueryClient): Map<string, Product> {
  const known = new Map<string, Product>();
  for (const [, data] of queryClient?.getQueriesData<unknown>({ queryKey: ['catalogue'] }) ?? []) {
    const list = Array.isArray(data) ? data : data && typeof data === 'object' && 'id' in data ? [data] : [];
    for (const p of list as Product[]) if (p && typeof p.id === 'number') known.set(String(p.id), p);
  }
  return known;
}

/**
 * The spec's fallback (admin §7 "Recommendation service"): five fixed item ids 1–5 scored 0.95 … 0.75, used only
 * when the service cannot be reached. They are shown as the real products — name, image, price, a working Add to
 * Cart — from the query cache or the catalogue; ids that are no longer for sale are left out. Throws when none
 * can be loaded (the block then shows its error and Try Again).
 */
export async function fallbackRecommendations(
  opts: { queryClient?: QueryClient; signal?: AbortSignal; fetchProduct?: (id: string, signal?: AbortSignal) => Promise<Product> } = {},
): Promise<ShownRecommendation[]> {
  const known = cachedProducts(opts.queryClient);
  const fetchProduct =
    opts.fetchProduct ?? ((id: string, signal?: AbortSignal) => api<Product>(`/api/products/${id}`, { auth: 'none', devFallback: true, signal }));
  const products = await Promise.all(
    FALLBACK_RECOMMENDATIONS.map(async ({ itemId }) => known.get(itemId) ?? (await fetchProduct(itemId, opts.signal).catch(() => null))),
  );
  const shown = FALLBACK_RECOMMENDATIONS.flatMap(({ itemId, score }, i) => {
    const p = products[i];
    if (!p || !Number.isFinite(p.price)) return [];
    return [{
      itemId,
      score,
      itemName: p.name,
      itemNameAr: p.name_ar,
      itemImage: p.image ?? p.imageUrl ?? p.images?.[0] ?? null,
      itemCategory: p.category || currentMsg().defaultCategory,
      // the department's Arabic name is not on the product: the card shows the English one
      itemCategoryAr: '',
      itemPrice: p.price,
      fallback: true,
    }];
  });
  if (shown.length === 0) throw new Error(currentMsg().recommendationsFailed);
  return shown;
}

/** GET /api/personalize/recommendations/{userId}?numResults=N[&itemId=]. Throws the server's error or the spec's. */
export async function fetchRecommendations(
  userId: string,
  opts: { count?: number; itemId?: string; auth?: Auth; signal?: AbortSignal; queryClient?: QueryClient } = {},
): Promise<RecommendationsResult> {
  const params = new URLSearchParams({ numResults: String(opts.count ?? RECOMMENDATIONS_DEFAULT_COUNT) });
  if (opts.itemId) params.set('itemId', opts.itemId);
  let res: RecommendationsResponse;
  try {
    res = await api<RecommendationsResponse>(`/api/personalize/recommendations/${encodeURIComponent(userId)}?${params}`, {
      auth: opts.auth,
      signal: opts.signal,
    });
  } catch (err) {
    if (isNetworkFailure(err)) return { items: await fallbackRecommendations({ queryClient: opts.queryClient, signal: opts.signal }), fallback: true };
    throw err instanceof ApiError && err.body?.error ? err : new Error(currentMsg().recommendationsFailed);
  }
  if (!res || res.success === false || !Array.isArray(res.recommendations)) {
    throw new Error(res?.error || currentMsg().recommendationsFailed);
  }
  return { items: res.recommendations, fallback: false };
}

export function useRecommendations(userId: string, count: number, opts: { itemId?: string; auth?: Auth } = {}) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: personalizeKeys.recommendations(userId, count, opts.itemId),
    queryFn: ({ signal }) => fetchRecommendations(userId, { count, itemId: opts.itemId, auth: opts.auth, signal, queryClient }),
    enabled: userId !== '',
    // the block has its own Try Again; one quiet retry hides a blip
    retry: 1,
  });
}

export function useInteractionHistory(userId: string, opts: { limit?: number; auth?: Auth } = {}) {
  const limit = opts.limit ?? HISTORY_DEFAULT_LIMIT;
  return useQuery({
    queryKey: personalizeKeys.history(userId, limit),
    enabled: userId !== '',
    queryFn: async ({ signal }) => {
      const res = await api<HistoryResponse>(`/api/personalize/history/${encodeURIComponent(userId)}?limit=${limit}`, { auth: opts.auth, signal });
      return res.interactions ?? [];
    },
  });
}

export function useSimilarItems(itemId: string, opts: { count?: number; auth?: Auth } = {}) {
  const count = opts.count ?? SIMILAR_DEFAULT_COUNT;
  return useQuery({
    queryKey: personalizeKeys.similar(itemId, count),
    enabled: itemId !== '',
    queryFn: async ({ signal }) => {
      const res = await api<SimilarResponse>(`/api/personalize/similar/${encodeURIComponent(itemId)}?numResults=${count}`, { auth: opts.auth, signal });
      return res.similarItems ?? [];
    },
  });
}
