import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SupportConversation, SupportPriority } from '@souq/shared/api/support';
import { canCreateSupportTicket } from '@souq/shared/rules/support';
import { SUPPORT_MESSAGE_MAX, SUPPORT_PANEL_MINIMISED, SUPPORT_PANEL_SIZE, SUPPORT_PRIORITIES, SUPPORT_SUBJECT_MAX } from '@souq/shared/constants';
import { formatRelativeTime } from '@souq/shared/rules/relative-time';
import { Button } from '@/components/ui/Button';
import { ChatBubble } from '@/components/ui/ChatBubble';
import { MessageComposer } from '@/components/ui/MessageComposer';
import { Spinner } from '@/components/ui/Spinner';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { cx } from '@/components/ui/cx';
import { PathIcon } from '@/components/ui/PathIcon';
import { UnreadCount } from '@/components/ui/UnreadCount';
import { useLiveEvents } from '@/lib/live-events';
import { useCustomerToken } from '@/lib/session';
import { useLocation } from 'react-router';
import { useFloatingOffset } from './floating-offset';
import { currentMsg, useMsg } from '@/lib/use-msg';
import { createConversation, postMessage, supportKeys, totalUnread, useConversations, useThread, type Thread } from './api';
import { formatDate } from '@souq/shared/rules/locale';
import { Trans } from '@lingui/react/macro';
import { msg, t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { MessageDescriptor } from '@lingui/core';

type PanelState = 'closed' | 'open' | 'minimised';
type View = { name: 'list' } | { name: 'new' } | { name: 'thread'; id: number };

// the priorities' names in the page's language (the value sent stays the code)
const PRIORITY_LABELS: Record<SupportPriority, MessageDescriptor> = { low: msg`Low`, normal: msg`Normal`, high: msg`High`, urgent: msg`Urgent` };
const icons = {
  chat: 'M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z',
  minimise: 'M5 12h14',
  close: 'M6 6l12 12M18 6L6 18',
  back: 'M15 18l-6-6 6-6',
  plus: 'M12 5v14M5 12h14',
};
/**
 * The floating support chat (customer spec §2 "Support chat widget", §4, §5, §8): rendered only for a signed-in
 * customer; a round button with the summed unread badge opens a 380×500 panel (300×60 minimised) with the ticket
 * list, the new-ticket form and a thread. Polls every 5 s while open; the live stream brings messages at once.
 */
export default function SupportWidget() {
  const token = useCustomerToken();
  const qc = useQueryClient();
  const [panel, setPanel] = useState<PanelState>('closed');
  const [view, setView] = useState<View>({ name: 'list' });
  const open = panel === 'open';
  const list = useConversations(open && view.name !== 'new');
  // a thread is read (and so marked read) only while it is on screen: a closed or minimised panel keeps its badge
  const thread = useThread(open && view.name === 'thread' ? view.id : null, open && view.name === 'thread');
  const unread = totalUnread(list.data);
  // clear of controls docked at the bottom right (the chat's message box)
  const { lift, covered } = useFloatingOffset(useLocation().pathname);
  const placement = lift ? { bottom: lift } : undefined;

  useLiveEvents('customer', (e) => {
    if (e.type === 'ready' || e.type === 'support.message' || e.type === 'support.conversation') {
      void qc.invalidateQueries({ queryKey: supportKeys.all });
    }
  }, { token });

  if (panel === 'closed') {
    if (covered) return null;
    return (
      <button
        type="button"
        onClick={() => setPanel('open')}
        style={placement}
        aria-label={unread > 0 ? t`Support chat, ${unread} unread` : t`Support chat`}
        className="fixed end-4 bottom-4 z-40 inline-flex h-14 w-14 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg ring-1 ring-black/5 transition hover:bg-brand-800 focus-visible:ring-4 focus-visible:ring-brand-600/40 focus-visible:outline-none sm:end-6 sm:bottom-6"
      >
        <PathIcon d={icons.chat} className="h-6 w-6" strokeWidth={2} />
        <UnreadCount count={unread} className="absolute -top-1 -end-1 ring-2 ring-white" />
      </button>
    );
  }

  const minimised = panel === 'minimised';
  const size = minimised ? SUPPORT_PANEL_MINIMISED : SUPPORT_PANEL_SIZE;
  return (
    <section
      aria-label={t`Support chat`}
      style={{ width: size.width, height: size.height, ...placement, ...(lift ? { maxHeight: `calc(100dvh - ${lift + 16}px)` } : {}) }}
      className="fixed end-4 bottom-4 z-40 flex max-h-[calc(100dvh-2rem)] max-w-[calc(100vw-2rem)] flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl sm:end-6 sm:bottom-6"
    >
      <header className="flex h-[60px] shrink-0 items-center gap-2 bg-brand-700 px-3 text-white">
        <button
          type="button"
          onClick={() => minimised && setPanel('open')}
          aria-label={minimised ? t`Restore support chat` : undefined}
          tabIndex={minimised ? 0 : -1}
          className={cx('flex min-w-0 flex-1 items-center gap-2 text-start', minimised ? 'cursor-pointer' : 'cursor-default')}
        >
          <PathIcon d={icons.chat} strokeWidth={2} />
          <span className="truncate font-semibold"><Trans>Support</Trans></span>
          {minimised && <UnreadCount count={unread} />}
        </button>
        {!minimised && (
          <button type="button" onClick={() => setPanel('minimised')} aria-label={t`Minimise support chat`} className="rounded-md p-1.5 hover:bg-white/15">
            <PathIcon d={icons.minimise} strokeWidth={2} />
          </button>
        )}
        <button
          type="button"
          // closing ends the visit (the next open starts at the list); minimising keeps the place
          onClick={() => {
            setPanel('closed');
            setView({ name: 'list' });
          }}
          aria-label={t`Close support chat`}
          className="rounded-md p-1.5 hover:bg-white/15"
        >
          <PathIcon d={icons.close} strokeWidth={2} />
        </button>
      </header>
      {!minimised && (
        <div className="flex min-h-0 flex-1 flex-col">
          {view.name === 'list' && (
            <ConversationList
              conversations={list.data}
              loading={list.isPending}
              onNew={() => setView({ name: 'new' })}
              onOpen={(id) => setView({ name: 'thread', id })}
            />
          )}
          {view.name === 'new' && (
            <NewTicket
              onCancel={() => setView({ name: 'list' })}
              onCreated={async (c) => {
                await qc.invalidateQueries({ queryKey: supportKeys.list });
                setView({ name: 'thread', id: c.id });
              }}
            />
          )}
          {view.name === 'thread' && (
            <ThreadView
              id={view.id}
              fallback={list.data?.find((c) => c.id === view.id)}
              thread={thread.data}
              loading={thread.isPending}
              onBack={() => setView({ name: 'list' })}
            />
          )}
        </div>
      )}
    </section>
  );
}

function ConversationList({ conversations, loading, onNew, onOpen }: {
  conversations: SupportConversation[] | undefined;
  loading: boolean;
  onNew: () => void;
  onOpen: (id: number) => void;
}) {
  const texts = useMsg();
  return (
    <>
      <div className="border-b border-slate-100 p-3">
        <Button className="w-full" icon={<PathIcon d={icons.plus} className="h-4 w-4" strokeWidth={2} />} onClick={onNew}>
          <Trans>New Support Ticket</Trans>
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {loading && !conversations ? (
          <p className="p-6 text-center text-sm text-slate-600">
            <Spinner size="sm" label={texts.supportLoadingConversations} />
          </p>
        ) : !conversations?.length ? (
          <div className="flex flex-col items-center gap-1 px-6 py-10 text-center">
            <p className="font-medium text-slate-800">{texts.supportNoTickets}</p>
            <p className="text-sm text-slate-500">{texts.supportNoTicketsHint}</p>
          </div>
        ) : (
          <ul className="divide-y divide-slate-100">
            {conversations.map((c) => (
              <li key={c.id}>
                <button type="button" onClick={() => onOpen(c.id)} className="flex w-full flex-col gap-1 px-4 py-3 text-start hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none">
                  <span className="flex items-center gap-2">
                    <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900">{c.subject}</span>
                    <UnreadCount count={c.unread_count} />
                    <StatusBadge kind="support" status={c.status} />
                  </span>
                  <span className="flex items-center gap-2 text-xs text-slate-500">
                    <span className="min-w-0 flex-1 truncate">{c.last_message || '—'}</span>
                    <time dateTime={c.updated_at} title={formatDate(c.updated_at, 'dayTime')} className="shrink-0">
                      {formatRelativeTime(c.updated_at)}
                    </time>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

function NewTicket({ onCancel, onCreated }: { onCancel: () => void; onCreated: (c: SupportConversation) => Promise<void> }) {
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [priority, setPriority] = useState<SupportPriority>('normal');
  const [busy, setBusy] = useState(false);
  const { i18n } = useLingui();
  const ready = canCreateSupportTicket(subject, message);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    try {
      const created = await createConversation({ subject: subject.trim(), message: message.trim(), priority });
      setSubject('');
      setMessage('');
      setPriority('normal');
      await onCreated(created);
    } catch {
      window.alert(currentMsg().supportCreateFailed);
    } finally {
      setBusy(false);
    }
  }

  const field = 'w-full rounded-lg border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none';
  return (
    <form onSubmit={submit} className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto p-4">
      <h3 className="text-base font-semibold text-slate-900"><Trans>New Support Ticket</Trans></h3>
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
        <Trans>Subject</Trans>
        <input value={subject} onChange={(e) => setSubject(e.target.value)} maxLength={SUPPORT_SUBJECT_MAX} placeholder={t`What do you need help with?`} className={field} />
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
        <Trans>Message</Trans>
        <textarea value={message} onChange={(e) => setMessage(e.target.value)} maxLength={SUPPORT_MESSAGE_MAX} rows={4} placeholder={t`Describe the issue`} className={cx(field, 'resize-none')} />
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
        <Trans>Priority</Trans>
        <select value={priority} onChange={(e) => setPriority(e.target.value as SupportPriority)} className={field}>
          {SUPPORT_PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {i18n._(PRIORITY_LABELS[p])}
            </option>
          ))}
        </select>
      </label>
      <div className="mt-auto flex gap-2">
        <Button type="button" variant="secondary" className="flex-1" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" className="flex-1" disabled={!ready} loading={busy}>
          <Trans>Create Ticket</Trans>
        </Button>
      </div>
    </form>
  );
}

function ThreadView({ id, thread, fallback, loading, onBack }: {
  id: number;
  thread: Thread | undefined;
  fallback: SupportConversation | undefined;
  loading: boolean;
  onBack: () => void;
}) {
  const qc = useQueryClient();
  const texts = useMsg();
  const log = useRef<HTMLDivElement>(null);
  const count = thread?.messages.length ?? 0;
  useEffect(() => {
    log.current?.scrollTo({ top: log.current.scrollHeight });
  }, [count]);
  const conversation = thread?.conversation ?? fallback;
  const resolved = conversation?.status === 'resolved';

  async function send(text: string) {
    const message = await postMessage(id, text);
    qc.setQueryData<Thread>(supportKeys.thread(id), (t) => (t ? { ...t, messages: [...t.messages, message] } : t));
    void qc.invalidateQueries({ queryKey: supportKeys.list });
  }

  return (
    <>
      <div className="flex items-center gap-2 border-b border-slate-100 px-2 py-2">
        <button type="button" onClick={onBack} aria-label={t`Back to conversations`} className="rounded-md p-1.5 text-slate-600 hover:bg-slate-100">
          <PathIcon d={icons.back} strokeWidth={2} />
        </button>
        <h3 className="min-w-0 flex-1 truncate text-sm font-semibold text-slate-900">{conversation?.subject ?? ''}</h3>
        {conversation && <StatusBadge kind="support" status={conversation.status} />}
      </div>
      <div role="log" aria-live="polite" aria-label={t`Messages`} className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto px-3 py-3" ref={log}>
        {loading && !thread ? (
          <p className="m-auto text-sm text-slate-600">
            <Spinner size="sm" label={texts.supportLoadingMessages} />
          </p>
        ) : !thread?.messages.length ? (
          <p className="m-auto px-4 text-center text-sm text-slate-500">{texts.supportEmptyThread}</p>
        ) : (
          thread.messages.map((m) => (
            <ChatBubble
              key={m.id}
              side={m.sender_type === 'user' ? 'mine' : m.sender_type === 'system' ? 'note' : 'theirs'}
              sender={m.sender_type === 'user' ? t`You` : m.sender_name}
              text={m.message}
              at={m.created_at}
            />
          ))
        )}
      </div>
      {resolved ? (
        <p className="border-t border-slate-100 px-4 py-3 text-center text-sm text-slate-600">{texts.supportConversationResolved}</p>
      ) : (
        <MessageComposer
          className="border-t border-slate-100 p-3"
          label={t`Message`}
          placeholder={t`Type your message…`}
          maxLength={SUPPORT_MESSAGE_MAX}
          onSend={send}
          onFailure={() => window.alert(currentMsg().supportSendFailed)}
        />
      )}
    </>
  );
}
