// The URL side of server-side lists: which query-string keys hold a list's search, filters, sort and page, and
// which query the server gets. Pure functions (unit-tested); the hook in use-list-query.ts wires them to the router.
import { parseOffset } from './paging';

export type SortOrder = 'asc' | 'desc';
/** A server-side sort: the column key the endpoint knows and the direction (`?sort=<key>&order=<asc|desc>`). */
export type SortState = { key: string; order: SortOrder };
/** Filter names → values; '' means "not filtered" and is left out of the URL and of the request. */
export type FilterValues = Record<string, string>;

export type ListStateOptions<F extends FilterValues> = {
  /** Filter names with their default values (usually ''). */
  filters: F;
  /** Sort used when the URL has none; null leaves the order to the server. */
  defaultSort: SortState | null;
  /** Put before every URL key, so two lists on one page keep apart (the server keys stay plain). */
  prefix: string;
};

export type ListState<F extends FilterValues> = { search: string; filters: F; sort: SortState | null; offset: number };

/** Reads a list's state from the query string; unknown or malformed values fall back to the defaults. */
export function readListState<F extends FilterValues>(params: URLSearchParams, opts: ListStateOptions<F>): ListState<F> {
  const key = (name: string) => opts.prefix + name;
  const filters = { ...opts.filters };
  for (const name of Object.keys(filters) as (keyof F & string)[]) {
    const value = params.get(key(name));
    if (value !== null) filters[name] = value as F[typeof name];
  }
  const sortKey = params.get(key('sort'));
  const order = params.get(key('order'));
  const sort = sortKey ? { key: sortKey, order: order === 'asc' ? 'asc' : order === 'desc' ? 'desc' : (opts.defaultSort?.order ?? 'asc') } as SortState : opts.defaultSort;
  return { search: (params.get(key('search')) ?? '').trim(), filters, sort, offset: parseOffset(params.get(key('offset'))) };
}

export type ListStatePatch<F extends FilterValues> = Partial<Omit<ListState<F>, 'filters'>> & { filters?: Partial<F> };

/**
 * A new query string with `patch` applied to the list's keys (other keys of the page stay). Values equal to their
 * default are removed so shared links stay short. Any change but the page itself goes back to the first page.
 */
export function writeListState<F extends FilterValues>(prev: URLSearchParams, patch: ListStatePatch<F>, opts: ListStateOptions<F>): URLSearchParams {
  const next = new URLSearchParams(prev);
  const key = (name: string) => opts.prefix + name;
  const put = (name: string, value: string, fallback = '') => (value === fallback ? next.delete(key(name)) : next.set(key(name), value));
  if (patch.search !== undefined) put('search', patch.search.trim());
  for (const [name, value] of Object.entries(patch.filters ?? {})) if (value !== undefined) put(name, value, opts.filters[name] ?? '');
  if (patch.sort !== undefined) {
    const isDefault = patch.sort?.key === opts.defaultSort?.key && patch.sort?.order === opts.defaultSort?.order;
    put('sort', isDefault || !patch.sort ? '' : patch.sort.key);
    put('order', isDefault || !patch.sort ? '' : patch.sort.order);
  }
  const offset = patch.offset ?? (Object.keys(patch).length > 0 ? 0 : undefined);
  if (offset !== undefined) put('offset', offset > 0 ? String(offset) : '');
  return next;
}

/** The request's query string: limit, offset, the search under `searchParam`, the set filters and the sort. */
export function listRequestQuery<F extends FilterValues>(state: ListState<F>, limit: number, searchParam: string | null): URLSearchParams {
  const q = new URLSearchParams({ limit: String(limit), offset: String(state.offset) });
  if (searchParam && state.search) q.set(searchParam, state.search);
  for (const [name, value] of Object.entries(state.filters)) if (value !== '') q.set(name, value);
  if (state.sort) {
    q.set('sort', state.sort.key);
    q.set('order', state.sort.order);
  }
  return q;
}
