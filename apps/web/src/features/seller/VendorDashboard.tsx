import { Suspense, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import type { Vendor } from '@souq/shared/api/auth';
import { useMsg } from '@/lib/use-msg';
import { formatMoney } from '@souq/shared/rules/money';
import { Alert } from '@/components/ui/Alert';
import { paths } from '@/lib/paths';
import { Button, buttonClass } from '@/components/ui/Button';
import { Select } from '@/components/ui/Field';
import { Spinner } from '@/components/ui/Spinner';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { StatCard } from '@/components/ui/StatCard';
import { Money } from './parts/Money';
import { cx } from '@/components/ui/cx';
import { dashboardKeys, useDashboardStats } from './dashboard-api';
import { VendorAccountSummary } from './VendorAccountSummary';
import { PerformanceNotice } from './parts/PerformanceNotice';
import { DEFAULT_VENDOR_TAB, isVendorTab, TAB_COMPONENTS, VENDOR_TABS, type VendorTabId } from './tabs/registry';
import { formatCount } from '@souq/shared/rules/locale';
import { Trans, useLingui } from '@lingui/react/macro';


/** The header's four stat cards (vendor §2), from the server for the signed-in vendor. */
function DashboardStats() {
  const MSG = useMsg();
  const { t } = useLingui();
  const stats = useDashboardStats();
  const s = stats.data;
  if (stats.isError && !s) {
    return (
      <Alert tone="error" title={MSG.loadVendorStatsFailed}>
        <p>{stats.error.message}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void stats.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </Alert>
    );
  }
  return (
    <section aria-label={t`Your business at a glance`} className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <StatCard label={t`Total Products`} loading={!s} value={formatCount(s?.total_products)} hint={t`in your catalogue`} />
      <StatCard label={t`Total Orders`} loading={!s} value={formatCount(s?.total_orders)} hint={t`holding your products`} />
      <StatCard label={t`Total Revenue`} loading={!s} value={s && <Money text={formatMoney(s.total_revenue, s.currency)} />} hint={MSG.vendorRevenueHint} />
      <StatCard label={t`Active Products`} loading={!s} value={formatCount(s?.active_products)} hint={t`visible to customers`} />
    </section>
  );
}

function TabPanel({ id }: { id: VendorTabId }) {
  const Screen = TAB_COMPONENTS[id];
  // a tab whose screen is not registered yet shows nothing (tabs/registry.ts)
  if (!Screen) return null;
  return (
    <Suspense fallback={<div className="flex justify-center p-10 text-slate-500"><Spinner className="text-brand-600" /></div>}>
      <Screen />
    </Suspense>
  );
}

/**
 * The vendor dashboard (vendor §2): the four stat cards, then the eight tabs as a side navigation (a section picker
 * on phones) beside the open tab. The tab lives in the URL (?tab=orders), so a reload or a shared link opens the same
 * tab; a tab's own keys (its list's search, filters, page) are left behind when switching.
 */
export function VendorDashboard({ vendor }: { vendor: Vendor }) {
  const { t, i18n } = useLingui();
  const location = useLocation();
  const navigate = useNavigate();
  const requested = new URLSearchParams(location.search).get('tab');
  const active: VendorTabId = isVendorTab(requested) ? requested : DEFAULT_VENDOR_TAB;
  const client = useQueryClient();
  // orders arrive while the vendor works in another tab: opening a tab reads the figures again
  useEffect(() => {
    void client.invalidateQueries({ queryKey: [dashboardKeys.dashboard] });
  }, [client, active]);
  const verified = vendor.verification_status === 'verified';
  const select = (id: VendorTabId) => {
    if (id !== active) navigate({ search: id === DEFAULT_VENDOR_TAB ? '' : `?tab=${id}` });
  };

  return (
    <div className="flex flex-col gap-6">
      {/* The spec's dashboard is a header with the four stat cards, and UI.md's page order is header → stat cards →
          the rest: the frame's page header ('Vendor Dashboard') comes first, then the cards, then the account — a
          vendor still to be verified sees what is missing and the onboarding link, a verified one a single line. */}
      <DashboardStats />
      {verified && <PerformanceNotice />}
      {verified ? (
        <section aria-label={t`Account`} className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white px-4 py-3 shadow-sm sm:px-5">
          <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
            <h2 className="truncate text-base font-semibold text-slate-900" dir="auto">{vendor.company_name}</h2>
            <StatusBadge kind="vendor" status={vendor.verification_status} />
          </div>
          <Link to={paths.vendorProfile} className={buttonClass('ghost', 'sm')}><Trans>View profile</Trans></Link>
        </section>
      ) : (
        <VendorAccountSummary vendor={vendor} />
      )}
      <div className="grid gap-6 lg:grid-cols-[12rem_minmax(0,1fr)]">
        <nav aria-label={t`Dashboard tabs`} className="lg:sticky lg:top-4 lg:self-start">
          <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-700 lg:hidden">
            <Trans>Dashboard section</Trans>
            <Select value={active} onChange={(e) => select(e.target.value as VendorTabId)}>
              {VENDOR_TABS.map((tab) => (
                <option key={tab.id} value={tab.id}>{i18n._(tab.label)}</option>
              ))}
            </Select>
          </label>
          <ul className="hidden space-y-0.5 rounded-2xl border border-slate-200 bg-white p-2 shadow-sm lg:block">
            {VENDOR_TABS.map((tab) => (
              <li key={tab.id}>
                <button
                  type="button"
                  onClick={() => select(tab.id)}
                  aria-current={active === tab.id ? 'page' : undefined}
                  className={cx(
                    'w-full rounded-lg px-3 py-2 text-start text-sm font-medium transition-colors',
                    active === tab.id ? 'bg-brand-700 text-white shadow-sm' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                  )}
                >
                  {i18n._(tab.label)}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0">
          <TabPanel key={active} id={active} />
        </div>
      </div>
    </div>
  );
}
