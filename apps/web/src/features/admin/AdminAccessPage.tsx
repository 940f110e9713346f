import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { LanguageSwitch } from '@/components/LanguageSwitch';
import { paths } from '@/lib/paths';
import { api, ApiError } from '@/lib/api-client';
import { saveAdminSession, useAdminAccess } from '@/lib/session';
import { Alert } from '@/components/ui/Alert';
import { AuthShell } from '@/components/ui/AuthShell';
import { Button } from '@/components/ui/Button';
import { Field, Input } from '@/components/ui/Field';

const ASIDE = {
  heading: msg`Marketplace administration`,
  text: msg`Users, vendors, products, orders, support and the assistant, in one dashboard.`,
  points: [msg`Verify vendors and their documents`, msg`Follow orders and assign vendors`, msg`Answer support and monitor chats`],
};

/**
 * /admin-access (admin §2): one code input. The server checks the code and answers an admin session token;
 * the token and the spec's UI flag admin_access_granted are stored, then /admin opens.
 */
export default function AdminAccessPage() {
  const navigate = useNavigate();
  const { i18n, t } = useLingui();
  const granted = useAdminAccess();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (granted && !busy) return <Navigate to={paths.admin} replace />;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const res = await api<{ token: string }>('/api/admin/access', { method: 'POST', auth: 'none', body: { code: code.trim() } });
      saveAdminSession(res.token);
      navigate(paths.admin, { replace: true });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
      setBusy(false);
    }
  }

  return (
    <AuthShell
      title={t`Admin Access`}
      subtitle={t`Enter the access code to open the admin dashboard.`}
      aside={{ heading: i18n._(ASIDE.heading), text: i18n._(ASIDE.text), points: ASIDE.points.map((p) => i18n._(p)) }}
      area={t`Admin`}
      footer={<LanguageSwitch />}
    >
      <form onSubmit={submit} noValidate className="space-y-4" aria-label={t`Admin Access`}>
        <Field label={t`Access code`} hint={t`Your personal admin code, or the owner's code (ADMIN_ACCESS_CODE, or printed in the server log at first start).`}>
          <Input
            name="code"
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            data-autofocus
            autoFocus
          />
        </Field>
        <Alert tone="error">{error}</Alert>
        <Button type="submit" size="lg" loading={busy} className="w-full">
          <Trans>Unlock dashboard</Trans>
        </Button>
      </form>
    </AuthShell>
  );
}
