import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMsg } from '@/lib/use-msg';
import { VENDOR_ANALYTICS_RANGES, vendorSettingsSchema, type VendorSettings } from '@souq/shared/api/vendor-dashboard';
import { paths } from '@/lib/paths';
import { Alert } from '@/components/ui/Alert';
import { Button, buttonClass } from '@/components/ui/Button';
import { Field, Input, Select } from '@/components/ui/Field';
import { PageHeader } from '@/components/ui/PageHeader';
import { Skeleton } from '@/components/ui/Skeleton';
import { notify } from '@/components/ui/toast';
import { useVendorMe } from '../api';
import { useSaveVendorSettings, useVendorSettings } from '../dashboard-api';
import { ShippingSettings } from './ShippingSettings';
import { DispatchSettings } from '../parts/DispatchSettings';
import { Trans, useLingui } from '@lingui/react/macro';
import { TaxProfileCard } from '../parts/TaxProfileCard';

function SettingsForm({ saved }: { saved: VendorSettings }) {
  const MSG = useMsg();
  const { t } = useLingui();
  const save = useSaveVendorSettings();
  const [threshold, setThreshold] = useState(String(saved.low_stock_threshold));
  const [range, setRange] = useState(String(saved.analytics_range_days));
  const [error, setError] = useState<string | null>(null);
  const changed = threshold.trim() !== String(saved.low_stock_threshold) || range !== String(saved.analytics_range_days);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = vendorSettingsSchema.safeParse({ low_stock_threshold: threshold.trim() === '' ? NaN : Number(threshold), analytics_range_days: Number(range) });
    if (!parsed.success) {
      setError(t`Enter a whole number from 0 to 100,000.`);
      return;
    }
    setError(null);
    try {
      await save.mutateAsync(parsed.data);
      notify.success(MSG.vendorSettingsSaved);
    } catch (err) {
      notify.error(MSG.vendorSettingsFailed(err instanceof Error ? err.message : MSG.requestFailed));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t`Low-stock threshold`} error={error} hint={t`Active products with less stock than this are counted as low on stock in Analytics and its insights.`}>
          <Input type="number" inputMode="numeric" min={0} max={100000} step={1} value={threshold} onChange={(e) => setThreshold(e.target.value)} />
        </Field>
        <Field label={t`Analytics opens on`} hint={t`The range the sales chart shows when you open Analytics.`}>
          <Select value={range} onChange={(e) => setRange(e.target.value)}>
            {VENDOR_ANALYTICS_RANGES.map((d) => (
              <option key={d} value={d}>{t`Last ${d} days`}</option>
            ))}
          </Select>
        </Field>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={save.isPending} disabled={!changed}><Trans>Save settings</Trans></Button>
        {!changed && <span className="text-sm text-slate-500"><Trans>All changes saved.</Trans></span>}
      </div>
    </form>
  );
}

/**
 * The Settings tab (vendor §2 lists none beyond "Account and marketplace settings"): the dashboard's own settings,
 * kept on the server for this vendor and used by Analytics, and the account's pages as real links.
 */
export default function SettingsTab() {
  const { t } = useLingui();
  const settings = useVendorSettings();
  const me = useVendorMe();
  const vendor = me.data?.vendor;

  return (
    <div className="flex flex-col gap-5">
      <PageHeader title={t`Settings`} description={t`Account and marketplace settings.`} />

      <section aria-labelledby="dashboard-settings-heading" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <h3 id="dashboard-settings-heading" className="mb-4 text-base font-semibold text-slate-900"><Trans>Dashboard</Trans></h3>
        {settings.isError && !settings.data ? (
          <Alert tone="error" title={t`Failed to load settings`}>
            <p>{settings.error.message}</p>
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => void settings.refetch()}><Trans>Try again</Trans></Button>
          </Alert>
        ) : settings.data ? (
          <SettingsForm key={JSON.stringify(settings.data)} saved={settings.data} />
        ) : (
          <div className="grid gap-5 sm:grid-cols-2" aria-busy="true">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        )}
      </section>

      <ShippingSettings />

      <DispatchSettings />

      <TaxProfileCard />

      <section aria-labelledby="account-settings-heading" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <h3 id="account-settings-heading" className="text-base font-semibold text-slate-900"><Trans>Account</Trans></h3>
        {vendor && (
          <p className="mt-1 text-sm text-slate-600">
            <Trans>Signed in as <bdi className="font-medium text-slate-900">{vendor.company_name}</bdi> (<bdi>{vendor.email}</bdi>)</Trans>
          </p>
        )}
        <ul className="mt-4 divide-y divide-slate-100 border-y border-slate-100">
          <li className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div>
              <p className="text-sm font-medium text-slate-900"><Trans>Business profile</Trans></p>
              <p className="text-sm text-slate-500"><Trans>Company, contact, address and business details.</Trans></p>
            </div>
            <Link to={paths.vendorProfile} className={buttonClass('secondary', 'sm')}><Trans>Open profile</Trans></Link>
          </li>
          <li className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div>
              <p className="text-sm font-medium text-slate-900"><Trans>Onboarding and documents</Trans></p>
              <p className="text-sm text-slate-500"><Trans>Trade license, Emirates ID and verification.</Trans></p>
            </div>
            <Link to={paths.vendorOnboarding} className={buttonClass('secondary', 'sm')}><Trans>Open onboarding</Trans></Link>
          </li>
        </ul>
      </section>
    </div>
  );
}
