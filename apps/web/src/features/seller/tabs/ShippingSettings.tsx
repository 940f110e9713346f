import { useState, type FormEvent } from 'react';
import { useMsg } from '@/lib/use-msg';
import { vendorShippingUpdateSchema, type VendorShipping } from '@souq/shared/api/vendor-shipping';
import { formatMoney } from '@souq/shared/rules/money';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Field, Input } from '@/components/ui/Field';
import { Skeleton } from '@/components/ui/Skeleton';
import { notify } from '@/components/ui/toast';
import { useSaveVendorShipping, useVendorShipping } from '../dashboard-api';
import { Trans, useLingui } from '@lingui/react/macro';

const CURRENCY = 'AED';
const toText = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));
const daysText = (d: number | null) => (d === null ? '' : String(d));
/** '' = no estimate (null); whole days; undefined = invalid. */
const toDays = (text: string): number | null | undefined => (text.trim() === '' ? null : /^\d{1,2}$/.test(text.trim()) ? Number(text.trim()) : undefined);
/** '' = the marketplace's default (null); otherwise an amount with at most two decimals, in fils; undefined = invalid. */
function toCents(text: string): number | null | undefined {
  const t = text.trim().replace(',', '.');
  if (t === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return undefined;
  return Math.round(Number(t) * 100);
}

function ShippingForm({ saved }: { saved: VendorShipping }) {
  const MSG = useMsg();
  const { t } = useLingui();
  const save = useSaveVendorShipping();
  const [fee, setFee] = useState(toText(saved.shipping_fee_cents));
  const [free, setFree] = useState(toText(saved.free_shipping_above_cents));
  const [days, setDays] = useState(String(saved.return_window_days));
  const [minDays, setMinDays] = useState(daysText(saved.delivery_min_days));
  const [maxDays, setMaxDays] = useState(daysText(saved.delivery_max_days));
  const [errors, setErrors] = useState<Partial<Record<'fee' | 'free' | 'days' | 'min' | 'max', string>>>({});
  const d = saved.default_rule;
  const changed = fee !== toText(saved.shipping_fee_cents) || free !== toText(saved.free_shipping_above_cents) || days.trim() !== String(saved.return_window_days) ||
    minDays.trim() !== daysText(saved.delivery_min_days) || maxDays.trim() !== daysText(saved.delivery_max_days);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const feeCents = toCents(fee);
    const freeCents = toCents(free);
    const next: typeof errors = {};
    if (feeCents === undefined) next.fee = MSG.vendorShippingAmountInvalid;
    if (freeCents === undefined) next.free = MSG.vendorShippingAmountInvalid;
    if (!/^\d{1,3}$/.test(days.trim())) next.days = MSG.vendorShippingDaysInvalid;
    const min = toDays(minDays);
    const max = toDays(maxDays);
    if (min === undefined) next.min = t`Enter whole business days, or leave it empty`;
    if (max === undefined) next.max = t`Enter whole business days, or leave it empty`;
    const parsed = vendorShippingUpdateSchema.safeParse({
      shipping_fee_cents: feeCents ?? null, free_shipping_above_cents: freeCents ?? null, return_window_days: Number(days.trim()),
      delivery_min_days: min ?? null, delivery_max_days: max ?? null,
    });
    if (!parsed.success) {
      // the shared schema's own bounds (the server checks the same)
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        const field = key === 'shipping_fee_cents' ? 'fee' : key === 'free_shipping_above_cents' ? 'free' : key === 'delivery_min_days' ? 'min' : key === 'delivery_max_days' ? 'max' : 'days';
        next[field] ??= issue.message;
      }
    }
    setErrors(next);
    if (Object.keys(next).length || !parsed.success) return;
    try {
      await save.mutateAsync(parsed.data);
      notify.success(MSG.vendorShippingSaved);
    } catch (err) {
      notify.error(MSG.vendorShippingFailed(err instanceof Error ? err.message : MSG.requestFailed));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-label={MSG.vendorShippingTitle}>
      <div className="grid gap-5 sm:grid-cols-3">
        <Field label={t`Shipping fee (${CURRENCY})`} error={errors.fee} hint={t`Empty: the marketplace's ${formatMoney(d.fee_cents / 100, CURRENCY)}`}>
          <Input dir="auto" inputMode="decimal" value={fee} onChange={(e) => setFee(e.target.value)} placeholder={toText(d.fee_cents)} />
        </Field>
        <Field label={t`Free shipping above (${CURRENCY})`} error={errors.free} hint={t`Empty: above ${formatMoney(d.free_above_cents / 100, CURRENCY)}`}>
          <Input dir="auto" inputMode="decimal" value={free} onChange={(e) => setFree(e.target.value)} placeholder={toText(d.free_above_cents)} />
        </Field>
        <Field label={t`Return window (days)`} error={errors.days} hint={t`Days after delivery; the default is ${d.return_window_days}`}>
          <Input type="number" inputMode="numeric" min={0} max={365} step={1} value={days} onChange={(e) => setDays(e.target.value)} />
        </Field>
      </div>
      <fieldset className="grid gap-5 sm:grid-cols-3">
        <legend className="mb-2 text-sm font-medium text-slate-800">{t`Delivery estimate (business days after shipping)`}</legend>
        <Field label={t`Fastest (days)`} error={errors.min} hint={t`Empty: no estimate; the assistant says so`}>
          <Input type="number" inputMode="numeric" min={0} max={60} step={1} value={minDays} onChange={(e) => setMinDays(e.target.value)} />
        </Field>
        <Field label={t`Slowest (days)`} error={errors.max} hint={t`Shoppers see the date this gives`}>
          <Input type="number" inputMode="numeric" min={0} max={60} step={1} value={maxDays} onChange={(e) => setMaxDays(e.target.value)} />
        </Field>
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={save.isPending} disabled={!changed}><Trans>Save shipping and returns</Trans></Button>
        {!changed && <span className="text-sm text-slate-500"><Trans>All changes saved.</Trans></span>}
      </div>
    </form>
  );
}

/** The vendor's shipping fee, free-shipping threshold and return window (decision 0096). */
export function ShippingSettings() {
  const MSG = useMsg();
  const shipping = useVendorShipping();
  return (
    <section aria-labelledby="shipping-settings-heading" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h3 id="shipping-settings-heading" className="text-base font-semibold text-slate-900">{MSG.vendorShippingTitle}</h3>
      <p className="mt-1 mb-4 text-sm text-slate-600">{MSG.vendorShippingDescription}</p>
      {shipping.isError && !shipping.data ? (
        <Alert tone="error" title={MSG.loadVendorShippingFailed}>
          <p>{shipping.error.message}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void shipping.refetch()}><Trans>Try again</Trans></Button>
        </Alert>
      ) : shipping.data ? (
        <ShippingForm key={JSON.stringify(shipping.data)} saved={shipping.data} />
      ) : (
        <div className="grid gap-5 sm:grid-cols-3" aria-busy="true">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      )}
    </section>
  );
}
