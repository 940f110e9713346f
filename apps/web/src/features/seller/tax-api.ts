import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VendorTaxProfile } from '@souq/shared/api/tax';
import type { VatReport } from '@souq/shared/api/vat-report';
import type { VatEmirate } from '@souq/shared/rules/tax';
import { api } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';
import { noRetryOnAuth as retryUnlessRefused, vendorGet } from './api';

// The vendor's VAT registration (decision 0098) and its own VAT summary (decision 0109); the server takes the vendor
// from the session, so neither can read another vendor's data.

export const taxKeys = {
  profile: ['vendor-tax-profile'] as const,
  summary: (from: string, to: string) => ['vendor-vat-summary', from, to] as const,
};

const noRetryOnAuth = retryUnlessRefused([400]);


export function useTaxProfile() {
  return useQuery({ queryKey: taxKeys.profile, retry: noRetryOnAuth, queryFn: ({ signal }) => vendorGet<VendorTaxProfile>('/api/vendor/tax-profile', signal) });
}

export function useSaveTaxProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { vat_registered: boolean; trn: string; emirate?: VatEmirate }) => api<VendorTaxProfile>('/api/vendor/tax-profile', { method: 'PUT', body: input, auth: 'vendor' }),
    onSuccess: async (saved) => {
      client.setQueryData(taxKeys.profile, saved);
      // a new TRN withdraws the verification: the account's status shown elsewhere changes too
      await client.invalidateQueries({ queryKey: ['vendor-me'] });
    },
  });
}

export function useVatSummary(from: string, to: string) {
  return useQuery({
    queryKey: taxKeys.summary(from, to),
    retry: noRetryOnAuth,
    queryFn: ({ signal }) => vendorGet<VatReport>(`/api/vendor/vat-summary?${new URLSearchParams({ from, to })}`, signal),
  });
}

export const downloadVatSummary = (from: string, to: string) =>
  downloadFile(`/api/vendor/vat-summary.csv?${new URLSearchParams({ from, to })}`, 'vendor', `vat-${from}-to-${to}.csv`);
