import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useNavigate } from 'react-router';
import type { ChatbotStats } from '@souq/shared/api/reports';
import { useMsg } from '@/lib/use-msg';
import { Button } from '@/components/ui/Button';
import { PageHeader } from '@/components/ui/PageHeader';
import { Skeleton } from '@/components/ui/Skeleton';
import { StatCard, StatGrid } from '@/components/ui/StatCard';
import { useAdminQuery } from '../api';
import { LoadError } from '../parts/LoadError';
import { RefreshButton } from '../parts/RefreshButton';
import { sectionUrl } from '../sections';
import { formatCount } from '@souq/shared/rules/locale';

const percent = (share: number) => `${Math.round(share * 100)}%`;

/**
 * AI Chatbot Management (admin §2): in place of the prototype's static 156 / 94% / 4.8, the real figures of the last
 * 24 hours from the stored assistant conversations: chats, messages per chat, the share of chats that put something
 * in the cart, and what shoppers asked about most (a fixed keyword list per topic, no model).
 */
export function AiChatbotSection() {
  const MSG = useMsg();
  const navigate = useNavigate();
  const stats = useAdminQuery<ChatbotStats>(['admin-chatbot'], '/api/admin/chatbot');
  const s = stats.data;
  const top = s?.topics[0]?.messages ?? 0;

  return (
    <section aria-labelledby="chatbot-heading" className="space-y-5">
      <PageHeader
        id="chatbot-heading"
        title={t`AI Chatbot Management`}
        description={t`How shoppers used the AI assistant in the last 24 hours.`}
        actions={
          <>
            <Button variant="secondary" size="sm" onClick={() => navigate(sectionUrl('chat-monitor'))}><Trans>Open Live Chat Monitor</Trans></Button>
            <RefreshButton query={stats} />
          </>
        }
      />
      {stats.isError && !s ? (
        <LoadError title={MSG.loadChatbotFailed} error={stats.error} onRetry={() => void stats.refetch()} />
      ) : (
        <>
          <StatGrid label={t`Assistant figures, last 24 hours`}>
            <StatCard label={t`Chats (24 h)`} loading={!s} value={formatCount(s?.chats)} hint={s && plural(s.user_messages, { one: `${formatCount(s.user_messages)} question asked`, other: `${formatCount(s.user_messages)} questions asked` })} />
            <StatCard label={t`Messages per chat`} loading={!s} value={formatCount(s?.messages_per_chat)} hint={s && plural(s.messages, { one: `${formatCount(s.messages)} message in all`, other: `${formatCount(s.messages)} messages in all` })} />
            <StatCard label={t`Chats ending in add-to-cart`} loading={!s} value={s && percent(s.add_to_cart_share)} hint={s && plural(s.chats, { one: `${formatCount(s.chats_with_add_to_cart)} of ${formatCount(s.chats)} chat`, other: `${formatCount(s.chats_with_add_to_cart)} of ${formatCount(s.chats)} chats` })} />
            <StatCard label={t`Top topic`} loading={!s} value={s ? (s.topics[0]?.topic ?? '—') : undefined} hint={s?.topics[0] && plural(s.topics[0].messages, { one: `${formatCount(s.topics[0].messages)} question`, other: `${formatCount(s.topics[0].messages)} questions` })} />
          </StatGrid>
          <section aria-labelledby="topics-heading" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
            <h3 id="topics-heading" className="text-base font-semibold text-slate-900"><Trans>Most asked topics</Trans></h3>
            <p className="mt-0.5 text-sm text-slate-500"><Trans>Shoppers' questions of the last 24 hours by topic; one question can touch several topics.</Trans></p>
            {!s ? (
              <div className="mt-4 space-y-3"><Skeleton className="h-5 w-full" /><Skeleton className="h-5 w-4/5" /><Skeleton className="h-5 w-3/5" /></div>
            ) : s.topics.length === 0 ? (
              <p className="mt-4 text-sm text-slate-500">{MSG.noData}: <Trans>no questions in the last 24 hours.</Trans></p>
            ) : (
              <table className="mt-4 w-full text-sm">
                <caption className="sr-only"><Trans>Most asked topics</Trans></caption>
                <thead className="sr-only"><tr><th scope="col"><Trans>Topic</Trans></th><th scope="col"><Trans>Questions</Trans></th></tr></thead>
                <tbody>
                  {s.topics.map((t) => (
                    <tr key={t.topic}>
                      <th scope="row" className="w-40 py-1.5 pe-3 text-start font-medium whitespace-nowrap text-slate-700 sm:w-56">{t.topic}</th>
                      <td className="py-1.5">
                        <div className="flex items-center gap-3">
                          <div className="h-2.5 flex-1 rounded-full bg-slate-100" aria-hidden="true">
                            <div className="h-full rounded-full bg-brand-600" style={{ width: `${Math.max(4, (t.messages / top) * 100)}%` }} />
                          </div>
                          <span className="w-10 text-end tabular-nums text-slate-900">{formatCount(t.messages)}</span>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </>
      )}
    </section>
  );
}
