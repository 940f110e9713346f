import { useQuery } from '@tanstack/react-query';
import type { CategoryName, Product, Shelf } from '@souq/shared/api/catalogue';
import { api } from '@/lib/api-client';
import { takeBootData } from '@/lib/boot-data';

/** Catalogue calls try the same origin first, then the local development server (spec §7). */
const get = <T,>(path: string, signal?: AbortSignal) => api<T>(path, { devFallback: true, auth: 'none', signal });

const BROWSE_PRIMARY = '/api/embedded-products/detailed';
const BROWSE_FALLBACK = '/api/products';

/**
 * The browse list the page's HTML already holds (decision 0062), by the same rule as withFallback: the embedded
 * products if that list is not empty, else the catalogue's answer. Undefined (so the query asks the API) when the
 * page holds no answer that settles it.
 */
function embeddedBrowse(): Product[] | undefined {
  const primary = takeBootData(BROWSE_PRIMARY)?.value;
  if (Array.isArray(primary) && primary.length > 0) return primary as Product[];
  const fallback = takeBootData(BROWSE_FALLBACK)?.value;
  return Array.isArray(primary) && Array.isArray(fallback) ? (fallback as Product[]) : undefined;
}

/** First non-empty list wins; a failed or empty embedded-products answer falls back to the catalogue (spec §7). */
async function withFallback(primary: string, fallback: string, signal?: AbortSignal): Promise<Product[]> {
  try {
    const list = await get<Product[]>(primary, signal);
    if (Array.isArray(list) && list.length > 0) return list;
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
  }
  const list = await get<Product[]>(fallback, signal);
  return Array.isArray(list) ? list : [];
}

export const catalogueKeys = {
  browse: ['catalogue', 'browse'] as const,
  search: (q: string) => ['catalogue', 'search', q] as const,
  shelves: ['catalogue', 'shelves'] as const,
  product: (id: number) => ['catalogue', 'product', id] as const,
  all: ['catalogue', 'all'] as const,
};

/** Products for browsing without a query: embedded products, else the catalogue. A failure reads as empty (spec §8). */
export function useBrowseProducts() {
  return useQuery({
    queryKey: catalogueKeys.browse,
    // the first render has the answer the server put into the page: no round trip, no second render
    initialData: embeddedBrowse,
    queryFn: async ({ signal }) => {
      try {
        return await withFallback(BROWSE_PRIMARY, BROWSE_FALLBACK, signal);
      } catch (err) {
        if ((err as Error).name === 'AbortError') throw err;
        console.error('Product load failed', err);
        return [];
      }
    },
  });
}

/** Text search with the spec's fallback order. Disabled for a blank query. */
export function useProductSearch(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: catalogueKeys.search(q),
    enabled: q.length > 0,
    queryFn: ({ signal }) =>
      withFallback(
        `/api/embedded-products/search/${encodeURIComponent(q)}`,
        `/api/products/search/${encodeURIComponent(q)}`,
        signal,
      ),
  });
}

/** The whole public catalogue (newest first), used by the demos and for product names typed in chat. */
export function useCatalogue(enabled = true) {
  return useQuery({
    queryKey: catalogueKeys.all,
    enabled,
    queryFn: ({ signal }) => get<Product[]>('/api/products?limit=200', signal),
  });
}

export function useShelves(enabled = true) {
  return useQuery({
    queryKey: catalogueKeys.shelves,
    enabled,
    initialData: () => {
      const embedded = takeBootData('/api/shelves')?.value;
      return Array.isArray(embedded) ? (embedded as Shelf[]) : undefined;
    },
    queryFn: ({ signal }) => get<Shelf[]>('/api/shelves', signal),
  });
}

/**
 * The departments' Arabic names (GET /api/categories/names) for a page in Arabic, by English name; empty on an
 * English page (asked for only there) and while they load: the English name is shown meanwhile.
 */
export function useDepartmentNamesAr(lang: 'en' | 'ar'): ReadonlyMap<string, string> {
  const query = useQuery({
    queryKey: ['departments', 'ar'],
    enabled: lang === 'ar',
    staleTime: 10 * 60_000,
    queryFn: ({ signal }) => get<CategoryName[]>('/api/categories/names', signal),
    select: (rows) => new Map(rows.map((r) => [r.name, r.name_ar])),
  });
  return (lang === 'ar' && query.data) || NO_NAMES;
}
const NO_NAMES: ReadonlyMap<string, string> = new Map();

export function useProduct(id: number | null) {
  return useQuery({
    queryKey: catalogueKeys.product(id ?? 0),
    enabled: id !== null,
    queryFn: ({ signal }) => get<Product>(`/api/products/${id}`, signal),
  });
}
