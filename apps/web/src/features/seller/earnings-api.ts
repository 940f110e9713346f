import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Payout, PayoutAccount, PayoutAccountUpdate, VendorBalance } from '@souq/shared/api/payouts';
import { api, apiList } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';
import { noRetryOnAuth as retryUnlessRefused, vendorGet } from './api';

// The Earnings tab's data (decision 0095): the signed-in vendor's balance, payouts and payout account; the server
// takes the vendor from the session.

export const earningsKeys = {
  balance: ['vendor-earnings', 'balance'] as const,
  payouts: ['vendor-earnings', 'payouts'] as const,
  account: (vendorId: number) => ['vendor-payout-account', vendorId] as const,
  /** The entries list (useListQuery's key). */
  entries: 'vendor-earnings-entries',
};

const noRetryOnAuth = retryUnlessRefused();


export function useBalance() {
  return useQuery({ queryKey: earningsKeys.balance, retry: noRetryOnAuth, queryFn: ({ signal }) => vendorGet<VendorBalance>('/api/vendor/earnings', signal) });
}

/** The latest payouts (the tab shows up to 50; older ones are in the statement). */
export function usePayouts() {
  return useQuery({
    queryKey: earningsKeys.payouts,
    retry: noRetryOnAuth,
    queryFn: ({ signal }) => apiList<Payout>('/api/vendor/earnings/payouts?limit=50', { auth: 'vendor', signal }),
  });
}

export function usePayoutAccount(vendorId: number) {
  return useQuery({
    queryKey: earningsKeys.account(vendorId),
    retry: noRetryOnAuth,
    queryFn: ({ signal }) => vendorGet<PayoutAccount>(`/api/vendors/${vendorId}/payout-account`, signal),
  });
}

export function useSavePayoutAccount(vendorId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PayoutAccountUpdate) => api<PayoutAccount>(`/api/vendors/${vendorId}/payout-account`, { method: 'PUT', body: input, auth: 'vendor' }),
    onSuccess: (saved) => client.setQueryData(earningsKeys.account(vendorId), saved),
  });
}

/** The statement over a day range as CSV, saved under the server's file name; answers the number of entries. */
export const downloadStatement = (from: string, to: string) =>
  downloadFile(`/api/vendor/earnings/statement?${new URLSearchParams({ from, to })}`, 'vendor', 'statement.csv');
