import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { VendorShipping } from '@souq/shared/api/vendor-shipping';
import { CUTOFF_TIME_PATTERN, HANDLING_DAYS_MAX } from '@souq/shared/rules/delivery-promise';
import { Button } from '@/components/ui/Button';
import { Field, Input } from '@/components/ui/Field';
import { notify } from '@/components/ui/toast';
import { api } from '@/lib/api-client';

const KEY = ['vendor-dispatch-rule'] as const;
const read = (signal?: AbortSignal) => api<VendorShipping>('/api/vendor/shipping', { auth: 'vendor', signal });

function DispatchForm({ saved }: { saved: VendorShipping }) {
  const { t } = useLingui();
  const client = useQueryClient();
  const [days, setDays] = useState(String(saved.handling_days));
  const [cutoff, setCutoff] = useState(saved.cutoff_time);
  const [errors, setErrors] = useState<{ days?: string; cutoff?: string }>({});
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    const n = Number(days.trim());
    const next: typeof errors = {};
    if (!/^\d{1,2}$/.test(days.trim()) || n > HANDLING_DAYS_MAX) next.days = t`Handling time is a whole number of business days, 0 to ${HANDLING_DAYS_MAX}`;
    if (!CUTOFF_TIME_PATTERN.test(cutoff)) next.cutoff = t`The cut-off is a time like 14:00 (24-hour, Dubai time)`;
    setErrors(next);
    if (Object.keys(next).length) return;
    setBusy(true);
    try {
      // the rest of the rule as it is now (the shipping form may have changed it since this one loaded)
      const now = await read();
      await api<VendorShipping>('/api/vendor/shipping', {
        method: 'PUT', auth: 'vendor',
        body: {
          shipping_fee_cents: now.shipping_fee_cents, free_shipping_above_cents: now.free_shipping_above_cents, return_window_days: now.return_window_days,
          handling_days: n, cutoff_time: cutoff,
        },
      });
      await client.invalidateQueries({ queryKey: KEY });
      notify.success(t`Delivery promise settings saved`);
    } catch (err) {
      notify.errorFrom(err, t`The settings were not saved`);
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start">
      <Field label={t`Handling time (business days)`} error={errors.days} hint={t`From the order to handing it to the courier`}>
        <Input inputMode="numeric" value={days} onChange={(e) => setDays(e.target.value)} />
      </Field>
      <Field label={t`Daily cut-off (Dubai time)`} error={errors.cutoff} hint={t`Orders after it count from the next business day`}>
        <Input type="time" dir="ltr" value={cutoff} onChange={(e) => setCutoff(e.target.value)} />
      </Field>
      <Button type="submit" loading={busy} className="sm:mt-6"><Trans>Save</Trans></Button>
    </form>
  );
}

/** Vendor settings (decision 0151): the handling days and cut-off the delivery promise at checkout is computed from. */
export function DispatchSettings() {
  const { t } = useLingui();
  const rule = useQuery({ queryKey: KEY, queryFn: ({ signal }) => read(signal) });
  return (
    <section aria-labelledby="dispatch-settings-heading" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h3 id="dispatch-settings-heading" className="text-base font-semibold text-slate-900"><Trans>Delivery promise</Trans></h3>
      <p className="mt-1 mb-4 text-sm text-slate-600">
        <Trans>Shoppers see "Arrives …" at checkout, counted from these, the transit days to their emirate, weekends (Saturday and Sunday) and UAE public holidays.</Trans>
      </p>
      {rule.isError && <p role="alert" className="text-sm text-red-700">{t`The settings could not be loaded.`}</p>}
      {rule.data && <DispatchForm key={`${rule.data.handling_days}|${rule.data.cutoff_time}`} saved={rule.data} />}
    </section>
  );
}
