import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { useCustomerToken } from '@/lib/session';

// The widget's code loads only once a customer token exists: visitors never download it (first-load budget).
const SupportWidget = lazy(() => import('./SupportWidget'));

/** Areas where the customer's support widget does not belong (they have their own tools). */
const OTHER_AREAS = /^\/(vendor|admin|product-manager)(\/|$)|^\/admin-access$/;

/** Renders the support widget only when a customer is signed in (customer spec §2, §6), on customer pages. */
export function SupportWidgetMount() {
  const token = useCustomerToken();
  const { pathname } = useLocation();
  if (!token || OTHER_AREAS.test(pathname)) return null;
  return (
    <Suspense fallback={null}>
      <SupportWidget />
    </Suspense>
  );
}
