import { AGENTS_ADMIN_TEXT as T, type AdminAgentRow } from '@souq/shared/api/agent-linking';
import { useMsg } from '@/lib/use-msg';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { notify } from '@/components/ui/toast';
import { InlineTextAction } from '@/components/reviews/InlineTextAction';
import { adminApi, useAdminQuery } from '../api';
import { LoadError } from '../parts/LoadError';

/** Agent traffic per agent (requests, checkouts, orders) and block/unblock (issue 27 item 7, decision 0097). */
export function AgentsSection() {
  const MSG = useMsg();
  const list = useAdminQuery<{ agents: AdminAgentRow[] }>(['admin-agents'], '/api/admin/agents');
  const refresh = async () => void (await list.refetch());
  return (
    <section className="space-y-4">
      <header>
        <h2 className="text-xl font-semibold text-slate-900">{T.title}</h2>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">{T.description}</p>
      </header>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <LoadError title={T.loadFailed} error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.agents.length === 0 ? (
        <p className="text-sm text-slate-600">{T.empty}</p>
      ) : (
        // phones: the agent, its status and the action; the counts from 640 px
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-sm">
            <thead className="bg-slate-50 text-start text-xs font-medium uppercase text-slate-500">
              <tr>
                <th className="px-4 py-2 text-start">{T.columns.agent}</th>
                <th className="hidden px-4 py-2 text-end sm:table-cell">{T.columns.requests}</th>
                <th className="hidden px-4 py-2 text-end sm:table-cell">{T.columns.checkouts}</th>
                <th className="hidden px-4 py-2 text-end sm:table-cell">{T.columns.orders}</th>
                <th className="px-4 py-2 text-start">{T.columns.status}</th>
                <th className="px-4 py-2" />
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {list.data.agents.map((a) => (
                <tr key={a.agent} data-testid="agent-row">
                  <td className="max-w-[10rem] px-4 py-2 sm:max-w-[24rem]" title={a.agent}>
                    {a.name && <p className="truncate font-medium text-slate-900"><bdi>{a.name}</bdi></p>}
                    <p className={a.name ? 'truncate text-xs text-slate-500' : 'truncate font-medium text-slate-900'}><bdi>{a.agent}</bdi></p>
                  </td>
                  <td className="hidden px-4 py-2 text-end tabular-nums sm:table-cell">{a.requests}</td>
                  <td className="hidden px-4 py-2 text-end tabular-nums sm:table-cell">{a.checkouts}</td>
                  <td className="hidden px-4 py-2 text-end tabular-nums sm:table-cell">{a.orders}</td>
                  <td className="px-4 py-2">
                    {a.blocked ? <span className="text-red-700" title={a.reason ?? undefined}>{T.blocked}</span> : <span className="text-emerald-700">{T.active}</span>}
                  </td>
                  <td className="px-4 py-2 text-end">
                    {a.blocked ? (
                      <Button size="sm" variant="secondary" onClick={async () => {
                        try {
                          await adminApi('/api/admin/agents/unblock', { method: 'POST', body: { agent: a.agent } });
                          notify.success(T.unblockedToast);
                          await refresh();
                        } catch (err) {
                          notify.errorFrom(err, MSG.requestFailed);
                        }
                      }}>{T.unblock}</Button>
                    ) : (
                      <InlineTextAction button={T.block} label={T.blockLabel} submit={T.blockSubmit} variant="danger" onSend={async (reason) => {
                        await adminApi('/api/admin/agents/block', { method: 'POST', body: { agent: a.agent, reason } });
                        notify.success(T.blockedToast);
                        await refresh();
                      }} />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
