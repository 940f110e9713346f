import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { AuthResponse } from '@souq/shared/api/auth';
import { paths } from '@/lib/paths';
import { api, ApiError } from '@/lib/api-client';
import { logout, saveCustomerSession, useCustomerUser } from '@/lib/session';
import { Alert } from '@/components/ui/Alert';
import { AuthShell } from '@/components/ui/AuthShell';
import { Button } from '@/components/ui/Button';
import { Field, Input } from '@/components/ui/Field';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { goAfterSignIn } from '@/lib/i18n';

const TEXT = {
  signup: { title: msg`Create account`, button: msg`Sign up`, toggle: msg`Already have an account? Log in`, subtitle: msg`Join Souq and let the assistant find what you need.` },
  login: { title: msg`Welcome back`, button: msg`Log in`, toggle: msg`New here? Create account`, subtitle: msg`Log in to pick up where you left off.` },
} as const;

const ASIDE = {
  heading: msg`Shop smarter with an AI assistant`,
  text: msg`Ask in plain words, search by photo and compare products side by side.`,
  points: [msg`Answers grounded in the real catalogue`, msg`Search by image in one tap`, msg`Order tracking and support in one place`],
};

/**
 * /login and /signup: one screen with a toggle (customer §2 Auth screens). No client checks: the server decides
 * (customer §5) and its message is shown as the spec says (§8). Signup goes to /onboarding, login to /ai-assistant.
 */
export default function AuthPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const mode = location.pathname === paths.signup ? 'signup' : 'login';
  const { t } = useLingui();
  const text = TEXT[mode];
  const signedInAs = useCustomerUser();

  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);

  function toggle() {
    setError(null);
    // the URL follows the mode so that a reload or a shared link opens the same form
    navigate(mode === 'signup' ? paths.login : paths.signup, { replace: true });
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const res = await api<AuthResponse>(mode === 'signup' ? '/api/auth/signup' : '/api/auth/login', {
        method: 'POST',
        auth: 'none',
        // the login form sends the name too (customer §7); the server ignores it there
        body: { name, email, password },
      });
      saveCustomerSession(res);
      // an agent's consent page sent the shopper here to sign in: back to it (only that page, never an open redirect)
      const from = (location.state as { from?: unknown } | null)?.from;
      const back = typeof from === 'string' && /^\/connect\/[A-Za-z0-9_-]+$/.test(from) ? from : null;
      // in the person's saved language from the first byte when it is not this page's (a new device)
      goAfterSignIn(back ?? (mode === 'signup' ? paths.onboarding : paths.assistant), navigate);
    } catch (err) {
      setError(err instanceof ApiError ? err : new ApiError(String((err as Error).message), 0));
      setBusy(false);
    }
  }

  const fieldError = (key: string) => error?.body?.fields?.[key] ?? null;

  return (
    <AuthShell
      title={t(text.title)}
      subtitle={t(text.subtitle)}
      aside={{ heading: t(ASIDE.heading), text: t(ASIDE.text), points: ASIDE.points.map((p) => t(p)) }}
      footer={
        <>
          <Trans>Selling on Souq?</Trans>{' '}
          <Link className="font-medium text-brand-700 hover:underline" to={paths.vendor}>
            <Trans>Vendor login</Trans>
          </Link>
        </>
      }
    >
      {signedInAs && (
        <Alert tone="info" className="mb-5">
          <Trans>Signed in as <strong><bdi>{signedInAs.name || signedInAs.email}</bdi></strong>.</Trans>{' '}
          <button type="button" className="font-medium underline" onClick={() => void logout('customer')}>
            <Trans>Log out</Trans>
          </button>
        </Alert>
      )}
      <form onSubmit={submit} noValidate className="space-y-4" aria-label={t(text.title)}>
        {mode === 'signup' && (
          <Field label={t`Name`} error={fieldError('name')}>
            <Input name="name" dir="auto" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
          </Field>
        )}
        <Field label={t`Email`} error={fieldError('email')}>
          <Input name="email" type="email" autoComplete="email" inputMode="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
        <Field label={t`Password`} error={fieldError('password')}>
          <Input
            name="password"
            type="password"
            autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        <Alert tone="error">{error?.message}</Alert>
        <Button type="submit" size="lg" loading={busy} className="w-full">
          {t(text.button)}
        </Button>
      </form>
      <div className="mt-6 border-t border-slate-100 pt-5 text-center">
        <button type="button" onClick={toggle} className="text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline">
          {t(text.toggle)}
        </button>
      </div>
    </AuthShell>
  );
}
