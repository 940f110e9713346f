import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { api, ApiError } from '@/lib/api-client';
import { saveAdminSession, useAdminAccess } from '@/lib/session';
import { Alert } from '@/components/ui/Alert';
import { AuthShell } from '@/components/ui/AuthShell';
import { Button } from '@/components/ui/Button';
import { Field, Input } from '@/components/ui/Field';

const ASIDE = {
  heading: 'Marketplace administration',
  text: 'Users, vendors, products, orders, support and the assistant, in one dashboard.',
  points: ['Verify vendors and their documents', 'Follow orders and assign vendors', 'Answer support and monitor chats'],
};

/**
 * /admin-access (admin §2): one code input. The server checks the code and answers an admin session token;
 * the token and the spec's UI flag admin_access_granted are stored, then /admin opens.
 */
export default function AdminAccessPage() {
  const navigate = useNavigate();
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
    <AuthShell title="Admin Access" subtitle="Enter the access code to open the admin dashboard." aside={ASIDE} area="Admin">
      <form onSubmit={submit} noValidate className="space-y-4" aria-label="Admin Access">
        <Field label="Access code" hint="Your personal admin code, or the owner's code (ADMIN_ACCESS_CODE, or printed in the server log at first start).">
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
          Unlock dashboard
        </Button>
      </form>
    </AuthShell>
  );
}
