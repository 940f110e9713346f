import { t } from '@lingui/core/macro';
import { Plural, Trans } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatMonitorMessage, ChatSession } from '@souq/shared/api/chat-monitor';
import { CHAT_MONITOR_REFRESH_MS, CHAT_PRIORITIES, CHAT_SESSION_STATUSES } from '@souq/shared/constants';
import { useMsg } from '@/lib/use-msg';
import { formatRelativeTime } from '@souq/shared/rules/relative-time';
import { api } from '@/lib/api-client';
import { useListQuery } from '@/lib/use-list-query';
import { statusBadge } from '@/lib/status-badges';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ChatBubble } from '@/components/ui/ChatBubble';
import { EmptyState } from '@/components/ui/EmptyState';
import { Select } from '@/components/ui/Field';
import { FilterBar, FilterSelect } from '@/components/ui/FilterBar';
import { MessageComposer } from '@/components/ui/MessageComposer';
import { PageHeader } from '@/components/ui/PageHeader';
import { Pagination } from '@/components/ui/Pagination';
import { Spinner } from '@/components/ui/Spinner';
import { StatCard, StatGrid } from '@/components/ui/StatCard';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { UnreadCount } from '@/components/ui/UnreadCount';
import { notify } from '@/components/ui/toast';
import { InboxPanes, InboxRow } from './InboxPanes';
import { useLiveRefresh } from './live-refresh';
import { formatCount, formatDate } from '@souq/shared/rules/locale';

type Analytics = { active_sessions: number; urgent_sessions: number; unique_users: number; total_messages: number };
type Detail = { session: ChatSession; messages: ChatMonitorMessage[] };
const LIST_KEY = 'admin-chats';
const DETAIL_KEY = 'admin-chat';
const STATS_KEY = 'admin-chat-stats';

// the spec's status filter offers all, active, paused and escalated; the other two filter priority and assignment
const STATUS_FILTER = CHAT_SESSION_STATUSES.filter((s) => s !== 'closed').map((s) => ({ value: s, label: statusBadge('chat', s).label }));
const PRIORITY_FILTER = CHAT_PRIORITIES.map((p) => ({ value: p, label: statusBadge('priority', p).label }));
const ASSIGNED_FILTER = [
  { value: 'me', label: t`Assigned to me` },
  { value: 'unassigned', label: t`Unassigned` },
];

/** Three filters wrap to two rows on phones instead of squeezing their words. */
const FILTER_WIDTH = 'min-w-[9rem] flex-1 sm:w-auto sm:flex-none';
/** A person's name as typed; a guest, the assistant and the system by their role, in the admin's language. */
function who(s: { first_name: string; last_name: string; message_type?: ChatMonitorMessage['message_type'] }): string {
  if (s.message_type === 'assistant') return t`AI Assistant`;
  if (s.message_type === 'system') return t`System`;
  return `${s.first_name} ${s.last_name}`.trim() || t`Guest`;
}
const logFailure = (err: unknown) => console.error('chat monitor', err);

/**
 * Live Chat Monitor (admin §2, §3, §4, §7): the shoppers' real assistant conversations with the 24-hour counts, the
 * status, priority and assignment filters, and a detail pane with the transcript, assign, status, mark read and a
 * reply that reaches the shopper's open chat. Refreshes every 60 s and whenever a session changes.
 */
export function ChatMonitorSection() {
  const list = useListQuery<ChatSession, { status: string; priority: string; assigned: string }>({
    queryKey: LIST_KEY,
    path: '/api/admin/chats',
    auth: 'admin',
    filters: { status: '', priority: '', assigned: '' },
    searchParam: null,
    urlPrefix: 'chat_',
  });
  const stats = useQuery({
    queryKey: [STATS_KEY],
    queryFn: ({ signal }) => api<Analytics>('/api/admin/chats/analytics/24h', { auth: 'admin', signal }),
  });
  const [selected, setSelected] = useState<string | null>(null);
  useLiveRefresh([LIST_KEY, STATS_KEY, DETAIL_KEY], ['chat.session'], CHAT_MONITOR_REFRESH_MS);
  useEffect(() => {
    if (list.query.error) logFailure(list.query.error);
    if (stats.error) logFailure(stats.error);
  }, [list.query.error, stats.error]);

  const figure = (n: number | undefined) => (n === undefined ? '—' : formatCount(n));
  return (
    <section aria-labelledby="monitor-heading" className="flex flex-col gap-4">
      <PageHeader id="monitor-heading" title={t`Live Chat Monitor`} description={t`Shoppers' conversations with the assistant. Answer one and your reply appears in their chat.`} />
      <StatGrid label={t`Last 24 hours`} className="grid-cols-2">
        <StatCard label={t`Active Sessions`} value={figure(stats.data?.active_sessions)} hint={t`last 24 hours`} loading={stats.isPending} />
        <StatCard label={t`Urgent Sessions`} value={figure(stats.data?.urgent_sessions)} hint={t`last 24 hours`} loading={stats.isPending} />
        <StatCard label={t`Unique Users`} value={figure(stats.data?.unique_users)} hint={t`last 24 hours`} loading={stats.isPending} />
        <StatCard label={t`Total Messages`} value={figure(stats.data?.total_messages)} hint={t`last 24 hours`} loading={stats.isPending} />
      </StatGrid>
      <FilterBar onClear={list.resetFilters} canClear={list.isFiltered} label={t`Session filters`}>
        <FilterSelect label={t`Status`} allLabel={t`All statuses`} className={FILTER_WIDTH} value={list.filters.status} onChange={(v) => list.setFilter('status', v)} options={STATUS_FILTER} />
        <FilterSelect label={t`Priority`} allLabel={t`All priorities`} className={FILTER_WIDTH} value={list.filters.priority} onChange={(v) => list.setFilter('priority', v)} options={PRIORITY_FILTER} />
        <FilterSelect label={t`Assigned`} allLabel={t`Anyone`} className={FILTER_WIDTH} value={list.filters.assigned} onChange={(v) => list.setFilter('assigned', v)} options={ASSIGNED_FILTER} />
      </FilterBar>

      <InboxPanes
        showingDetail={selected !== null}
        detail={selected ? <SessionPane key={selected} id={selected} onBack={() => setSelected(null)} /> : <EmptyState className="m-4 flex-1" title={t`Select a session`} description={t`Its transcript and the admin controls open here.`} />}
        list={<>
          {list.query.isPending ? (
            <p className="p-6 text-center text-sm text-slate-600">
              <Spinner size="sm" label={t`Loading sessions...`} />
            </p>
          ) : !list.items?.length ? (
            <EmptyState className="m-4" title={t`No chat sessions`} description={list.isFiltered ? t`No session matches these filters.` : t`Conversations appear here as shoppers chat with the assistant.`} />
          ) : (
            <ul aria-label={t`Chat sessions`} className="min-h-0 flex-1 divide-y divide-slate-100 overflow-y-auto">
              {list.items.map((s) => (
                <InboxRow key={s.id} selected={s.id === selected} onSelect={() => setSelected(s.id)}>
                  <span className="flex items-center gap-2">
                    <bdi className="min-w-0 flex-1 truncate text-sm font-semibold text-slate-900">{who(s)}</bdi>
                    <time dateTime={s.last_message_at} title={formatDate(s.last_message_at, 'dayTime')} className="shrink-0 text-xs text-slate-500">
                      {formatRelativeTime(s.last_message_at)}
                    </time>
                  </span>
                  {/* the last message as written, in its own language and direction */}
                  <span dir="auto" className="truncate text-xs text-slate-500">{s.last_message?.replace(/\*\*/g, '') ?? '—'}</span>
                  <span className="flex flex-wrap items-center gap-1.5">
                    <StatusBadge kind="chat" status={s.status} />
                    <StatusBadge kind="priority" status={s.priority} />
                    <span className="text-xs text-slate-500"><Plural value={s.total_messages} one="# messages" other="# messages" /></span>
                    <UnreadCount count={s.unread_messages} className="ms-auto" />
                  </span>
                </InboxRow>
              ))}
            </ul>
          )}
          <Pagination {...list.paginationProps} label={t`Session pages`} />
        </>}
      />
    </section>
  );
}

function SessionPane({ id, onBack }: { id: string; onBack: () => void }) {
  const MSG = useMsg();
  const qc = useQueryClient();
  const detail = useQuery({
    queryKey: [DETAIL_KEY, id],
    queryFn: ({ signal }) => api<Detail>(`/api/admin/chats/${id}`, { auth: 'admin', signal }),
  });
  const [busy, setBusy] = useState<string | null>(null);
  const log = useRef<HTMLDivElement>(null);
  const count = detail.data?.messages.length ?? 0;
  useEffect(() => {
    log.current?.scrollTo({ top: log.current.scrollHeight });
  }, [count]);

  const refresh = () => Promise.all([DETAIL_KEY, LIST_KEY, STATS_KEY].map((k) => qc.invalidateQueries({ queryKey: [k] })));

  /** One admin action; a failure is logged (admin §8) and told in a toast. */
  async function act(name: string, path: string, body: unknown, method = 'POST') {
    setBusy(name);
    try {
      await api(`/api/admin/chats/${id}/${path}`, { method, auth: 'admin', body });
      await refresh();
    } catch (err) {
      logFailure(err);
      notify.errorFrom(err, MSG.requestFailed);
    } finally {
      setBusy(null);
    }
  }

  async function reply(text: string) {
    await api(`/api/admin/chats/${id}/messages`, { method: 'POST', auth: 'admin', body: { message: text } });
    await refresh();
  }

  if (detail.isPending) {
    return (
      <p className="m-auto p-6 text-sm text-slate-600">
        <Spinner size="sm" label={t`Loading transcript...`} />
      </p>
    );
  }
  if (detail.isError) return <Alert className="m-4">{detail.error.message}</Alert>;
  const { session: s, messages } = detail.data;
  return (
    <>
      <div className="flex flex-col gap-3 border-b border-slate-100 p-3 sm:px-4">
        <div className="flex items-center gap-2">
          <Button variant="ghost" size="sm" className="lg:hidden" onClick={onBack} aria-label={t`Back to sessions`}>
            ←
          </Button>
          <div className="min-w-0 flex-1">
            <h3 className="truncate text-base font-semibold text-slate-900">{who(s)}</h3>
            <p className="truncate text-xs text-slate-500">
              <bdi>{s.session_name}</bdi> · <Plural value={s.total_messages} one="# messages" other="# messages" />{s.status_notes ? <> · <bdi>{s.status_notes}</bdi></> : ''}
            </p>
          </div>
          <StatusBadge kind="chat" status={s.status} />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <label className="flex items-center gap-1.5 text-xs font-medium text-slate-600">
            <Trans>Status</Trans>
            <Select value={s.status} disabled={busy !== null} onChange={(e) => void act('status', 'status', { status: e.target.value }, 'PATCH')} className="h-8 w-32 text-xs">
            {CHAT_SESSION_STATUSES.map((v) => (
              <option key={v} value={v}>
                {statusBadge('chat', v).label}
              </option>
            ))}
            </Select>
          </label>
          <label className="flex items-center gap-1.5 text-xs font-medium text-slate-600">
            <Trans>Priority</Trans>
            <Select value={s.priority} disabled={busy !== null} onChange={(e) => void act('priority', 'status', { status: s.status, priority: e.target.value }, 'PATCH')} className="h-8 w-28 text-xs">
            {CHAT_PRIORITIES.map((v) => (
              <option key={v} value={v}>
                {statusBadge('priority', v).label}
              </option>
            ))}
            </Select>
          </label>
          {s.admin_assigned === null ? (
            <Button size="sm" variant="secondary" loading={busy === 'assign'} disabled={busy !== null} onClick={() => void act('assign', 'assign', {})}>
              <Trans>Assign to me</Trans>
            </Button>
          ) : (
            <Button size="sm" variant="secondary" loading={busy === 'assign'} disabled={busy !== null} onClick={() => void act('assign', 'assign', { adminId: null })}>
              <Trans>Unassign</Trans>
            </Button>
          )}
          <Button size="sm" variant="secondary" loading={busy === 'read'} disabled={busy !== null || s.unread_messages === 0} onClick={() => void act('read', 'mark-read', {})}>
            <Trans>Mark read</Trans>{s.unread_messages > 0 ? ` (${s.unread_messages})` : ''}
          </Button>
        </div>
      </div>

      <div ref={log} role="log" aria-label={t`Transcript`} className="flex min-h-64 flex-1 flex-col gap-3 overflow-y-auto bg-slate-50/60 p-4">
        {messages.length === 0 ? (
          <p className="m-auto text-sm text-slate-500">{MSG.supportNoMessages}</p>
        ) : (
          messages.map((m) => (
            <ChatBubble
              key={m.id}
              side={m.message_type === 'admin' ? 'mine' : m.message_type === 'system' ? 'note' : 'theirs'}
              sender={m.message_type === 'admin' ? `${who(m)} · ${MSG.chatSupportLabel}` : who(m)}
              text={m.message_content}
              at={m.timestamp}
              formatted={m.message_type === 'assistant'}
            />
          ))
        )}
      </div>

      <div className="border-t border-slate-100 p-3 sm:px-4">
        <MessageComposer label={t`Reply to the shopper`} placeholder={t`Reply to the shopper…`} maxLength={4000} onSend={reply} onFailure={(err) => { logFailure(err); notify.errorFrom(err, MSG.supportSendFailed); }} />
      </div>
    </>
  );
}
