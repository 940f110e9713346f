import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import type { CodEligibility } from '@souq/shared/api/cod';
import { codEligibility } from './api';

/**
 * Whether checkout offers cash on delivery to the signed-in shopper (decision 0140). A guest is not asked about (the
 * server would have to answer for any e-mail typed): cash stays offered, and placing the order says why when it is not.
 */
export function useCodEligibility(signedIn: boolean): CodEligibility | null {
  const query = useQuery({
    queryKey: ['cod-eligibility', signedIn],
    queryFn: ({ signal }) => codEligibility(signal),
    enabled: signedIn,
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
