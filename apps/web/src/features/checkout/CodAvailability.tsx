import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import type { CodEligibility } from '@souq/shared/api/cod';
import { codEligibility } from './api';

const looksLikeEmail = (email: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());

/**
 * Whether checkout offers cash on delivery to this shopper (decision 0140): asked again when the e-mail changes. While
 * the answer is unknown, cash stays offered (the server decides when the order is placed).
 */
export function useCodEligibility(email: string, signedIn: boolean): CodEligibility | null {
  const typed = looksLikeEmail(email) ? email.trim().toLowerCase() : '';
  const query = useQuery({
    queryKey: ['cod-eligibility', typed, signedIn],
    queryFn: ({ signal }) => codEligibility(typed, signal),
    enabled: signedIn || typed !== '',
    staleTime: 60_000,
    retry: false,
  });
  return query.data ?? null;
}

/** Why the shopper is offered card only: their refused deliveries reached the marketplace's limit. */
export function CodCardOnlyNotice({ eligibility }: { eligibility: CodEligibility }) {
  const refusals = eligibility.refusals;
  return (
    <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 sm:col-span-2">
      <Trans>Cash on delivery is not available: {refusals} earlier deliveries were refused at the door. Please pay by card.</Trans>
    </p>
  );
}
