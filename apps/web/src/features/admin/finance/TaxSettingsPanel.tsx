import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TaxSettings } from '@souq/shared/api/tax';
import { normaliseTrn, type VatEmirate } from '@souq/shared/rules/tax';
import { EmirateSelect } from '@/components/tax/EmirateSelect';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Field, Input, Select, Textarea } from '@/components/ui/Field';
import { Skeleton } from '@/components/ui/Skeleton';
import { notify } from '@/components/ui/toast';
import { adminApi, useAdminMutation, useAdminQuery } from '../api';
import { LoadError } from '../parts/LoadError';

type Form = Pick<TaxSettings, 'price_mode' | 'invoice_on' | 'legal_name' | 'address' | 'trn'> & { emirate: VatEmirate | '' };
type Errors = Partial<Record<keyof Form, string>>;

const formOf = (s: TaxSettings): Form => ({ price_mode: s.price_mode, invoice_on: s.invoice_on, legal_name: s.legal_name, address: s.address, trn: s.trn, emirate: s.emirate ?? '' });

/**
 * The marketplace's tax settings (issue 25 item 2, decision 0098): its legal name, address and TRN (its own sales
 * carry VAT only with a TRN), whether prices include VAT, and when invoices are issued. The operator makes these
 * choices here, so the "This is not tax advice" note stands above the form. Saved with an audit entry.
 */
export function TaxSettingsPanel() {
  const { t } = useLingui();
  const settings = useAdminQuery<TaxSettings>(['admin-tax-settings'], '/api/admin/tax-settings');
  const save = useAdminMutation((body: Omit<Form, 'emirate'> & { emirate?: VatEmirate }) => adminApi<TaxSettings>('/api/admin/tax-settings', { method: 'PUT', body }), ['admin-tax-settings']);
  const [draft, setDraft] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const s = settings.data;
  const form = draft ?? (s ? formOf(s) : null);
  const changed = !!s && !!form && JSON.stringify(form) !== JSON.stringify(formOf(s));
  const set = <K extends keyof Form>(key: K, value: Form[K]) => { if (form) setDraft({ ...form, [key]: value }); setErrors((e) => ({ ...e, [key]: undefined })); };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!form) return;
    const found: Errors = {};
    if (!form.legal_name.trim()) found.legal_name = t`Enter the legal name`;
    if (!form.address.trim()) found.address = t`Enter the address`;
    if (form.trn.trim() && !normaliseTrn(form.trn)) found.trn = t`A TRN is 15 digits starting with 100`;
    if (!form.emirate) found.emirate = t`Choose the emirate of the marketplace's establishment`;
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      const { emirate, ...rest } = form;
      await save.mutateAsync({ ...rest, trn: form.trn.trim(), ...(emirate ? { emirate } : {}) });
      setDraft(null);
      notify.success(t`Tax settings saved`);
    } catch (err) {
      notify.error(t`Could not save the tax settings: ${err instanceof Error ? err.message : t`the request failed`}`);
    }
  }

  if (settings.isError && !s) return <LoadError title={t`Failed to load the tax settings`} error={settings.error} onRetry={() => void settings.refetch()} />;
  return (
    <div className="space-y-4">
      <Alert tone="warning" title={t`This is not tax advice`}>
        <p><Trans>The rules applied are from the UAE VAT Decree-Law and its Executive Regulation (Art. 27, 59, 60); check your setup with a tax adviser.</Trans></p>
      </Alert>
      {!form ? (
        <div className="grid gap-4 sm:grid-cols-2" aria-busy="true"><Skeleton className="h-16 w-full" /><Skeleton className="h-16 w-full" /><Skeleton className="h-24 w-full sm:col-span-2" /></div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-3 text-base font-semibold text-slate-900"><Trans>The marketplace's legal identity</Trans></legend>
            <Field label={<Trans>Legal name</Trans>} required error={errors.legal_name} hint={<Trans>Printed on the marketplace's invoices and as the agent on vendors' invoices.</Trans>}>
              <Input dir="auto" value={form.legal_name} maxLength={200} onChange={(e) => set('legal_name', e.target.value)} />
            </Field>
            <Field label={<Trans>Tax Registration Number (TRN)</Trans>} error={errors.trn} hint={<Trans>15 digits starting with 100. Leave empty when the marketplace is not registered: its own sales then carry no VAT.</Trans>}>
              <Input dir="ltr" inputMode="numeric" autoComplete="off" maxLength={40} value={form.trn} onChange={(e) => set('trn', e.target.value)} className="font-mono text-start" />
            </Field>
            <Field label={<Trans>Address</Trans>} required error={errors.address} className="sm:col-span-2">
              <Textarea dir="auto" rows={2} maxLength={500} value={form.address} onChange={(e) => set('address', e.target.value)} />
            </Field>
            <Field
              label={<Trans>Emirate of the marketplace's establishment</Trans>}
              required
              error={errors.emirate}
              hint={<Trans>Its own sales and its commission to vendors are reported under this emirate's line of Box 1 (1a–1g) of its VAT return: the establishment most closely connected to the supply. Each vendor declares its own.</Trans>}
            >
              <EmirateSelect value={form.emirate} prompt={t`Choose an emirate`} onChange={(v) => set('emirate', v)} />
            </Field>
          </fieldset>
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-3 text-base font-semibold text-slate-900"><Trans>Prices and invoices</Trans></legend>
            <Field label={<Trans>Prices shown to shoppers</Trans>} hint={form.price_mode === 'inclusive' ? <Trans>The UAE rule (Executive Regulation Art. 27): the price shown is the price paid, VAT inside.</Trans> : <Trans>For shops outside the UAE only: VAT is added on top at checkout.</Trans>}>
              <Select value={form.price_mode} onChange={(e) => set('price_mode', e.target.value as Form['price_mode'])}>
                <option value="inclusive">{t`Include VAT (UAE default)`}</option>
                <option value="exclusive">{t`Exclude VAT (added at checkout)`}</option>
              </Select>
            </Field>
            <Field label={<Trans>Issue the tax invoice</Trans>} hint={<Trans>A tax invoice is due within 14 days of the supply (Art. 59).</Trans>}>
              <Select value={form.invoice_on} onChange={(e) => set('invoice_on', e.target.value as Form['invoice_on'])}>
                <option value="shipped">{t`When the sub-order ships`}</option>
                <option value="paid">{t`When it is paid (card: on confirmation; cash on delivery: when delivered)`}</option>
              </Select>
            </Field>
          </fieldset>
          <p className="text-sm text-slate-600">
            {s?.vat_registered ? <Trans>The marketplace charges VAT on its own sales.</Trans> : <Trans>The marketplace has no TRN: its own sales carry no VAT.</Trans>}{' '}
            <Trans>Changes apply from the next order; issued documents never change.</Trans>
          </p>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" loading={save.isPending} disabled={!changed}><Trans>Save tax settings</Trans></Button>
            {!changed && <span className="text-sm text-slate-500"><Trans>All changes saved.</Trans></span>}
          </div>
        </form>
      )}
    </div>
  );
}
