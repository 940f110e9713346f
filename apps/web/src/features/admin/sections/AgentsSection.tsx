import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ADMIN_AGENTS_PAGE_SIZE, type AdminAgentsPage } from '@souq/shared/api/agent-linking';
import { formatCount } from '@souq/shared/rules/locale';
import { useLocale } from '@/lib/use-locale';
import { useMsg } from '@/lib/use-msg';
import { useDebounced } from '@/lib/use-debounced';
import { Pagination } from '@/components/ui/Pagination';
import { SearchInput } from '@/components/ui/SearchInput';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { notify } from '@/components/ui/toast';
import { InlineTextAction } from '@/components/reviews/InlineTextAction';
import { adminApi, queryString, useAdminQuery } from '../api';
import { LoadError } from '../parts/LoadError';
import { When } from '../parts/When';

/**
 * Agent traffic per agent (requests, checkouts, orders, last seen) and block/unblock (issue 27 item 7; decisions 0097,
 * 0130): agents by identity (profile origin or OAuth client), a page at a time, found by search.
 */
export function AgentsSection() {
  const MSG = useMsg();
  // the section's texts come from the admin catalogue, in the page's language
  const { t } = useLingui();
  const locale = useLocale();
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const q = useDebounced(search.trim(), 300);
  const page = Math.floor(offset / ADMIN_AGENTS_PAGE_SIZE) + 1;
  const list = useAdminQuery<AdminAgentsPage>(['admin-agents', q, page], `/api/admin/agents${queryString({ q, page, page_size: ADMIN_AGENTS_PAGE_SIZE })}`);
  const refresh = async () => void (await list.refetch());
  return (
    <section className="space-y-4">
      <header>
        <h2 className="text-xl font-semibold text-slate-900"><Trans>Agents</Trans></h2>
        <p className="mt-1 max-w-3xl text-sm text-slate-600"><Trans>Outside AI agents using the UCP endpoints: by the origin of their UCP profile, or by OAuth client when linked to a shopper. A blocked agent gets the protocol's error on every call; blocking and unblocking are audited.</Trans></p>
      </header>
      <SearchInput label={t`Search agents`} placeholder={t`Origin, client or name...`} value={search} onChange={(text) => { setSearch(text); setOffset(0); }} busy={list.isFetching && !list.isPending} />
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <LoadError title={t`Failed to load agents`} error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.agents.length === 0 ? (
        <p className="text-sm text-slate-600">{q ? <Trans>No agent matches this search.</Trans> : <Trans>No agent has called the UCP endpoints yet.</Trans>}</p>
      ) : (
        // phones: the agent, its status and the action; the counts from 640 px
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-sm">
            <thead className="bg-slate-50 text-start text-xs font-medium uppercase text-slate-500">
              <tr>
                <th className="px-4 py-2 text-start"><Trans>Agent</Trans></th>
                <th className="hidden px-4 py-2 text-end sm:table-cell"><Trans>Requests</Trans></th>
                <th className="hidden px-4 py-2 text-end sm:table-cell"><Trans>Checkouts</Trans></th>
                <th className="hidden px-4 py-2 text-end sm:table-cell"><Trans>Orders</Trans></th>
                <th className="hidden px-4 py-2 text-start md:table-cell"><Trans>Last seen</Trans></th>
                <th className="px-4 py-2 text-start"><Trans>Status</Trans></th>
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
                  <td className="hidden px-4 py-2 text-end tabular-nums sm:table-cell">{formatCount(a.requests, locale)}</td>
                  <td className="hidden px-4 py-2 text-end tabular-nums sm:table-cell">{formatCount(a.checkouts, locale)}</td>
                  <td className="hidden px-4 py-2 text-end tabular-nums sm:table-cell">{formatCount(a.orders, locale)}</td>
                  <td className="hidden px-4 py-2 text-slate-600 md:table-cell">
                    {a.last_seen ? <When iso={a.last_seen} /> : '—'}
                    {a.signed && <span className="ms-2 text-xs text-emerald-700"><Trans>signed</Trans></span>}
                  </td>
                  <td className="px-4 py-2">
                    {a.blocked ? <span className="text-red-700" title={a.reason ?? undefined}><Trans>Blocked</Trans></span> : <span className="text-emerald-700"><Trans>Active</Trans></span>}
                  </td>
                  <td className="px-4 py-2 text-end">
                    {a.blocked ? (
                      <Button size="sm" variant="secondary" onClick={async () => {
                        try {
                          await adminApi('/api/admin/agents/unblock', { method: 'POST', body: { agent: a.agent } });
                          notify.success(t`Agent unblocked`);
                          await refresh();
                        } catch (err) {
                          notify.errorFrom(err, MSG.requestFailed);
                        }
                      }}><Trans>Unblock</Trans></Button>
                    ) : (
                      <InlineTextAction button={t`Block`} label={t`Reason for blocking (kept in the audit trail)`} submit={t`Block agent`} variant="danger" onSend={async (reason) => {
                        await adminApi('/api/admin/agents/block', { method: 'POST', body: { agent: a.agent, reason } });
                        notify.success(t`Agent blocked`);
                        await refresh();
                      }} />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination limit={ADMIN_AGENTS_PAGE_SIZE} offset={offset} total={list.data.total} onOffsetChange={setOffset} label={t`Agent pages`} />
        </div>
      )}
    </section>
  );
}
