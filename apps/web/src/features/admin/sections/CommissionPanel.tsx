import { msg, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useLingui } from '@lingui/react';
import { useDepartmentName } from '@/components/shop/departments';
import type { MessageDescriptor } from '@lingui/core';
import { useState, type FormEvent } from 'react';
import type { CommissionRate, CommissionRates, CommissionRateUpdate } from '@souq/shared/api/ledger';
import { useMsg } from '@/lib/use-msg';
import { bpsToPercent, effectiveRate, percentToBps, type RateSource } from '@souq/shared/rules/commission';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Field, Input, Select } from '@/components/ui/Field';
import { notify } from '@/components/ui/toast';
import { adminApi, queryString, useAdminMutation, useAdminQuery, useVendorOptions } from '../api';
import { LoadError } from '../parts/LoadError';
import { VendorField } from '../parts/VendorSelect';
import { When } from '../parts/When';

const RATES_KEY = 'admin-commission';
// where the rate in force comes from, in the page's language
const SOURCE_LABEL: Record<RateSource, MessageDescriptor> = { vendor: msg`the vendor's rate`, category: msg`the category's rate`, default: msg`the default`, marketplace: msg`the marketplace's own product (no commission)` };
type Target = { scope: 'category'; category: string } | { scope: 'vendor'; vendor_id: number };

function useVendorNames() {
  const vendors = useVendorOptions('');
  return (id: number) => vendors.data?.find((v) => v.id === id)?.company_name ?? t`Vendor #${id}`;
}

/** The default rate: one figure, saved on its own. */
function DefaultRateForm({ rates, save }: { rates: CommissionRates; save: (u: CommissionRateUpdate, label: string) => Promise<void> }) {
  const MSG = useMsg();
  const [text, setText] = useState(String(rates.default_bps / 100));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const bps = percentToBps(text);
    if (bps === null) return setError(MSG.commissionRateInvalid);
    setError(null);
    setBusy(true);
    await save({ scope: 'default', rate_bps: bps }, 'Default rate').finally(() => setBusy(false));
  }
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-end gap-3">
      <Field label={t`Default rate (%)`} error={error} hint={t`In force: ${bpsToPercent(rates.default_bps)}`} className="w-48">
        <Input inputMode="decimal" value={text} onChange={(e) => setText(e.target.value)} />
      </Field>
      <Button type="submit" loading={busy} className="mb-6"><Trans>Save default</Trans></Button>
    </form>
  );
}

/** Adds or changes a category's or a vendor's rate (Edit on a row fills it in). */
function RateForm({ initial, save, onDone }: { initial: { scope: 'category' | 'vendor'; category: string; vendorId: number | null; percent: string }; save: (u: CommissionRateUpdate, label: string) => Promise<void>; onDone: () => void }) {
  const MSG = useMsg();
  const name = useVendorNames();
  const [scope, setScope] = useState(initial.scope);
  const [category, setCategory] = useState(initial.category);
  const [vendorId, setVendorId] = useState<number | null>(initial.vendorId);
  const [percent, setPercent] = useState(initial.percent);
  const [errors, setErrors] = useState<{ target?: string; rate?: string }>({});
  const [busy, setBusy] = useState(false);
  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const bps = percentToBps(percent);
    const next: typeof errors = {};
    if (bps === null) next.rate = MSG.commissionRateInvalid;
    if (scope === 'category' && !category.trim()) next.target = MSG.commissionCategoryRequired;
    if (scope === 'vendor' && vendorId === null) next.target = MSG.commissionVendorRequired;
    setErrors(next);
    if (Object.keys(next).length) return;
    setBusy(true);
    const update: CommissionRateUpdate = scope === 'category' ? { scope, category: category.trim(), rate_bps: bps! } : { scope, vendor_id: vendorId!, rate_bps: bps! };
    await save(update, scope === 'category' ? `Category ${category.trim()}` : name(vendorId!)).then(onDone, () => undefined).finally(() => setBusy(false));
  }
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t`Category or vendor rate`} className="grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)_8rem_auto] sm:items-start">
      <Field label={t`Applies to`}>
        <Select value={scope} onChange={(e) => setScope(e.target.value as 'category' | 'vendor')}>
          <option value="category"><Trans>A category</Trans></option>
          <option value="vendor"><Trans>A vendor</Trans></option>
        </Select>
      </Field>
      {scope === 'category' ? (
        <Field label={t`Category`} error={errors.target} hint={t`The product's first category, e.g. Laptops`}>
          <Input value={category} onChange={(e) => setCategory(e.target.value)} maxLength={100} />
        </Field>
      ) : (
        <Field label={t`Vendor`} error={errors.target}>
          <VendorField value={vendorId} onChange={setVendorId} />
        </Field>
      )}
      <Field label={t`Rate (%)`} error={errors.rate}>
        <Input inputMode="decimal" value={percent} onChange={(e) => setPercent(e.target.value)} />
      </Field>
      <Button type="submit" loading={busy} className="sm:mt-7"><Trans>Save rate</Trans></Button>
    </form>
  );
}

/** "Which rate would a line take?": a vendor and a category, and the rate that wins with where it comes from. */
function RateInForce({ rates }: { rates: CommissionRates }) {
  const [vendorId, setVendorId] = useState<number | null>(null);
  const [category, setCategory] = useState('');
  const rate = effectiveRate(rates, vendorId, category.trim() || null);
  const { i18n } = useLingui();
  return (
    <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] sm:items-start">
      <Field label={t`Sold by`}><VendorField value={vendorId} onChange={setVendorId} /></Field>
      <Field label={t`Category`}><Input value={category} onChange={(e) => setCategory(e.target.value)} maxLength={100} /></Field>
      <p className="text-sm text-slate-700 sm:col-span-2" aria-live="polite" data-testid="rate-in-force">
        <Trans>A line sold now takes</Trans> <strong className="tabular-nums">{bpsToPercent(rate.bps)}</strong>: {i18n._(SOURCE_LABEL[rate.source])}.
      </p>
    </div>
  );
}

/**
 * Commission (decision 0087/0096): the default rate, every category and vendor rate with edit and delete, and which
 * rate wins for a vendor and category. Every write goes through the audited API; placed orders keep their frozen rates.
 */
export function CommissionPanel() {
  const MSG = useMsg();
  const rates = useAdminQuery<CommissionRates>([RATES_KEY], '/api/admin/commission');
  const name = useVendorNames();
  const [editing, setEditing] = useState<{ key: number; scope: 'category' | 'vendor'; category: string; vendorId: number | null; percent: string }>({ key: 0, scope: 'category', category: '', vendorId: null, percent: '' });
  const [removing, setRemoving] = useState<CommissionRate | null>(null);
  const put = useAdminMutation((u: CommissionRateUpdate) => adminApi<CommissionRate>('/api/admin/commission', { method: 'PUT', body: u }), [RATES_KEY]);
  const del = useAdminMutation((t: Target) => adminApi<CommissionRates>(`/api/admin/commission${queryString(t)}`, { method: 'DELETE' }), [RATES_KEY]);

  const save = async (u: CommissionRateUpdate, label: string) => {
    try {
      await put.mutateAsync(u);
      notify.success(MSG.commissionSaved(label, bpsToPercent(u.rate_bps)));
    } catch (err) {
      notify.error(MSG.commissionSaveFailed(err instanceof Error ? err.message : MSG.requestFailed));
      throw err;
    }
  };
  const departmentName = useDepartmentName();
  const labelOf = (r: CommissionRate) => (r.scope === 'vendor' ? name(r.vendor_id!) : t`Category ${departmentName(r.category ?? '')}`);
  const r = rates.data;
  const specific = (r?.rates ?? []).filter((x) => x.scope !== 'default');

  return (
    <section aria-labelledby="commission-heading" className="space-y-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div>
        <h3 id="commission-heading" className="text-base font-semibold text-slate-900">{MSG.commissionTitle}</h3>
        <p className="mt-1 text-sm text-slate-600">{MSG.commissionDescription}</p>
      </div>
      {rates.isError && !r ? (
        <LoadError title={MSG.loadCommissionFailed} error={rates.error} onRetry={() => void rates.refetch()} />
      ) : !r ? (
        <p className="text-sm text-slate-500" aria-busy="true"><Trans>Loading rates…</Trans></p>
      ) : (
        <>
          <DefaultRateForm key={r.default_bps} rates={r} save={save} />
          <div className="space-y-3">
            <h4 className="text-sm font-semibold text-slate-900"><Trans>Category and vendor rates</Trans></h4>
            {specific.length === 0 ? (
              <p className="text-sm text-slate-500">{MSG.commissionNoRates}</p>
            ) : (
              <ul className="divide-y divide-slate-100 border-y border-slate-100" aria-label={t`Category and vendor rates`}>
                {specific.map((x) => (
                  <li key={`${x.scope}:${x.category ?? x.vendor_id}`} className="grid grid-cols-[5rem_minmax(0,1fr)_auto] items-center gap-x-3 gap-y-2 py-2.5 sm:grid-cols-[5rem_minmax(0,1fr)_auto_auto_auto]">
                    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-center text-xs font-medium text-slate-700">{x.scope === 'vendor' ? t`Vendor` : t`Category`}</span>
                    <span className="min-w-0 text-sm font-medium break-words text-slate-900"><bdi>{x.scope === 'vendor' ? name(x.vendor_id!) : departmentName(x.category ?? '')}</bdi></span>
                    <span className="text-sm font-semibold tabular-nums text-slate-900">{bpsToPercent(x.rate_bps)}</span>
                    <When iso={x.updated_at} className="hidden text-xs text-slate-500 sm:inline" />
                    <span className="col-span-3 flex justify-end gap-2 sm:col-span-1">
                      <Button variant="secondary" size="sm" aria-label={t`Edit ${labelOf(x)}`}
                        onClick={() => setEditing({ key: Date.now(), scope: x.scope as 'category' | 'vendor', category: x.category ?? '', vendorId: x.vendor_id, percent: String(x.rate_bps / 100) })}><Trans>Edit</Trans></Button>
                      <Button variant="secondary" size="sm" aria-label={t`Remove ${labelOf(x)}`} onClick={() => setRemoving(x)}><Trans>Remove</Trans></Button>
                    </span>
                  </li>
                ))}
              </ul>
            )}
            <RateForm key={editing.key} initial={editing} save={save} onDone={() => setEditing({ key: Date.now(), scope: 'category', category: '', vendorId: null, percent: '' })} />
          </div>
          <div className="space-y-3 border-t border-slate-100 pt-4">
            <h4 className="text-sm font-semibold text-slate-900"><Trans>Rate in force</Trans></h4>
            <RateInForce rates={r} />
          </div>
        </>
      )}
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={t`Remove rate`}
        message={removing ? MSG.commissionDeleteConfirm(labelOf(removing)) : ''}
        confirmLabel={t`Remove`}
        destructive
        busy={del.isPending}
        onConfirm={async () => {
          const x = removing!;
          try {
            await del.mutateAsync(x.scope === 'vendor' ? { scope: 'vendor', vendor_id: x.vendor_id! } : { scope: 'category', category: x.category! });
            notify.success(MSG.commissionDeleted(labelOf(x)));
            setRemoving(null);
          } catch (err) {
            notify.error(MSG.commissionDeleteFailed(err instanceof Error ? err.message : MSG.requestFailed));
          }
        }}
      />
    </section>
  );
}
