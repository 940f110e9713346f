import { lazy, Suspense } from 'react';
import { useCustomerToken } from '@/lib/session';

// Loaded only once a customer is signed in: visitors never download it (first-load budget).
const PriceAlertNotice = lazy(() => import('./PriceAlertNotice'));

/** A signed-in customer's in-app notice of a fired price alert, on every page. */
export function PriceAlertNoticeMount() {
  const token = useCustomerToken();
  if (!token) return null;
  return (
    <Suspense fallback={null}>
      <PriceAlertNotice token={token} />
    </Suspense>
  );
}
