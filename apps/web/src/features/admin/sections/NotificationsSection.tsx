import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import type { DeliveryResult } from '@souq/shared/api/notifications';
import { NOTIFICATION_TYPES } from '@souq/shared/constants';
import { useMsg } from '@/lib/use-msg';
import { api, ApiError } from '@/lib/api-client';
import { Button } from '@/components/ui/Button';
import { Field, Input, Select, Textarea } from '@/components/ui/Field';
import { PageHeader } from '@/components/ui/PageHeader';
import { StatCard, StatGrid } from '@/components/ui/StatCard';
import { notify } from '@/components/ui/toast';
import { formatCount } from '@souq/shared/rules/locale';

type BroadcastType = (typeof NOTIFICATION_TYPES)[number];
const TYPE_LABELS: Record<BroadcastType, string> = { general: 'General', promotion: 'Promotion', update: 'Update', announcement: 'Announcement' };

/**
 * Push Notification Management (admin §2 "Notifications", §5, §7, §8): a broadcast to every subscribed browser
 * (promotions only to people who accept them), with the last result's delivery counts.
 */
export function NotificationsSection() {
  const MSG = useMsg();
  const [type, setType] = useState<BroadcastType>('general');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [url, setUrl] = useState('');
  const [sending, setSending] = useState(false);
  const [last, setLast] = useState<DeliveryResult | null>(null);

  async function send(e: FormEvent) {
    e.preventDefault();
    if (sending) return;
    if (!title.trim() || !body.trim()) return notify.error(MSG.fillTitleAndBody);
    setSending(true);
    try {
      const result = await api<DeliveryResult>('/api/notifications/broadcast', {
        method: 'POST',
        auth: 'admin',
        body: { type, title: title.trim(), body: body.trim(), ...(url.trim() ? { url: url.trim() } : {}) },
      });
      setLast(result);
      notify.success(MSG.notificationSent(result.message));
    } catch (err) {
      // the server refused (its error text), or the request never got an answer
      notify.error(err instanceof ApiError && err.status > 0 ? MSG.sendNotificationFailedWith(err.message) : MSG.errorSendingNotification(err instanceof Error ? err.message : String(err)));
    } finally {
      setSending(false);
    }
  }

  return (
    <section aria-labelledby="notifications-heading" className="flex flex-col gap-4">
      <PageHeader id="notifications-heading" title={t`Push Notification Management`} description={t`Send a notification to every customer who turned notifications on. Promotions go only to those who accept them.`} />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(16rem,1fr)]">
        <form onSubmit={send} noValidate className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <Field label={t`Type`}>
            <Select value={type} onChange={(e) => setType(e.target.value as BroadcastType)}>
              {NOTIFICATION_TYPES.map((t) => (
                <option key={t} value={t}>
                  {TYPE_LABELS[t]}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t`Title`} required>
            <Input value={title} onChange={(e) => setTitle(e.target.value)} maxLength={120} placeholder={t`e.g. Weekend sale starts now`} />
          </Field>
          <Field label={t`Message`} required>
            <Textarea value={body} onChange={(e) => setBody(e.target.value)} maxLength={500} rows={4} placeholder={t`What customers read in the notification`} />
          </Field>
          <Field label={t`URL`} hint={t`Optional: the page that opens when the notification is clicked, e.g. /ai-assistant`}>
            <Input value={url} onChange={(e) => setUrl(e.target.value)} maxLength={500} placeholder={t`/ai-assistant`} />
          </Field>
          <div>
            <Button type="submit" loading={sending}>
              {sending ? t`Sending...` : t`Send Notification`}
            </Button>
          </div>
        </form>
        <div className="flex flex-col gap-3">
          <h3 className="text-sm font-semibold text-slate-700"><Trans>Last broadcast</Trans></h3>
          <StatGrid columns={2} label={t`Last broadcast result`} className="sm:grid-cols-2 xl:grid-cols-2">
            <StatCard label={t`Successful`} value={last ? formatCount(last.stats.successCount) : '—'} hint={last ? t`browsers reached` : t`nothing sent yet`} />
            <StatCard label={t`Failed`} value={last ? formatCount(last.stats.errorCount) : '—'} hint={last ? t`expired ones are removed` : '\u00a0'} />
          </StatGrid>
        </div>
      </div>
    </section>
  );
}
