import { lazy, Suspense, useSyncExternalStore, type ComponentType } from 'react';
import { STORAGE_KEYS } from '@souq/shared/constants';
import { PageSpinner } from '@/components/ui/PageSpinner';
import { getText } from '@/lib/storage';
import { LandingPage } from './LandingPage';
import { HOME_MODE, subscribeMode } from './mode';

// The customer home is another feature's page, loaded only once the visitor has chosen to get started, so the
// landing stays small. A glob import keeps this route building while that page does not exist yet.
const homeModules = import.meta.glob<{ default: ComponentType }>('../storefront/CustomerHome.tsx');
const loadHome = Object.values(homeModules)[0];
const CustomerHome = loadHome ? lazy(loadHome) : null;

/** '/': the landing page until the user chooses to get started, then the customer home (customer §2, §4). */
export default function HomeRoute() {
  const mode = useSyncExternalStore(subscribeMode, () => getText(STORAGE_KEYS.mode), () => null);
  if (mode === HOME_MODE && CustomerHome) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <CustomerHome />
      </Suspense>
    );
  }
  return <LandingPage />;
}
