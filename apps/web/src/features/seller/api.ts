import { useQuery } from '@tanstack/react-query';
import type { PublicUser, Vendor } from '@souq/shared/api/auth';
import { api, ApiError } from '@/lib/api-client';
import { forget, storeVendor, useToken } from '@/lib/session';

/**
 * The signed-in vendor from GET /api/auth/me (fresh verification status and documents). A token the server no
 * longer knows is forgotten, which sends /vendor back to the login form.
 */
export function useVendorMe() {
  const token = useToken('vendor');
  return useQuery({
    queryKey: ['vendor-me', token],
    enabled: !!token,
    retry: (count, err) => !(err instanceof ApiError && err.status === 401) && count < 1,
    queryFn: async ({ signal }) => {
      try {
        const me = await api<{ user: PublicUser; vendor: Vendor | null }>('/api/auth/me', { auth: 'vendor', signal });
        if (me.vendor) storeVendor(me.vendor);
        return me;
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) forget('vendor');
        throw err;
      }
    },
  });
}
