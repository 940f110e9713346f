import { useCallback, useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LIST_DEFAULT_LIMIT } from '@souq/shared/constants';
import { apiList, ApiError } from './api-client';
import { forget } from './session';
import { lastPageOffset } from './paging';
import { listRequestQuery, readListState, writeListState, type FilterValues, type ListStateOptions, type ListStatePatch, type SortState } from './list-state';
import { useDebounced } from './use-debounced';

export type ListQueryOptions<F extends FilterValues> = {
  /** First part of the TanStack Query key, e.g. 'admin-users' (invalidate it after a change). */
  queryKey: string;
  /** The list endpoint, without a query string, e.g. '/api/admin/users'. */
  path: string;
  /** Which session's token to send; a 401 forgets that session so its gate asks to sign in again. */
  auth: 'vendor' | 'admin';
  /** Filter names with their defaults ('' = all); each is a URL key and a request parameter of the same name. */
  filters?: F;
  /** Request parameter of the text search (default 'search'); null when the list has no search. */
  searchParam?: string | null;
  /** Sort when the URL has none (null: the server's own order). */
  defaultSort?: SortState | null;
  /** Page size (default LIST_DEFAULT_LIMIT, the server's own default). */
  limit?: number;
  /** Pause before typed search text reaches the URL and the server. */
  debounceMs?: number;
  /** Prefix of this list's URL keys when a page holds two lists. */
  urlPrefix?: string;
  /** false holds the request (e.g. while a tab is hidden). */
  enabled?: boolean;
};

const NO_FILTERS = {} as FilterValues;
const noRetryOnAuth = (failures: number, err: Error) => !(err instanceof ApiError && (err.status === 401 || err.status === 403)) && failures < 1;

/**
 * A server-side list whose search, filters, sort and page live in the URL query string (a view can be shared and
 * survives a reload). Typed search text shows at once in `searchText` and reaches the URL and the server when typing
 * pauses. The previous page stays on screen while the next one loads. A page beyond the end (rows were deleted, or an
 * old link) moves to the last page.
 */
export function useListQuery<Row, F extends FilterValues = FilterValues>(options: ListQueryOptions<F>) {
  const { queryKey, path, auth, searchParam = 'search', limit = LIST_DEFAULT_LIMIT, debounceMs = 250, enabled = true } = options;
  // useLocation + useNavigate rather than useSearchParams: these are in the entry chunk already, useSearchParams
  // would add its code there (measured +0.3 KB gzip on the storefront's first load)
  const location = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  // the options are literals at the call site: compare their content, not their identity
  const filtersJson = JSON.stringify(options.filters ?? NO_FILTERS);
  const { key: sortKey, order: sortOrder } = options.defaultSort ?? {};
  const prefix = options.urlPrefix ?? '';
  const stateOptions = useMemo<ListStateOptions<F>>(
    () => ({ filters: JSON.parse(filtersJson) as F, defaultSort: sortKey && sortOrder ? { key: sortKey, order: sortOrder } : null, prefix }),
    [filtersJson, sortKey, sortOrder, prefix],
  );
  const state = useMemo(() => readListState(params, stateOptions), [params, stateOptions]);

  // typing and filtering replace the history entry; paging pushes one, so Back returns to the previous page
  const update = useCallback(
    (patch: ListStatePatch<F>) => {
      const next = writeListState(params, patch, stateOptions).toString();
      navigate({ search: next ? `?${next}` : '' }, { replace: patch.offset === undefined, state: location.state, preventScrollReset: true });
    },
    [navigate, params, stateOptions, location.state],
  );

  // The search box: what is typed shows at once; the URL (and so the request) follows when typing pauses. When the
  // URL changes from outside (back button, a shared link), the box takes the URL's text.
  const [searchText, setSearchText] = useState(state.search);
  const [alignedWith, setAlignedWith] = useState(state.search);
  const debouncedText = useDebounced(searchText.trim(), debounceMs);
  if (alignedWith !== state.search) {
    setAlignedWith(state.search);
    if (state.search !== debouncedText) setSearchText(state.search);
  }
  const writeSearch = useEffectEvent((text: string) => {
    if (text !== state.search) update({ search: text });
  });
  useEffect(() => writeSearch(debouncedText), [debouncedText]);

  const request = listRequestQuery(state, limit, searchParam);
  const query = useQuery({
    queryKey: [queryKey, request.toString()],
    enabled,
    placeholderData: keepPreviousData,
    retry: noRetryOnAuth,
    queryFn: async ({ signal }) => {
      try {
        return await apiList<Row>(`${path}?${request}`, { auth, signal });
      } catch (err) {
        // an expired session: forget it so the area's gate sends the user back to sign in
        if (err instanceof ApiError && err.status === 401) forget(auth);
        throw err;
      }
    },
  });

  const data = query.isPlaceholderData ? undefined : query.data;
  const pageRanDry = !!data && data.items.length === 0 && state.offset > 0;
  const goToLastPage = useEffectEvent((total: number) => update({ offset: lastPageOffset(limit, total) }));
  useEffect(() => {
    if (pageRanDry) goToLastPage(data.total);
  }, [pageRanDry, data?.total]);

  const items = query.data?.items;
  const failed: Error | null = query.isError && !query.data ? query.error : null;
  const total = query.data?.total ?? 0;
  return {
    /** The rows on screen (the previous page's while the next one loads); undefined before the first answer. */
    items,
    /** All rows matching the filters (X-Total-Count). */
    total,
    /** The TanStack query: isPending, isFetching, isError, error, refetch. */
    query,
    /** Search text as typed (bind it to SearchInput). */
    searchText,
    setSearchText,
    /** Search text the shown rows were asked with (from the URL). */
    search: state.search,
    filters: state.filters,
    /** Sets one filter and goes back to the first page. */
    setFilter: (name: keyof F & string, value: string) => update({ filters: { [name]: value } as Partial<F> }),
    /** Clears the search and every filter. */
    resetFilters: () => {
      setSearchText('');
      update({ search: '', filters: stateOptions.filters });
    },
    /** True when a search or a filter is set (for a 'Clear filters' button and the empty state's words). */
    isFiltered: state.search !== '' || Object.entries(state.filters).some(([name, value]) => value !== stateOptions.filters[name]),
    sort: state.sort,
    setSort: (sort: SortState) => update({ sort }),
    limit,
    offset: state.offset,
    setOffset: (offset: number) => update({ offset }),
    /** Spread into <DataTable>: rows, loading skeleton, error with 'Try again', sort. */
    tableProps: {
      rows: items,
      loading: query.isPending && enabled,
      refreshing: query.isFetching && !query.isPending,
      error: failed,
      onRetry: () => void query.refetch(),
      sort: state.sort,
      onSortChange: (sort: SortState) => update({ sort }),
    },
    /** Spread into <Pagination>. */
    paginationProps: { limit, offset: state.offset, total, onOffsetChange: (offset: number) => update({ offset }) },
  };
}
