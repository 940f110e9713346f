import { useQuery } from '@tanstack/react-query';
import type { PublicUser, Vendor } from '@souq/shared/api/auth';
import { api, ApiError } from '@/lib/api-client';
import { forget, storeVendor, useToken } from '@/lib/session';

/**
 * The signed-in vendor from GET /api/auth/me (fresh verification status and documents). A token the server no
 * longer knows is forgotten, which sends /vendor back to the login form.
 */
/**
 * The vendor area's one client for reads: a GET with the vendor's token; a 401 forgets the vendor session, which
 * sends /vendor back to the login form. The dashboard, earnings and tax data (dashboard-api, earnings-api, tax-api)
 * all read through it.
 */
export async function vendorGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  try {
    return await api<T>(path, { auth: 'vendor', signal });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) forget('vendor');
    throw err;
  }
}

/** A vendor query's retry: none once the server refused the session (401, 403) or, where `also` says, the request. */
export const noRetryOnAuth =
  (also: number[] = []) =>
  (failures: number, err: Error): boolean =>
    !(err instanceof ApiError && [401, 403, ...also].includes(err.status)) && failures < 1;

export function useVendorMe() {
  const token = useToken('vendor');
  return useQuery({
    queryKey: ['vendor-me', token],
    enabled: !!token,
    retry: (count, err) => !(err instanceof ApiError && err.status === 401) && count < 1,
    queryFn: async ({ signal }) => {
      const me = await vendorGet<{ user: PublicUser; vendor: Vendor | null }>('/api/auth/me', signal);
      if (me.vendor) storeVendor(me.vendor);
      return me;
    },
  });
}
