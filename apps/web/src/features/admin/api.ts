import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Vendor } from '@souq/shared/api/auth';
import { api, ApiError, type RequestOptions } from '@/lib/api-client';
import { forget } from '@/lib/session';

/** An admin API call: the admin session's token; a 401 forgets the session so the gate asks for the code again. */
export async function adminApi<T>(path: string, opts: Omit<RequestOptions, 'auth'> = {}): Promise<T> {
  try {
    return await api<T>(path, { ...opts, auth: 'admin' });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) forget('admin');
    throw err;
  }
}

const noRetryOnAuth = (failures: number, err: Error) => !(err instanceof ApiError && (err.status === 401 || err.status === 403 || err.status === 404)) && failures < 1;

/** One admin read (figures, details) keyed by its path; `enabled: false` holds it until a sheet opens. */
export function useAdminQuery<T>(key: QueryKey, path: string, opts: { enabled?: boolean; refetchInterval?: number } = {}) {
  return useQuery({
    queryKey: key,
    enabled: opts.enabled ?? true,
    refetchInterval: opts.refetchInterval,
    retry: noRetryOnAuth,
    queryFn: ({ signal }) => adminApi<T>(path, { signal }),
  });
}

/**
 * An admin write: on success the listed query keys are refetched (lists, stat cards, details that show the change).
 * Callers show the spec's toasts in their own onSuccess/onError.
 */
export function useAdminMutation<Input, Output>(run: (input: Input) => Promise<Output>, invalidate: readonly string[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await Promise.all(invalidate.map((key) => client.invalidateQueries({ queryKey: [key] })));
    },
  });
}

/** The fields of a vendor the admin pickers show (company, contact, e-mail). */
export type VendorOption = Pick<Vendor, 'id' | 'company_name' | 'contact_name' | 'email'>;

/** Vendors for a picker (assign vendor, the vendor filter and field): GET /api/admin/vendors, searched on the server. */
export function useVendorOptions(search: string, enabled = true) {
  const query = new URLSearchParams({ limit: '50' });
  if (search.trim()) query.set('search', search.trim());
  return useAdminQuery<VendorOption[]>(['admin-vendor-options', search.trim()], `/api/admin/vendors?${query}`, { enabled });
}

/** Query string of a filter object: empty values left out. */
export function queryString(values: Record<string, string | number | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const text = q.toString();
  return text ? `?${text}` : '';
}
