import { useState } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { AGENT_SCOPE_TEXT, CONNECT_TEXT, type AgentScope, type ConnectDetails } from '@souq/shared/api/agent-linking';
import { paths } from '@/lib/paths';
import { api, ApiError } from '@/lib/api-client';
import { useCustomerToken } from '@/lib/session';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { useLingui } from '@lingui/react/macro';

/**
 * An agent asks to link the shopper's account (decision 0097): the authorization server sent the browser here with
 * the interaction's uid. Behind the normal sign-in; names the agent (its own text, isolated with <bdi>) and what it
 * may do, in the shopper's language; Allow or Deny sends the browser back to the authorization server.
 */
export default function ConnectPage() {
  const { uid = '' } = useParams();
  const token = useCustomerToken();
  const location = useLocation();
  // the page's language (the URL's lang, the saved choice, else the browser's: decision 0104), so the consent page reads
  // like every other page and is right in the server's first render too
  const { i18n } = useLingui();
  const lang = i18n.locale === 'ar' ? 'ar' : 'en';
  const t = CONNECT_TEXT[lang];
  const [busy, setBusy] = useState<null | 'allow' | 'deny'>(null);
  const [error, setError] = useState<string | null>(null);
  const details = useQuery({
    queryKey: ['connect', uid],
    queryFn: () => api<ConnectDetails>(`/api/connect/${encodeURIComponent(uid)}`),
    enabled: Boolean(token),
    retry: false,
  });

  if (!token) return <Navigate to={paths.login} replace state={{ from: location.pathname }} />;

  async function decide(allow: boolean) {
    setBusy(allow ? 'allow' : 'deny');
    setError(null);
    try {
      const res = await api<{ redirect_to: string }>(`/api/connect/${encodeURIComponent(uid)}`, { method: 'POST', body: { allow } });
      // back to the authorization server (same origin), which redirects to the agent
      window.location.assign(new URL(res.redirect_to, window.location.origin).href);
    } catch (err) {
      setError(err instanceof ApiError && err.status === 404 ? t.expired : t.failed);
      setBusy(null);
    }
  }

  return (
    <div className="min-h-screen bg-slate-50 px-4 py-10">
      <main className="mx-auto max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-xl font-semibold text-slate-900">{t.title}</h1>
        {details.isPending ? (
          <div className="mt-6 flex justify-center"><Spinner /></div>
        ) : details.isError ? (
          <Alert className="mt-6">{details.error instanceof ApiError && details.error.status === 404 ? t.expired : t.failed}</Alert>
        ) : (
          <>
            <p className="mt-4 text-base text-slate-800" data-testid="connect-agent">
              <strong className="font-semibold"><bdi>{details.data.client.name}</bdi></strong> {t.asks}
            </p>
            <p className="mt-5 text-sm font-medium text-slate-700">{t.willBeAbleTo}</p>
            <ul className="mt-2 space-y-2">
              {details.data.scopes.map((s) => (
                <li key={s} className="flex items-start gap-2 text-sm text-slate-700">
                  <span aria-hidden className="mt-1.5 size-1.5 shrink-0 rounded-full bg-brand-700" />
                  <span>{AGENT_SCOPE_TEXT[lang][s as AgentScope] ?? s}</span>
                </li>
              ))}
            </ul>
            <p className="mt-5 text-xs text-slate-500">{t.notAble}</p>
            {error && <Alert className="mt-4">{error}</Alert>}
            <div className="mt-6 flex flex-wrap justify-end gap-3">
              <Button variant="secondary" onClick={() => void decide(false)} loading={busy === 'deny'} disabled={busy !== null}>{t.deny}</Button>
              <Button onClick={() => void decide(true)} loading={busy === 'allow'} disabled={busy !== null}>{t.allow}</Button>
            </div>
          </>
        )}
      </main>
    </div>
  );
}
