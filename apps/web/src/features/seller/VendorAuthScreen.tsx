import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { VendorAuthResponse } from '@souq/shared/api/auth';
import { vendorLandingPath } from '@souq/shared/rules/vendor-status';
import { paths } from '@/lib/paths';
import { api, ApiError } from '@/lib/api-client';
import { saveVendorSession } from '@/lib/session';
import { Alert } from '@/components/ui/Alert';
import { AuthShell } from '@/components/ui/AuthShell';
import { Button } from '@/components/ui/Button';
import { Field, Input } from '@/components/ui/Field';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { LanguageSwitch } from '@/components/LanguageSwitch';
import { goAfterSignIn } from '@/lib/i18n';

export type VendorAuthMode = 'login' | 'signup';

const TEXT = {
  login: { title: msg`Vendor Login`, subtitle: msg`Manage your products, orders and store profile.`, button: msg`Login`, toggle: msg`New to Souq? Create a vendor account` },
  signup: { title: msg`Vendor Sign Up`, subtitle: msg`Open your store on Souq in a few minutes.`, button: msg`Create Vendor Account`, toggle: msg`Already selling on Souq? Log in` },
} as const;

const ASIDE = {
  heading: msg`Sell where shoppers ask`,
  text: msg`The Souq assistant recommends your products to customers who describe exactly what they need.`,
  points: [msg`List products with SEO and embed tools`, msg`Track orders and revenue`, msg`Get verified once, sell everywhere`],
};

const SIGNUP_FIELDS = [
  { key: 'company_name', label: msg`Company Name`, autoComplete: 'organization', type: 'text' },
  { key: 'contact_name', label: msg`Contact Name`, autoComplete: 'name', type: 'text' },
  { key: 'phone', label: msg`Phone`, autoComplete: 'tel', type: 'tel' },
  { key: 'address', label: msg`Address`, autoComplete: 'street-address', type: 'text' },
] as const;

type Values = Record<'company_name' | 'contact_name' | 'phone' | 'address' | 'email' | 'password', string>;
const EMPTY: Values = { company_name: '', contact_name: '', phone: '', address: '', email: '', password: '' };

/**
 * Vendor login and sign-up (vendor §2). No client checks: the server decides (§5) and its message is shown (§8).
 * Afterwards the vendor goes to onboarding while a document is missing, else to the dashboard (§4).
 * `onToggle` switches the mode through the URL (/vendor/login ↔ /vendor/signup); without it the mode is local.
 */
export function VendorAuthScreen({ initialMode, onToggle, notice }: { initialMode: VendorAuthMode; onToggle?: (next: VendorAuthMode) => void; notice?: string }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [localMode, setLocalMode] = useState(initialMode);
  const mode = onToggle ? initialMode : localMode;
  const text = TEXT[mode];
  const [values, setValues] = useState<Values>(EMPTY);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);

  const set = (key: keyof Values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));
  const fieldError = (key: string) => error?.body?.fields?.[key] ?? null;

  function toggle() {
    const next = mode === 'login' ? 'signup' : 'login';
    setError(null);
    if (onToggle) onToggle(next);
    else setLocalMode(next);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const res =
        mode === 'signup'
          ? await api<VendorAuthResponse>('/api/vendor/signup', { method: 'POST', auth: 'none', body: values })
          : await api<VendorAuthResponse>('/api/vendor/login', { method: 'POST', auth: 'none', body: { email: values.email, password: values.password } });
      saveVendorSession(res);
      goAfterSignIn(vendorLandingPath(res.vendor), (to) => navigate(to, { replace: true }), { replace: true });
    } catch (err) {
      setError(err instanceof ApiError ? err : new ApiError(String((err as Error).message), 0));
      setBusy(false);
    }
  }

  return (
    <AuthShell
      title={i18n._(text.title)}
      subtitle={i18n._(text.subtitle)}
      aside={{ heading: i18n._(ASIDE.heading), text: i18n._(ASIDE.text), points: ASIDE.points.map((p) => i18n._(p)) }}
      area={t`Vendor`}
      footer={
        <>
          <Trans>Shopping instead?</Trans>{' '}
          <Link className="font-medium text-brand-700 hover:underline" to={paths.login}>
            <Trans>Customer login</Trans>
          </Link>
          {/* the vendor area's language switch, here too: the sign-in screen has no header (issue 26 item 2) */}
          <span className="mt-3 block"><LanguageSwitch /></span>
        </>
      }
    >
      {notice && <Alert tone="info" className="mb-5">{notice}</Alert>}
      <form onSubmit={submit} noValidate className="space-y-4" aria-label={i18n._(text.title)}>
        {mode === 'signup' && (
          <div className="grid gap-4 sm:grid-cols-2">
            {SIGNUP_FIELDS.map((f) => (
              <Field key={f.key} label={i18n._(f.label)} error={fieldError(f.key)} className={f.key === 'address' ? 'sm:col-span-2' : undefined}>
                <Input dir="auto" name={f.key} type={f.type} autoComplete={f.autoComplete} value={values[f.key]} onChange={set(f.key)} />
              </Field>
            ))}
          </div>
        )}
        <Field label={t`Email`} error={fieldError('email')}>
          <Input dir="auto" name="email" type="email" autoComplete="email" inputMode="email" value={values.email} onChange={set('email')} />
        </Field>
        <Field label={t`Password`} error={fieldError('password')}>
          <Input
            name="password"
            type="password"
            autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
            value={values.password}
            onChange={set('password')}
          />
        </Field>
        <Alert tone="error">{error?.message}</Alert>
        <Button type="submit" size="lg" loading={busy} className="w-full">
          {i18n._(text.button)}
        </Button>
      </form>
      <div className="mt-6 border-t border-slate-100 pt-5 text-center">
        <button type="button" onClick={toggle} className="text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline">
          {i18n._(text.toggle)}
        </button>
      </div>
    </AuthShell>
  );
}
