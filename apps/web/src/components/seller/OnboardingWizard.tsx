import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Vendor } from '@souq/shared/api/auth';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { BUSINESS_TYPES, DEFAULT_MAP_POINT, DEFAULT_VENDOR_COUNTRY, EMIRATES, INDUSTRIES } from '@souq/shared/constants';
import { formatCount, formatDecimal } from '@souq/shared/rules/locale';
import { currentMsg, useMsg } from '@/lib/use-msg';
import { useLocale } from '@/lib/use-locale';
import { BUSINESS_TYPE_TEXT, DOCUMENT_TEXT, EMIRATE_TEXT, INDUSTRY_TEXT, STEP_TEXT, wordsOf } from './labels';
import {
  ONBOARDING_STEP_FIELDS, VENDOR_DOCUMENT_ACCEPT, VENDOR_DOCUMENT_FIELDS, onboardingFieldErrors,
  type VendorDocumentField,
} from '@souq/shared/api/vendors';
import { sendForm } from '@/lib/upload';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Field, Input, Select } from '@/components/ui/Field';
import { notify } from '@/components/ui/toast';
import { cx } from '@/components/ui/cx';
import { DOCUMENT_HINT, documentProblem, openPrivateFile, type ActingAs } from './documents';
import { VerificationPanel } from './VerificationPanel';

type Values = {
  company_name: string;
  contact_name: string;
  email: string;
  phone: string;
  website: string;
  address: { street: string; city: string; state: string; postal_code: string; country: string; coordinates: { latitude: number; longitude: number } };
  business_type: string;
  industry: string;
  tax_id: string;
  vat_number: string;
  establishment_date: string;
};

const valuesOf = (v: Vendor): Values => ({
  company_name: v.company_name,
  contact_name: v.contact_name,
  email: v.email,
  phone: v.phone,
  website: v.website,
  address: {
    street: v.address.street,
    city: v.address.city,
    state: v.address.state,
    postal_code: v.address.postal_code,
    country: v.address.country || DEFAULT_VENDOR_COUNTRY,
    coordinates: v.address.coordinates ?? { ...DEFAULT_MAP_POINT },
  },
  business_type: v.business_type,
  industry: v.industry,
  tax_id: v.tax_id,
  vat_number: v.vat_number,
  establishment_date: v.establishment_date ?? '',
});

const LAST_DATA_STEP = 4; // steps 1–4 gate Next; 5 submits; 6 shows the verification
const hasAllDocuments = (v: Vendor) => VENDOR_DOCUMENT_FIELDS.every((f) => !!v[f]);

/**
 * The vendor onboarding wizard (vendor §2, §5): six steps, Next blocked until the step is valid with the spec's
 * message, Previous never below step 1, Review & Submit sends everything as one multipart POST
 * /api/vendors/onboarding, Verification shows the status (read-only for the vendor; an admin decides there).
 * One component for /vendor/onboarding, the dashboard's Onboarding tab and an admin onboarding a vendor
 * (`actingAs="admin"` sends vendor_id). What was typed stays when a step or the request fails.
 */
export function OnboardingWizard({ vendor: initial, actingAs, onSaved }: { vendor: Vendor; actingAs: ActingAs; onSaved?: (v: Vendor) => void }) {
  const [vendor, setVendor] = useState(initial);
  const [values, setValues] = useState<Values>(() => valuesOf(initial));
  const [docs, setDocs] = useState<Partial<Record<VendorDocumentField, File>>>({});
  const [docErrors, setDocErrors] = useState<Partial<Record<VendorDocumentField, string>>>({});
  // a vendor whose documents are on file starts at its verification; others at the beginning
  const [step, setStep] = useState(hasAllDocuments(initial) ? 6 : 1);
  const [tried, setTried] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [progress, setProgress] = useState(0);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const { t, i18n } = useLingui();
  const MSG = useMsg();
  const locale = useLocale();

  // focus the step's heading when the step changes, so keyboard and screen-reader users land on the new content
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  const fieldErrors = onboardingFieldErrors(values);
  const missingDocs = VENDOR_DOCUMENT_FIELDS.filter((f) => !docs[f] && !vendor[f]);
  const stepValid = (s: number) =>
    s <= 3 ? ONBOARDING_STEP_FIELDS[s - 1]!.every((f) => !fieldErrors[f]) : s === 4 ? missingDocs.length === 0 && VENDOR_DOCUMENT_FIELDS.every((f) => !docErrors[f]) : true;
  const errorFor = (path: string) => (tried || serverFields[path] ? (serverFields[path] ?? fieldErrors[path] ?? null) : null);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
  const setAddress = (key: keyof Values['address'], value: Values['address'][keyof Values['address']]) =>
    setValues((v) => ({ ...v, address: { ...v.address, [key]: value } }));
  const setCoordinate = (key: 'latitude' | 'longitude', raw: string) =>
    setValues((v) => ({ ...v, address: { ...v.address, coordinates: { ...v.address.coordinates, [key]: raw === '' ? Number.NaN : Number(raw) } } }));

  function next() {
    if (!stepValid(step)) {
      setTried(true);
      notify.error(currentMsg().onboardingIncomplete);
      return;
    }
    setTried(false);
    setStep((s) => Math.min(s + 1, 6));
  }
  const previous = () => {
    setTried(false);
    setStep((s) => Math.max(s - 1, 1));
  };

  function chooseFile(field: VendorDocumentField, file: File | null) {
    if (!file) return;
    const problem = documentProblem(field, file);
    setDocErrors((e) => ({ ...e, [field]: problem ?? undefined }));
    setDocs((d) => ({ ...d, [field]: problem ? undefined : file }));
  }

  async function submit() {
    if (submitting) return;
    const firstInvalid = [1, 2, 3, 4].find((s) => !stepValid(s));
    if (firstInvalid) {
      setTried(true);
      setStep(firstInvalid);
      notify.error(currentMsg().onboardingIncomplete);
      return;
    }
    setSubmitting(true);
    setSubmitError(null);
    setServerFields({});
    setProgress(0);
    const form = new FormData();
    for (const [key, value] of Object.entries(values)) if (key !== 'address') form.append(key, String(value));
    form.append('address', JSON.stringify(values.address));
    if (actingAs === 'admin') form.append('vendor_id', String(vendor.id));
    for (const f of VENDOR_DOCUMENT_FIELDS) if (docs[f]) form.append(f, docs[f]!, docs[f]!.name);
    try {
      const saved = await sendForm<Vendor>('/api/vendors/onboarding', form, { auth: actingAs, onProgress: setProgress });
      setVendor(saved);
      setDocs({});
      notify.success(currentMsg().onboardingSuccess);
      onSaved?.(saved);
      setStep(6);
    } catch (err) {
      const e = err as Error & { body?: { fields?: Record<string, string> } };
      setSubmitError(e.message || currentMsg().onboardingFailed);
      setServerFields(e.body?.fields ?? {});
      notify.error(e.message || currentMsg().onboardingFailed);
    } finally {
      setSubmitting(false);
    }
  }

  const title = i18n._(STEP_TEXT[step - 1]!);
  const stepNumber = formatCount(step, locale);
  const stepCount = formatCount(STEP_TEXT.length, locale);
  return (
    <div className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <Stepper step={step} />
      <section aria-labelledby={headingId} className="p-4 sm:p-6">
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900 outline-none">
          <span className="text-slate-500">{t`Step ${stepNumber} of ${stepCount}`} · </span>{title}
        </h2>

        <div className="mt-5">
          {step === 1 && (
            <Grid>
              <Field label={t`Company Name`} required error={errorFor('company_name')}><Input value={values.company_name} onChange={(e) => set('company_name', e.target.value)} autoComplete="organization" maxLength={200} /></Field>
              <Field label={t`Contact Name`} required error={errorFor('contact_name')}><Input value={values.contact_name} onChange={(e) => set('contact_name', e.target.value)} autoComplete="name" maxLength={120} /></Field>
              <Field label={t`Email`} required error={errorFor('email')}><Input type="email" value={values.email} onChange={(e) => set('email', e.target.value)} autoComplete="email" /></Field>
              <Field label={t`Phone`} required error={errorFor('phone')}><Input type="tel" value={values.phone} onChange={(e) => set('phone', e.target.value)} autoComplete="tel" maxLength={40} /></Field>
              <Field label={t`Website`} hint={t`Optional, e.g. https://yourstore.ae`} error={errorFor('website')} className="sm:col-span-2"><Input type="url" value={values.website} onChange={(e) => set('website', e.target.value)} autoComplete="url" /></Field>
            </Grid>
          )}

          {step === 2 && (
            <Grid>
              <Field label={t`Street`} required error={errorFor('address.street')} className="sm:col-span-2"><Input value={values.address.street} onChange={(e) => setAddress('street', e.target.value)} autoComplete="street-address" /></Field>
              <Field label={t`City`} required error={errorFor('address.city')}><Input value={values.address.city} onChange={(e) => setAddress('city', e.target.value)} autoComplete="address-level2" /></Field>
              <Field label={t`State / Emirate`} required error={errorFor('address.state')}>
                <Select value={values.address.state} onChange={(e) => setAddress('state', e.target.value)}>
                  <option value="">{t`Choose an emirate`}</option>
                  {EMIRATES.map((e) => <option key={e} value={e}>{i18n._(EMIRATE_TEXT[e])}</option>)}
                  {values.address.state && !(EMIRATES as readonly string[]).includes(values.address.state) && <option value={values.address.state}>{values.address.state}</option>}
                </Select>
              </Field>
              <Field label={t`Postal code`} hint={t`Optional`}><Input value={values.address.postal_code} onChange={(e) => setAddress('postal_code', e.target.value)} autoComplete="postal-code" maxLength={20} /></Field>
              <Field label={t`Country`}><Input value={values.address.country} onChange={(e) => setAddress('country', e.target.value)} autoComplete="country-name" /></Field>
              <MapPoint values={values} onChange={setCoordinate} onReset={() => setAddress('coordinates', { ...DEFAULT_MAP_POINT })} />
            </Grid>
          )}

          {step === 3 && (
            <Grid>
              <Field label={t`Business type`} required error={errorFor('business_type')}>
                <Select value={values.business_type} onChange={(e) => set('business_type', e.target.value)}>
                  <option value="">{t`Choose a business type`}</option>
                  {BUSINESS_TYPES.map((b) => <option key={b} value={b}>{i18n._(BUSINESS_TYPE_TEXT[b])}</option>)}
                </Select>
              </Field>
              <Field label={t`Industry`} required error={errorFor('industry')}>
                <Select value={values.industry} onChange={(e) => set('industry', e.target.value)}>
                  <option value="">{t`Choose an industry`}</option>
                  {INDUSTRIES.map((i) => <option key={i} value={i}>{i18n._(INDUSTRY_TEXT[i])}</option>)}
                </Select>
              </Field>
              <Field label={t`Establishment date`} required error={errorFor('establishment_date')}><Input type="date" value={values.establishment_date} onChange={(e) => set('establishment_date', e.target.value)} max={new Date().toISOString().slice(0, 10)} /></Field>
              <Field label={t`Tax ID`} hint={t`Optional`}><Input value={values.tax_id} onChange={(e) => set('tax_id', e.target.value)} maxLength={60} /></Field>
              <Field label={t`VAT number`} hint={t`Optional`}><Input value={values.vat_number} onChange={(e) => set('vat_number', e.target.value)} maxLength={60} /></Field>
            </Grid>
          )}

          {step === 4 && (
            <div className="grid gap-4 lg:grid-cols-3">
              {VENDOR_DOCUMENT_FIELDS.map((f) => (
                <DocumentDrop
                  key={f}
                  field={f}
                  file={docs[f] ?? null}
                  onFile={vendor[f]}
                  actingAs={actingAs}
                  error={docErrors[f] ?? serverFields[f] ?? (tried && !docs[f] && !vendor[f] ? MSG.documentRequired(i18n._(DOCUMENT_TEXT[f])) : null)}
                  onChoose={(file) => chooseFile(f, file)}
                  onClear={() => {
                    setDocs((d) => ({ ...d, [f]: undefined }));
                    setDocErrors((e) => ({ ...e, [f]: undefined }));
                  }}
                />
              ))}
            </div>
          )}

          {step === 5 && <Review values={values} docs={docs} vendor={vendor} onEdit={setStep} />}

          {step === 6 && <VerificationPanel vendor={vendor} actingAs={actingAs} onChanged={(v) => { setVendor(v); onSaved?.(v); }} />}
        </div>

        {step === 5 && submitError && (
          <Alert tone="error" className="mt-5" title={MSG.onboardingFailed}>{submitError}</Alert>
        )}
        {submitting && (
          <div className="mt-5" aria-live="polite">
            <div className="h-2 overflow-hidden rounded-full bg-slate-100" role="progressbar" aria-label={t`Uploading`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(progress * 100)}>
              <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${Math.round(progress * 100)}%` }} />
            </div>
            <p className="mt-1 text-xs text-slate-500">{t`Uploading… ${formatCount(Math.round(progress * 100), locale)}%`}</p>
          </div>
        )}

        <div className="mt-6 flex items-center justify-between gap-3 border-t border-slate-100 pt-4">
          <Button variant="secondary" onClick={previous} disabled={step === 1 || submitting}><Trans>Previous</Trans></Button>
          {step <= LAST_DATA_STEP && <Button onClick={next}><Trans>Next</Trans></Button>}
          {step === 5 && <Button onClick={() => void submit()} loading={submitting}><Trans>Submit for verification</Trans></Button>}
        </div>
      </section>
    </div>
  );
}

/** '512 bytes', '38 KB', '2.4 MB', in the page's digits. */
function useFileSize() {
  const { t } = useLingui();
  const locale = useLocale();
  return (bytes: number) => {
    if (bytes < 1024) {
      const n = formatCount(bytes, locale);
      return t`${n} bytes`;
    }
    if (bytes < 1024 * 1024) {
      const n = formatCount(Math.round(bytes / 1024), locale);
      return t`${n} KB`;
    }
    const n = formatDecimal(bytes / (1024 * 1024), locale);
    return t`${n} MB`;
  };
}

function Grid({ children }: { children: ReactNode }) {
  return <div className="grid gap-4 sm:grid-cols-2">{children}</div>;
}

/** The six steps: a numbered row from sm up, "Step n of 6" and a bar on phones. */
function Stepper({ step }: { step: number }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  return (
    <div className="border-b border-slate-100 p-4 sm:px-6">
      <ol className="hidden gap-2 sm:grid sm:grid-cols-6" aria-label={t`Onboarding steps`}>
        {STEP_TEXT.map((text, i) => {
          const n = i + 1;
          const label = i18n._(text);
          const state = n < step ? 'done' : n === step ? 'current' : 'todo';
          return (
            <li key={label} aria-current={state === 'current' ? 'step' : undefined} className="flex min-w-0 flex-col items-center gap-1.5 text-center">
              <span
                aria-hidden="true"
                className={cx(
                  'flex h-8 w-8 items-center justify-center rounded-full text-sm font-semibold',
                  state === 'done' && 'bg-brand-700 text-white',
                  state === 'current' && 'bg-brand-50 text-brand-800 ring-2 ring-brand-600',
                  state === 'todo' && 'bg-slate-100 text-slate-500',
                )}
              >
                {state === 'done' ? '✓' : formatCount(n, locale)}
              </span>
              <span className={cx('text-xs leading-tight', state === 'current' ? 'font-semibold text-slate-900' : 'text-slate-500')}>
                {label}
                <span className="sr-only">{state === 'done' ? ` ${t`(done)`}` : state === 'current' ? ` ${t`(current step)`}` : ''}</span>
              </span>
            </li>
          );
        })}
      </ol>
      <div className="sm:hidden" aria-hidden="true">
        <div className="flex gap-1">
          {STEP_TEXT.map((text, i) => <span key={text.id} className={cx('h-1.5 flex-1 rounded-full', i < step ? 'bg-brand-600' : 'bg-slate-200')} />)}
        </div>
      </div>
    </div>
  );
}

/** The map point (vendor §2: a placeholder picker defaulting to 25.2048, 55.2708): latitude and longitude inputs. */
function MapPoint({ values, onChange, onReset }: { values: Values; onChange: (key: 'latitude' | 'longitude', raw: string) => void; onReset: () => void }) {
  const { latitude, longitude } = values.address.coordinates;
  const shown = (n: number) => (Number.isFinite(n) ? String(n) : '');
  const { t } = useLingui();
  return (
    <fieldset className="rounded-xl border border-slate-200 p-4 sm:col-span-2">
      <legend className="px-1 text-sm font-medium text-slate-700"><Trans>Map point</Trans></legend>
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <Field label={t`Latitude`}><Input type="number" step="0.0001" min={-90} max={90} value={shown(latitude)} onChange={(e) => onChange('latitude', e.target.value)} /></Field>
        <Field label={t`Longitude`}><Input type="number" step="0.0001" min={-180} max={180} value={shown(longitude)} onChange={(e) => onChange('longitude', e.target.value)} /></Field>
        <Button variant="secondary" onClick={onReset}><Trans>Use default (Dubai)</Trans></Button>
      </div>
      <p className="mt-2 text-xs text-slate-500"><Trans>Default point {DEFAULT_MAP_POINT.latitude}, {DEFAULT_MAP_POINT.longitude}.</Trans></p>
    </fieldset>
  );
}

/** One document: drop or click to choose, a preview (image thumbnail or file name), the limit and types, the file on record. */
function DocumentDrop({ field, file, onFile, actingAs, error, onChoose, onClear }: {
  field: VendorDocumentField;
  file: File | null;
  onFile: Vendor['trade_license'];
  actingAs: ActingAs;
  error: string | null;
  onChoose: (file: File | null) => void;
  onClear: () => void;
}) {
  const inputId = useId();
  const [over, setOver] = useState(false);
  // a local URL for the chosen image's thumbnail, released when the file changes or the field goes away
  const preview = useMemo(() => (file && file.type.startsWith('image/') ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => { if (preview) URL.revokeObjectURL(preview); }, [preview]);
  const { t, i18n } = useLingui();
  const fileSize = useFileSize();
  const label = i18n._(DOCUMENT_TEXT[field]);
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-medium text-slate-700">{label}<span className="ms-0.5 text-red-600" aria-hidden="true">*</span></span>
      <label
        htmlFor={inputId}
        onDragOver={(e) => { e.preventDefault(); setOver(true); }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => { e.preventDefault(); setOver(false); onChoose(e.dataTransfer.files[0] ?? null); }}
        className={cx(
          'flex min-h-36 cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed p-4 text-center text-sm focus-within:ring-2 focus-within:ring-brand-600/40',
          error ? 'border-red-300 bg-red-50/40' : over ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-slate-50 hover:border-brand-400',
        )}
      >
        {file ? (
          <>
            {preview ? <img src={preview} alt={t`${label} preview`} className="h-20 max-w-full rounded object-contain" /> : <span aria-hidden="true" className="rounded bg-red-100 px-2 py-1 text-xs font-bold text-red-800">PDF</span>}
            <span className="max-w-full truncate font-medium text-slate-900" title={file.name}><bdi>{file.name}</bdi></span>
            <span className="text-xs text-slate-500">{fileSize(file.size)} · <Trans>click to change</Trans></span>
          </>
        ) : (
          <>
            <span className="font-medium text-brand-700"><Trans>Drop a file or click to choose</Trans></span>
            <span className="text-xs text-slate-500">{onFile ? t`A new file replaces the one on record` : t`Required`}</span>
          </>
        )}
        <input
          id={inputId}
          type="file"
          name={field}
          accept={VENDOR_DOCUMENT_ACCEPT[field]}
          className="sr-only"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${inputId}-hint`}
          onChange={(e) => { onChoose(e.target.files?.[0] ?? null); e.target.value = ''; }}
        />
      </label>
      <p id={`${inputId}-hint`} className="text-xs text-slate-500">{i18n._(DOCUMENT_HINT[field])}</p>
      {file && <button type="button" onClick={onClear} className="self-start text-xs font-medium text-slate-600 hover:underline"><Trans>Remove {label}</Trans></button>}
      {onFile && !file && <OnRecord file={onFile} actingAs={actingAs} label={label} />}
      {error && <p role="alert" className="text-xs font-medium text-red-700">{error}</p>}
    </div>
  );
}

function OnRecord({ file, actingAs, label }: { file: NonNullable<Vendor['trade_license']>; actingAs: ActingAs; label: string }) {
  return (
    <p className="text-xs text-slate-600">
      <Trans>On record: <bdi className="font-medium">{file.name}</bdi></Trans>{' '}
      <button type="button" className="font-medium text-brand-700 hover:underline" onClick={() => openPrivateFile(file.url, actingAs).catch((e: Error) => notify.error(e.message))}>
        <Trans>View<span className="sr-only"> {label}</span></Trans>
      </button>
    </p>
  );
}

/** Step 5: everything that will be sent, by step, each with an Edit link back to its step. */
function Review({ values, docs, vendor, onEdit }: { values: Values; docs: Partial<Record<VendorDocumentField, File>>; vendor: Vendor; onEdit: (step: number) => void }) {
  const a = values.address;
  const { t, i18n } = useLingui();
  const tr = (d: MessageDescriptor) => i18n._(d);
  const groups: { step: number; rows: [string, string][] }[] = [
    { step: 1, rows: [[t`Company Name`, values.company_name], [t`Contact Name`, values.contact_name], [t`Email`, values.email], [t`Phone`, values.phone], [t`Website`, values.website]] },
    { step: 2, rows: [[t`Street`, a.street], [t`City`, a.city], [t`State / Emirate`, wordsOf(EMIRATE_TEXT, a.state, tr)], [t`Postal code`, a.postal_code], [t`Country`, a.country], [t`Map point`, `${a.coordinates.latitude}, ${a.coordinates.longitude}`]] },
    { step: 3, rows: [[t`Business type`, wordsOf(BUSINESS_TYPE_TEXT, values.business_type, tr)], [t`Industry`, wordsOf(INDUSTRY_TEXT, values.industry, tr)], [t`Establishment date`, values.establishment_date], [t`Tax ID`, values.tax_id], [t`VAT number`, values.vat_number]] },
    {
      step: 4,
      rows: VENDOR_DOCUMENT_FIELDS.map((f) => {
        const name = docs[f]?.name ?? vendor[f]?.name ?? '';
        return [i18n._(DOCUMENT_TEXT[f]), docs[f] ? t`${name} (new)` : vendor[f] ? t`${name} (on record)` : ''];
      }),
    },
  ];
  return (
    <div className="space-y-4">
      {groups.map((g) => (
        <section key={g.step} className="rounded-xl border border-slate-200 p-4">
          <div className="flex items-center justify-between gap-2">
            <h3 className="text-sm font-semibold text-slate-900">{i18n._(STEP_TEXT[g.step - 1]!)}</h3>
            <Button variant="ghost" size="sm" onClick={() => onEdit(g.step)} aria-label={t`Edit ${i18n._(STEP_TEXT[g.step - 1]!)}`}><Trans>Edit</Trans></Button>
          </div>
          <dl className="mt-2 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            {g.rows.map(([k, v]) => (
              <div key={k} className="min-w-0">
                <dt className="text-slate-500">{k}</dt>
                <dd className="truncate text-slate-900" title={v} dir="auto">{v || <span className="text-slate-400"><Trans>Not provided</Trans></span>}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      <p className="text-sm text-slate-600"><Trans>Submitting sends your details and documents for review. Your status becomes Pending Review until an admin decides.</Trans></p>
    </div>
  );
}
