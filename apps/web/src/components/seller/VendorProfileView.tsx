import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Vendor } from '@souq/shared/api/auth';
import { Trans, useLingui } from '@lingui/react/macro';
import { currentMsg, useMsg } from '@/lib/use-msg';
import { useLocale } from '@/lib/use-locale';
import { formatCount } from '@souq/shared/rules/locale';
import { BUSINESS_TYPE_TEXT, DOCUMENT_TEXT, EMIRATE_TEXT, INDUSTRY_TEXT, wordsOf } from './labels';
import { BUSINESS_TYPES, EMIRATES, INDUSTRIES } from '@souq/shared/constants';
import { VENDOR_DOCUMENT_ACCEPT, VENDOR_DOCUMENT_FIELDS, type VendorDocumentField } from '@souq/shared/api/vendors';
import { api, ApiError } from '@/lib/api-client';
import { sendForm } from '@/lib/upload';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Field, Input, Select, Textarea } from '@/components/ui/Field';
import { PageSpinner } from '@/components/ui/PageSpinner';
import { notify } from '@/components/ui/toast';
import { DOCUMENT_HINT, documentProblem, openPrivateFile, type ActingAs } from './documents';
import { VerificationPanel } from './VerificationPanel';

/** The query key of a vendor's profile; the wizard and the admin list refresh it after a change. */
export const vendorProfileKey = (id: number) => ['vendor-profile', id] as const;

function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex items-center justify-between gap-3">
        <h3 className="text-base font-semibold text-slate-900">{title}</h3>
        {action}
      </div>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Item({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="min-w-0 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-900" dir="auto">{value || <span className="text-slate-400"><Trans>Not provided</Trans></span>}</dd>
    </div>
  );
}

type Form = {
  company_name: string; contact_name: string; email: string; phone: string; website: string;
  company_name_ar: string; description: string; description_ar: string;
  street: string; city: string; state: string; postal_code: string; country: string; latitude: string; longitude: string;
  business_type: string; industry: string; tax_id: string; vat_number: string; establishment_date: string;
};
const formOf = (v: Vendor): Form => ({
  company_name: v.company_name, contact_name: v.contact_name, email: v.email, phone: v.phone, website: v.website,
  company_name_ar: v.company_name_ar, description: v.description, description_ar: v.description_ar,
  street: v.address.street, city: v.address.city, state: v.address.state, postal_code: v.address.postal_code, country: v.address.country,
  latitude: String(v.address.coordinates.latitude), longitude: String(v.address.coordinates.longitude),
  business_type: v.business_type, industry: v.industry, tax_id: v.tax_id, vat_number: v.vat_number, establishment_date: v.establishment_date ?? '',
});

/**
 * The vendor profile (vendor §2, §3): every field, view and edit (PUT /api/vendors/{id}/profile), documents with
 * View (fetched with the caller's token) and, for admins, Update (PUT /api/admin/vendors/{id}/documents/{type}, the
 * same upload rules as onboarding). Verification is read-only for the vendor; an admin decides while Pending Review.
 */
export function VendorProfileView({ vendorId, actingAs }: { vendorId: number; actingAs: ActingAs }) {
  const client = useQueryClient();
  const q = useQuery({
    queryKey: [...vendorProfileKey(vendorId), actingAs],
    queryFn: ({ signal }) => api<Vendor>(`/api/vendors/${vendorId}/profile`, { auth: actingAs, signal }),
  });
  const [editing, setEditing] = useState(false);
  const { t, i18n } = useLingui();
  const MSG = useMsg();

  const refresh = async (v: Vendor) => {
    client.setQueryData([...vendorProfileKey(vendorId), actingAs], v);
    await Promise.all([
      client.invalidateQueries({ queryKey: ['vendor-me'] }),
      client.invalidateQueries({ queryKey: ['admin-vendors'] }),
      client.invalidateQueries({ queryKey: ['admin-vendor-stats'] }),
    ]);
  };

  if (q.isPending) return <PageSpinner label={t`Loading profile...`} />;
  if (q.isError) {
    return (
      <Alert tone="error" title={MSG.vendorDataLoadFailed}>
        <p>{q.error.message}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void q.refetch()}><Trans>Try again</Trans></Button>
      </Alert>
    );
  }
  const v = q.data;
  if (editing) return <ProfileForm vendor={v} actingAs={actingAs} onCancel={() => setEditing(false)} onSaved={async (saved) => { await refresh(saved); setEditing(false); }} />;
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 lg:gap-6">
      <Section title={t`Company`} action={<Button variant="secondary" size="sm" onClick={() => setEditing(true)}><Trans>Edit profile</Trans></Button>}>
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
          <Item label={t`Company name`} value={v.company_name} />
          <Item label={t`Contact name`} value={v.contact_name} />
          <Item label={t`Email`} value={v.email} />
          <Item label={t`Phone`} value={v.phone} />
          <Item label={t`Website`} value={v.website} />
        </dl>
      </Section>
      <Section title={t`Store`}>
        <dl className="grid gap-x-6 gap-y-3">
          <Item label={t`Description`} value={v.description} />
          <div lang="ar" dir="rtl" className="grid gap-x-6 gap-y-3">
            <Item label={MSG.arFieldStoreName} value={v.company_name_ar} />
            <Item label={MSG.arFieldStoreDescription} value={v.description_ar} />
          </div>
        </dl>
      </Section>
      <Section title={t`Address`}>
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
          <Item label={t`Street`} value={v.address.street} />
          <Item label={t`City`} value={v.address.city} />
          <Item label={t`State / Emirate`} value={wordsOf(EMIRATE_TEXT, v.address.state, (d) => i18n._(d))} />
          <Item label={t`Postal code`} value={v.address.postal_code} />
          <Item label={t`Country`} value={v.address.country} />
          <Item label={t`Map point`} value={`${v.address.coordinates.latitude}, ${v.address.coordinates.longitude}`} />
        </dl>
      </Section>
      <Section title={t`Business`}>
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
          <Item label={t`Business type`} value={wordsOf(BUSINESS_TYPE_TEXT, v.business_type, (d) => i18n._(d))} />
          <Item label={t`Industry`} value={wordsOf(INDUSTRY_TEXT, v.industry, (d) => i18n._(d))} />
          <Item label={t`Tax ID`} value={v.tax_id} />
          <Item label={t`VAT number`} value={v.vat_number} />
          <Item label={t`Establishment date`} value={v.establishment_date} />
        </dl>
      </Section>
      <Section title={t`Documents`}>
        <ul className="divide-y divide-slate-100">
          {VENDOR_DOCUMENT_FIELDS.map((f) => <DocumentRow key={f} vendor={v} field={f} actingAs={actingAs} onUpdated={refresh} />)}
          {v.other_documents.map((d) => (
            <li key={d.id} className="flex items-center justify-between gap-3 py-3 text-sm">
              <span className="truncate"><bdi>{d.name}</bdi></span>
              <Button variant="ghost" size="sm" onClick={() => openPrivateFile(d.url, actingAs).catch((e: Error) => notify.error(e.message))}><Trans>View</Trans></Button>
            </li>
          ))}
        </ul>
      </Section>
      <div className="min-w-0 lg:col-span-2">
        <Section title={t`Verification`}>
          <VerificationPanel key={`${v.verification_status}-${v.verification_date}`} vendor={v} actingAs={actingAs} onChanged={refresh} />
        </Section>
      </div>
    </div>
  );
}

/** One document: its name and url, View for everyone allowed to see it, Update for admins (vendor §2). */
function DocumentRow({ vendor, field, actingAs, onUpdated }: { vendor: Vendor; field: VendorDocumentField; actingAs: ActingAs; onUpdated: (v: Vendor) => Promise<void> }) {
  const file = vendor[field];
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const label = i18n._(DOCUMENT_TEXT[field]);

  async function upload(chosen: File | undefined) {
    if (!chosen) return;
    const problem = documentProblem(field, chosen);
    if (problem) {
      notify.error(problem);
      return;
    }
    const form = new FormData();
    form.append('file', chosen, chosen.name);
    setProgress(0);
    try {
      const saved = await sendForm<Vendor>(`/api/admin/vendors/${vendor.id}/documents/${field}`, form, { method: 'PUT', auth: 'admin', onProgress: setProgress });
      notify.success(currentMsg().documentUpdated);
      await onUpdated(saved);
    } catch (err) {
      notify.error(currentMsg().documentUpdateFailed(err instanceof ApiError || err instanceof Error ? err.message : currentMsg().requestFailed));
    } finally {
      setProgress(null);
    }
  }

  return (
    <li className="flex flex-col gap-2 py-3 text-sm sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{label}</p>
        {file ? (
          <>
            <p className="truncate text-slate-600" title={file.name}><bdi>{file.name}</bdi></p>
            <p className="truncate font-mono text-xs text-slate-400" title={file.url}>{file.url}</p>
          </>
        ) : (
          <p className="text-slate-400"><Trans>Not uploaded</Trans></p>
        )}
        {progress !== null && <p className="text-xs text-slate-500" aria-live="polite">{t`Uploading… ${formatCount(Math.round(progress * 100), locale)}%`}</p>}
      </div>
      <div className="flex shrink-0 gap-2">
        {file && (
          <Button variant="secondary" size="sm" onClick={() => openPrivateFile(file.url, actingAs).catch((e: Error) => notify.error(e.message))}>
            <Trans>View<span className="sr-only"> {label}</span></Trans>
          </Button>
        )}
        {actingAs === 'admin' && (
          <>
            <Button size="sm" onClick={() => input.current?.click()} loading={progress !== null} aria-describedby={`${inputId}-hint`}>
              <Trans>Update<span className="sr-only"> {label}</span></Trans>
            </Button>
            <span id={`${inputId}-hint`} className="sr-only">{i18n._(DOCUMENT_HINT[field])}</span>
            <input ref={input} id={inputId} type="file" className="hidden" accept={VENDOR_DOCUMENT_ACCEPT[field]} onChange={(e) => { void upload(e.target.files?.[0]); e.target.value = ''; }} />
          </>
        )}
      </div>
    </li>
  );
}

/** Edit every field of the profile (vendor §3); the server's field messages show beside the fields. */
function ProfileForm({ vendor, actingAs, onCancel, onSaved }: { vendor: Vendor; actingAs: ActingAs; onCancel: () => void; onSaved: (v: Vendor) => Promise<void> }) {
  const [f, setF] = useState<Form>(() => formOf(vendor));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const set = (key: keyof Form) => (e: { target: { value: string } }) => setF((x) => ({ ...x, [key]: e.target.value }));
  const err = (key: string) => error?.body?.fields?.[key] ?? null;
  const { t, i18n } = useLingui();
  const MSG = useMsg();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    const body = {
      company_name: f.company_name, contact_name: f.contact_name, email: f.email, phone: f.phone, website: f.website,
      company_name_ar: f.company_name_ar, description: f.description, description_ar: f.description_ar,
      address: {
        street: f.street, city: f.city, state: f.state, postal_code: f.postal_code, country: f.country,
        coordinates: { latitude: Number(f.latitude), longitude: Number(f.longitude) },
      },
      business_type: f.business_type, industry: f.industry, tax_id: f.tax_id, vat_number: f.vat_number, establishment_date: f.establishment_date,
    };
    try {
      const saved = await api<Vendor>(`/api/vendors/${vendor.id}/profile`, { method: 'PUT', auth: actingAs, body });
      notify.success(currentMsg().vendorProfileSaved);
      await onSaved(saved);
    } catch (x) {
      const apiErr = x instanceof ApiError ? x : new ApiError(currentMsg().requestFailed, 0);
      setError(apiErr);
      notify.error(currentMsg().vendorProfileSaveFailed(apiErr.message));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={t`Edit vendor profile`}>
      <Section title={t`Company`}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t`Company name`} required error={err('company_name')}><Input value={f.company_name} onChange={set('company_name')} maxLength={200} /></Field>
          <Field label={t`Contact name`} required error={err('contact_name')}><Input value={f.contact_name} onChange={set('contact_name')} maxLength={120} /></Field>
          <Field label={t`Email`} error={err('email')}><Input type="email" value={f.email} onChange={set('email')} /></Field>
          <Field label={t`Phone`} error={err('phone')}><Input type="tel" value={f.phone} onChange={set('phone')} maxLength={40} /></Field>
          <Field label={t`Website`} error={err('website')} className="sm:col-span-2"><Input type="url" value={f.website} onChange={set('website')} /></Field>
        </div>
      </Section>
      <Section title={t`Store`}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t`Store description`} error={err('description')} className="sm:col-span-2"><Textarea value={f.description} onChange={set('description')} rows={3} maxLength={2000} /></Field>
          <p className="text-sm text-slate-600 sm:col-span-2">{MSG.vendorArabicProfileHint}</p>
          <div lang="ar" dir="rtl" className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
            <Field label={MSG.arFieldStoreName} error={err('company_name_ar')} className="sm:col-span-2"><Input value={f.company_name_ar} onChange={set('company_name_ar')} maxLength={200} /></Field>
            <Field label={MSG.arFieldStoreDescription} error={err('description_ar')} className="sm:col-span-2"><Textarea value={f.description_ar} onChange={set('description_ar')} rows={3} maxLength={2000} /></Field>
          </div>
        </div>
      </Section>
      <Section title={t`Address`}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t`Street`} error={err('address.street')} className="sm:col-span-2"><Input value={f.street} onChange={set('street')} /></Field>
          <Field label={t`City`} error={err('address.city')}><Input value={f.city} onChange={set('city')} /></Field>
          <Field label={t`State / Emirate`} error={err('address.state')}>
            <Select value={f.state} onChange={set('state')}>
              <option value="">{t`Choose an emirate`}</option>
              {EMIRATES.map((x) => <option key={x} value={x}>{i18n._(EMIRATE_TEXT[x])}</option>)}
              {f.state && !(EMIRATES as readonly string[]).includes(f.state) && <option value={f.state}>{f.state}</option>}
            </Select>
          </Field>
          <Field label={t`Postal code`} error={err('address.postal_code')}><Input value={f.postal_code} onChange={set('postal_code')} maxLength={20} /></Field>
          <Field label={t`Country`} error={err('address.country')}><Input value={f.country} onChange={set('country')} /></Field>
          <Field label={t`Latitude`} error={err('address.coordinates.latitude')}><Input type="number" step="0.0001" value={f.latitude} onChange={set('latitude')} /></Field>
          <Field label={t`Longitude`} error={err('address.coordinates.longitude')}><Input type="number" step="0.0001" value={f.longitude} onChange={set('longitude')} /></Field>
        </div>
      </Section>
      <Section title={t`Business`}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t`Business type`} error={err('business_type')}>
            <Select value={f.business_type} onChange={set('business_type')}>
              <option value="">{t`Choose a business type`}</option>
              {BUSINESS_TYPES.map((x) => <option key={x} value={x}>{i18n._(BUSINESS_TYPE_TEXT[x])}</option>)}
            </Select>
          </Field>
          <Field label={t`Industry`} error={err('industry')}>
            <Select value={f.industry} onChange={set('industry')}>
              <option value="">{t`Choose an industry`}</option>
              {INDUSTRIES.map((x) => <option key={x} value={x}>{i18n._(INDUSTRY_TEXT[x])}</option>)}
            </Select>
          </Field>
          <Field label={t`Tax ID`} error={err('tax_id')}><Input value={f.tax_id} onChange={set('tax_id')} maxLength={60} /></Field>
          <Field label={t`VAT number`} error={err('vat_number')}><Input value={f.vat_number} onChange={set('vat_number')} maxLength={60} /></Field>
          <Field label={t`Establishment date`} error={err('establishment_date')}><Input type="date" value={f.establishment_date} onChange={set('establishment_date')} /></Field>
        </div>
      </Section>
      {error && <Alert tone="error" title={MSG.vendorProfileSaveFailed(error.message)} />}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={busy}><Trans>Cancel</Trans></Button>
        <Button type="submit" loading={busy}><Trans>Save profile</Trans></Button>
      </div>
    </form>
  );
}
