import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminSupportConversation, SupportMessage, SupportStatus } from '@souq/shared/api/support';
import { ADMIN_SUPPORT_POLL_MS, SUPPORT_MESSAGE_MAX, SUPPORT_PRIORITIES, SUPPORT_QUICK_REPLIES, SUPPORT_STATUSES } from '@souq/shared/constants';
import { useMsg } from '@/lib/use-msg';
import { formatRelativeTime } from '@souq/shared/rules/relative-time';
import { api } from '@/lib/api-client';
import { useListQuery } from '@/lib/use-list-query';
import { statusBadge } from '@/lib/status-badges';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ChatBubble } from '@/components/ui/ChatBubble';
import { EmptyState } from '@/components/ui/EmptyState';
import { FilterBar, FilterSelect } from '@/components/ui/FilterBar';
import { MessageComposer } from '@/components/ui/MessageComposer';
import { PageHeader } from '@/components/ui/PageHeader';
import { Pagination } from '@/components/ui/Pagination';
import { SearchInput } from '@/components/ui/SearchInput';
import { Spinner } from '@/components/ui/Spinner';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { UnreadCount } from '@/components/ui/UnreadCount';
import { notify } from '@/components/ui/toast';
import { InboxPanes, InboxRow } from './InboxPanes';
import { useLiveRefresh } from './live-refresh';
import { formatDate } from '@souq/shared/rules/locale';

type Thread = { conversation: AdminSupportConversation; messages: SupportMessage[] };
const LIST_KEY = 'admin-support';
const THREAD_KEY = 'admin-support-thread';

const options = (values: readonly string[], kind: 'support' | 'priority') => values.map((v) => ({ value: v, label: statusBadge(kind, v).label }));
const QUICK_LABELS: Record<(typeof SUPPORT_QUICK_REPLIES)[number], MessageDescriptor> = {
  greeting: msg`Greeting`,
  investigating: msg`Investigating`,
  'need info': msg`Need info`,
  resolved: msg`Resolved`,
  'follow up': msg`Follow up`,
};

/**
 * Support Center (admin §2 "Support centre inbox", §4, §5, §7, §8): a searchable, filterable conversation list
 * polled every 3 s and live, and the selected thread with the five quick replies and Mark Resolved / Reopen.
 * Opening a thread marks the customer's messages read for staff. Used by the dashboard section and /admin/support.
 */
export function SupportSection() {
  const list = useListQuery<AdminSupportConversation, { status: string; priority: string }>({
    queryKey: LIST_KEY,
    path: '/api/admin/support/conversations',
    auth: 'admin',
    filters: { status: '', priority: '' },
  });
  const [selected, setSelected] = useState<number | null>(null);
  useLiveRefresh([LIST_KEY, THREAD_KEY], ['support.message', 'support.conversation'], ADMIN_SUPPORT_POLL_MS);

  return (
    <section aria-labelledby="support-heading" className="flex flex-col gap-4">
      <PageHeader id="support-heading" title={t`Support Center`} description={t`Customer conversations, newest activity first. New messages arrive as they are sent.`} />
      <FilterBar onClear={list.resetFilters} canClear={list.isFiltered} label={t`Conversation filters`}>
        <SearchInput label={t`Search conversations`} placeholder={t`Search subject, message, customer...`} value={list.searchText} onChange={list.setSearchText} busy={list.query.isFetching && !!list.items && list.searchText !== list.search} />
        <FilterSelect label={t`Status`} allLabel={t`All statuses`} value={list.filters.status} onChange={(v) => list.setFilter('status', v)} options={options(SUPPORT_STATUSES, 'support')} />
        <FilterSelect label={t`Priority`} allLabel={t`All priorities`} value={list.filters.priority} onChange={(v) => list.setFilter('priority', v)} options={options(SUPPORT_PRIORITIES, 'priority')} />
      </FilterBar>

      <InboxPanes
        showingDetail={selected !== null}
        detail={selected === null ? <EmptyState className="m-4 flex-1" title={t`Select a conversation`} description={t`Its messages and the reply box open here.`} /> : <ThreadPane key={selected} id={selected} onBack={() => setSelected(null)} />}
        list={<>
          <ConversationList
            rows={list.items}
            loading={list.query.isPending}
            error={list.tableProps.error}
            onRetry={list.tableProps.onRetry}
            selected={selected}
            onSelect={setSelected}
          />
          <Pagination {...list.paginationProps} label={t`Conversation pages`} />
        </>}
      />
    </section>
  );
}

function ConversationList({ rows, loading, error, onRetry, selected, onSelect }: {
  rows: AdminSupportConversation[] | undefined;
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
  selected: number | null;
  onSelect: (id: number) => void;
}) {
  const MSG = useMsg();
  if (loading && !rows) {
    return (
      <p className="p-6 text-center text-sm text-slate-600">
        <Spinner size="sm" label={MSG.supportLoadingConversations} />
      </p>
    );
  }
  if (error) {
    return (
      <Alert className="m-4" title={MSG.supportFetchFailed}>
        {error.message}{' '}
        <Button variant="secondary" size="sm" className="mt-2" onClick={onRetry}>
          <Trans>Try again</Trans>
        </Button>
      </Alert>
    );
  }
  if (!rows?.length) return <EmptyState className="m-4" title={MSG.supportNoConversations} />;
  return (
    <ul aria-label={t`Conversations`} className="min-h-0 flex-1 divide-y divide-slate-100 overflow-y-auto">
      {rows.map((c) => (
        <InboxRow key={c.id} selected={c.id === selected} onSelect={() => onSelect(c.id)}>
          <span className="flex items-center gap-2">
            <span className="min-w-0 flex-1 truncate text-sm font-semibold text-slate-900"><bdi>{c.user_name || c.user_email}</bdi></span>
            <time dateTime={c.updated_at} title={formatDate(c.updated_at, 'dayTime')} className="shrink-0 text-xs text-slate-500">
              {formatRelativeTime(c.updated_at)}
            </time>
          </span>
          <span dir="auto" className="truncate text-sm text-slate-800">{c.subject}</span>
          <span dir="auto" className="truncate text-xs text-slate-500">{c.last_message || '—'}</span>
          <span className="flex flex-wrap items-center gap-1.5">
            <StatusBadge kind="support" status={c.status} />
            <StatusBadge kind="priority" status={c.priority} />
            <UnreadCount count={c.unread_count} className="ms-auto" />
          </span>
        </InboxRow>
      ))}
    </ul>
  );
}

function ThreadPane({ id, onBack }: { id: number; onBack: () => void }) {
  const MSG = useMsg();
  const qc = useQueryClient();
  const [draft, setDraft] = useState('');
  const [updating, setUpdating] = useState(false);
  const thread = useQuery({
    queryKey: [THREAD_KEY, id],
    queryFn: async ({ signal }) => {
      const t = await api<Thread>(`/api/admin/support/conversations/${id}/messages`, { auth: 'admin', signal });
      // opening marks it read for staff: the list shows the returned conversation at once
      qc.setQueriesData<{ items: AdminSupportConversation[]; total: number }>({ queryKey: [LIST_KEY] }, (page) =>
        page && { ...page, items: page.items.map((x) => (x.id === id ? t.conversation : x)) });
      return t;
    },
    staleTime: 0,
  });
  const log = useRef<HTMLDivElement>(null);
  const count = thread.data?.messages.length ?? 0;
  useEffect(() => {
    log.current?.scrollTo({ top: log.current.scrollHeight });
  }, [count]);

  const refresh = () => Promise.all([qc.invalidateQueries({ queryKey: [THREAD_KEY, id] }), qc.invalidateQueries({ queryKey: [LIST_KEY] })]);

  async function send(text: string) {
    await api<SupportMessage>(`/api/admin/support/conversations/${id}/messages`, { method: 'POST', auth: 'admin', body: { message: text } });
    await refresh();
  }

  async function setStatus(status: SupportStatus) {
    setUpdating(true);
    try {
      await api(`/api/admin/support/conversations/${id}`, { method: 'PATCH', auth: 'admin', body: { status } });
      await refresh();
    } catch {
      notify.error(MSG.supportUpdateFailed);
    } finally {
      setUpdating(false);
    }
  }

  const c = thread.data?.conversation;
  const resolved = c?.status === 'resolved';
  return (
    <>
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-100 p-3 sm:px-4">
        <Button variant="ghost" size="sm" className="lg:hidden" onClick={onBack} aria-label={t`Back to conversations`}>
          <span aria-hidden="true" className="inline-block rtl:-scale-x-100">←</span>
        </Button>
        <div className="min-w-0 flex-[1_1_12rem]">
          <h3 dir="auto" className="truncate text-base font-semibold text-slate-900">{c?.subject ?? '\u00a0'}</h3>
          {c && <p className="truncate text-xs text-slate-500"><bdi>{c.user_name}</bdi> · <bdi>{c.user_email}</bdi></p>}
        </div>
        {c && (
          <div className="flex items-center gap-2">
            <StatusBadge kind="support" status={c.status} />
            <StatusBadge kind="priority" status={c.priority} />
            {resolved ? (
              <Button size="sm" variant="secondary" loading={updating} onClick={() => void setStatus('open')}>
                <Trans>Reopen</Trans>
              </Button>
            ) : (
              <Button size="sm" loading={updating} onClick={() => void setStatus('resolved')}>
                <Trans>Mark Resolved</Trans>
              </Button>
            )}
          </div>
        )}
      </div>

      <div ref={log} role="log" aria-live="polite" aria-label={t`Messages`} className="flex min-h-64 flex-1 flex-col gap-3 overflow-y-auto bg-slate-50/60 p-4">
        {thread.isPending ? (
          <p className="m-auto text-sm text-slate-600">
            <Spinner size="sm" label={MSG.supportLoadingMessages} />
          </p>
        ) : thread.isError ? (
          <p className="m-auto text-sm text-slate-600">{thread.error.message}</p>
        ) : !thread.data.messages.length ? (
          <p className="m-auto text-sm text-slate-500">{MSG.supportNoMessages}</p>
        ) : (
          thread.data.messages.map((m) => (
            <ChatBubble
              key={m.id}
              side={m.sender_type === 'support' ? 'mine' : m.sender_type === 'system' ? 'note' : 'theirs'}
              sender={m.sender_name}
              text={m.message}
              at={m.created_at}
            />
          ))
        )}
      </div>

      {c && !resolved && (
        <div className="flex flex-col gap-2 border-t border-slate-100 p-3 sm:px-4">
          <div role="group" aria-label={t`Quick replies`} className="flex flex-wrap gap-1.5">
            {SUPPORT_QUICK_REPLIES.map((q) => (
              <button
                key={q}
                type="button"
                onClick={() => setDraft(MSG.supportQuickReplies[q])}
                className="rounded-full border border-slate-200 bg-white px-3 py-1 text-xs font-medium text-slate-700 hover:border-brand-600/40 hover:bg-brand-50"
              >
                {i18n._(QUICK_LABELS[q])}
              </button>
            ))}
          </div>
          <MessageComposer
            label={t`Reply`}
            placeholder={t`Type a reply…`}
            maxLength={SUPPORT_MESSAGE_MAX}
            value={draft}
            onValueChange={setDraft}
            onSend={send}
            onFailure={() => notify.error(MSG.supportSendFailed)}
          />
        </div>
      )}
    </>
  );
}
