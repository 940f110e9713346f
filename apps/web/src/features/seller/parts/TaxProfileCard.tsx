import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { normaliseTrn, type VatEmirate } from '@souq/shared/rules/tax';
import { paths } from '@/lib/paths';
import { EmirateSelect, emirateOfAddress } from '@/components/tax/EmirateSelect';
import { Alert } from '@/components/ui/Alert';
import { Button, buttonClass } from '@/components/ui/Button';
import { Field, Input } from '@/components/ui/Field';
import { Skeleton } from '@/components/ui/Skeleton';
import { notify } from '@/components/ui/toast';
import { useVendorMe } from '../api';
import { useSaveTaxProfile, useTaxProfile } from '../tax-api';

/** 100-1234-5678-9012-3 → grouped for reading; the stored TRN stays its 15 digits. */
const groupTrn = (trn: string) => (trn.length === 15 ? `${trn.slice(0, 3)} ${trn.slice(3, 7)} ${trn.slice(7, 11)} ${trn.slice(11)}` : trn);

/**
 * The vendor's VAT registration (issue 25 item 2, decision 0098): registered or not, its TRN (15 digits starting with
 * 100, checked here by the server's own rule), and the legal name and address its documents print (the business
 * profile's). A new TRN waits for an admin to verify it with the KYC documents; until then no VAT is charged.
 */
export function TaxProfileCard() {
  const { t } = useLingui();
  const profile = useTaxProfile();
  const me = useVendorMe();
  const save = useSaveTaxProfile();
  const [draft, setDraft] = useState<{ registered: boolean; trn: string; emirate: VatEmirate | '' } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [emirateError, setEmirateError] = useState<string | null>(null);
  const p = profile.data;
  const vendor = me.data?.vendor;
  // none declared yet: the business address's emirate is offered, and counts only once the vendor saves it
  const suggested = p && !p.emirate ? emirateOfAddress(vendor?.address?.state) : null;
  const form = draft ?? (p ? { registered: p.vat_registered, trn: p.trn ? groupTrn(p.trn) : '', emirate: p.emirate ?? suggested ?? '' } : null);
  const changed = !!p && !!form && (form.registered !== p.vat_registered || (normaliseTrn(form.trn) ?? form.trn.trim()) !== p.trn || (form.registered && (form.emirate || null) !== p.emirate));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!form) return;
    const trn = form.trn.trim();
    if (form.registered && !trn) return setError(t`A VAT-registered business needs its TRN (15 digits starting with 100)`);
    if (trn && !normaliseTrn(trn)) return setError(t`A TRN is 15 digits starting with 100`);
    setError(null);
    if (form.registered && !form.emirate) return setEmirateError(t`Choose the emirate of your establishment`);
    setEmirateError(null);
    try {
      await save.mutateAsync({ vat_registered: form.registered, trn: form.registered ? trn : '', ...(form.registered && form.emirate ? { emirate: form.emirate } : {}) });
      setDraft(null);
      notify.success(t`VAT registration saved`);
    } catch (err) {
      notify.error(t`Could not save the VAT registration: ${err instanceof Error ? err.message : t`the request failed`}`);
    }
  }

  return (
    <section aria-labelledby="tax-profile-heading" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h3 id="tax-profile-heading" className="text-base font-semibold text-slate-900"><Trans>VAT registration</Trans></h3>
      <p className="mt-1 text-sm text-slate-600"><Trans>Your tax invoices are issued in your name with these details. A registered business charges 5% VAT inside its prices; a business that is not registered charges none.</Trans></p>
      {profile.isError && !p ? (
        <Alert tone="error" title={t`Failed to load your VAT registration`} className="mt-4">
          <p>{profile.error.message}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void profile.refetch()}><Trans>Try again</Trans></Button>
        </Alert>
      ) : !p || !form ? (
        <div className="mt-4 grid gap-4 sm:grid-cols-2" aria-busy="true"><Skeleton className="h-16 w-full" /><Skeleton className="h-16 w-full" /></div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-5">
          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm font-medium text-slate-700"><Trans>Is your business registered for VAT in the UAE?</Trans></legend>
            <div className="flex flex-wrap gap-4">
              {[true, false].map((yes) => (
                <label key={String(yes)} className="flex items-center gap-2 text-sm text-slate-800">
                  <input type="radio" name="vat-registered" checked={form.registered === yes} onChange={() => { setDraft({ ...form, registered: yes }); setError(null); }} className="h-4 w-4 accent-brand-600" />
                  {yes ? <Trans>Yes, registered</Trans> : <Trans>No, not registered</Trans>}
                </label>
              ))}
            </div>
          </fieldset>
          {form.registered && (
            <Field label={<Trans>Tax Registration Number (TRN)</Trans>} required error={error} hint={<Trans>15 digits starting with 100, as on your VAT registration certificate. Spaces and dashes are fine.</Trans>}>
              <Input dir="ltr" inputMode="numeric" autoComplete="off" maxLength={40} value={form.trn} onChange={(e) => { setDraft({ ...form, trn: e.target.value }); setError(null); }} className="max-w-xs font-mono text-start" placeholder="100 1234 5678 9012" />
            </Field>
          )}
          {form.registered && (
            <Field
              label={<Trans>Emirate of your establishment</Trans>}
              required
              error={emirateError}
              hint={suggested && form.emirate === suggested && !p.emirate
                ? <Trans>Suggested from your business address; it counts once you save. Your VAT return reports your standard-rated sales under the emirate of the establishment most closely connected to them (Box 1a–1g).</Trans>
                : <Trans>Your VAT return reports your standard-rated sales under the emirate of the establishment most closely connected to them (Box 1a–1g).</Trans>}
            >
              <EmirateSelect value={form.emirate} prompt={t`Choose an emirate`} onChange={(emirate) => { setDraft({ ...form, emirate }); setEmirateError(null); }} />
            </Field>
          )}
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-slate-500"><Trans>Legal name on your invoices</Trans></dt>
              <dd className="mt-1 text-slate-900"><bdi>{vendor?.company_name ?? '—'}</bdi></dd>
            </div>
            <div>
              <dt className="text-slate-500"><Trans>Address on your invoices</Trans></dt>
              <dd className="mt-1 text-slate-900" dir="auto">{vendor ? [vendor.address?.street, vendor.address?.city, vendor.address?.country].filter(Boolean).join(', ') || '—' : '—'}</dd>
            </div>
            <div className="sm:col-span-2">
              <Link to={paths.vendorProfile} className="text-sm font-medium text-brand-700 hover:underline"><Trans>Change them in your business profile</Trans></Link>
            </div>
          </dl>
          {!changed && <StatusLine charges={p.charges_vat} registered={p.vat_registered} />}
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" loading={save.isPending} disabled={!changed}><Trans>Save VAT registration</Trans></Button>
            {!changed && <span className="text-sm text-slate-500"><Trans>All changes saved.</Trans></span>}
            <Link to={`${paths.vendor}?tab=earnings#vat-summary`} className={buttonClass('ghost', 'sm')}><Trans>See your VAT summary</Trans></Link>
          </div>
          <p className="text-xs text-slate-500"><Trans>This is not tax advice. The rules applied are from the UAE VAT Decree-Law and its Executive Regulation (Art. 27, 59, 60); check your setup with a tax adviser.</Trans></p>
        </form>
      )}
    </section>
  );
}

function StatusLine({ charges, registered }: { charges: boolean; registered: boolean }) {
  if (!registered) return <p className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700"><Trans>You sell without VAT. Your documents are invoices that say no VAT is charged.</Trans></p>;
  if (charges) return <p className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900"><Trans>Verified: VAT is charged on your standard-rated sales and your documents are tax invoices.</Trans></p>;
  return <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900"><Trans>Waiting for an admin to verify your TRN with your documents. Until then your sales carry no VAT.</Trans></p>;
}
