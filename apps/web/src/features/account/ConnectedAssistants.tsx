import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AGENT_SCOPE_TEXT, CONNECT_TEXT, type AgentScope, type ConnectedAssistant } from '@souq/shared/api/agent-linking';
import { api, ApiError } from '@/lib/api-client';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { formatDate } from '@souq/shared/rules/locale';
import { useLingui } from '@lingui/react/macro';

/** /profile's 'Connected assistants': the agents linked to the account, what each may do, and Disconnect (decision 0097). */
export function ConnectedAssistants() {
  // the page's language, like the rest of /profile (decision 0104)
  const { i18n } = useLingui();
  const lang = i18n.locale === 'ar' ? 'ar' : 'en';
  const t = CONNECT_TEXT[lang];
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const list = useQuery({ queryKey: ['my-assistants'], queryFn: () => api<{ assistants: ConnectedAssistant[] }>('/api/my/assistants') });

  async function disconnect(grantId: string) {
    setBusy(grantId);
    setNotice(null);
    try {
      await api(`/api/my/assistants/${encodeURIComponent(grantId)}`, { method: 'DELETE' });
      setNotice({ tone: 'success', text: t.disconnected });
      await queryClient.invalidateQueries({ queryKey: ['my-assistants'] });
    } catch (err) {
      setNotice({ tone: 'error', text: err instanceof ApiError ? err.message : t.failed });
    } finally {
      setBusy(null);
    }
  }


  return (
    <section aria-labelledby="connected-assistants" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="connected-assistants" className="mb-4 text-lg font-semibold text-slate-900">{t.connectedTitle}</h2>
      {notice && <Alert tone={notice.tone} className="mb-4" onDismiss={() => setNotice(null)}>{notice.text}</Alert>}
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <Alert>{t.failed}</Alert>
      ) : list.data.assistants.length === 0 ? (
        <p className="text-sm text-slate-600">{t.connectedNone}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {list.data.assistants.map((a) => (
            <li key={a.grant_id} className="flex flex-wrap items-start justify-between gap-3 py-3" data-testid="connected-assistant">
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900"><bdi>{a.name}</bdi></p>
                <p className="text-xs text-slate-500">{t.linkedOn(formatDate(a.linked_at, 'day', lang))}</p>
                <ul className="mt-1 list-disc ps-5 text-sm text-slate-700">
                  {a.scopes.map((s) => <li key={s}>{AGENT_SCOPE_TEXT[lang][s as AgentScope] ?? s}</li>)}
                </ul>
              </div>
              <Button variant="secondary" size="sm" onClick={() => void disconnect(a.grant_id)} loading={busy === a.grant_id}>{t.disconnect}</Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
