import { useState } from 'react';
import { useContentLang } from '@/lib/content-lang';
import { pickText } from '@souq/shared/rules/content-lang';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { COD_REFUND_METHODS, RETURN_REASONS, type RefundMethod, type ReturnReason } from '@souq/shared/constants';
import type { MyReturns as MyReturnsData, ReturnableLine, ReturnCreate, ReturnRequest } from '@souq/shared/api/returns';
import { formatCents } from '@souq/shared/rules/money';
import { api } from '@/lib/api-client';
import { customerCall } from '@/lib/session';
import { useLiveEvents } from '@/lib/live-events';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Field, Input, Select, Textarea } from '@/components/ui/Field';
import { Spinner } from '@/components/ui/Spinner';
import { ReturnSummary } from '@/components/returns/ReturnBits';
import { formatDate, isLocale } from '@souq/shared/rules/locale';
import { currentMsg, useMsg } from '@/lib/use-msg';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';

const KEY = ['my-returns'] as const;

// the shared RETURN_REASON_LABELS and REFUND_METHOD_LABELS, word for word in English, in the catalogue
const REASON_LABELS: Record<ReturnReason, MessageDescriptor> = {
  damaged: msg`Arrived damaged or faulty`,
  wrong_item: msg`Wrong item sent`,
  not_as_described: msg`Not as described`,
  no_longer_needed: msg`No longer needed`,
  other: msg`Other reason`,
};
const REFUND_LABELS: Record<RefundMethod, MessageDescriptor> = {
  original: msg`Back to the card you paid with`,
  store_credit: msg`Store credit`,
  bank_transfer: msg`Bank transfer`,
};


type Form = { units: number; reason: ReturnReason; reason_text: string; refund_method: (typeof COD_REFUND_METHODS)[number]; iban: string; account_holder: string };

/** The return dialog of one delivered line: units (up to what is left), a reason, and for cash on delivery where the refund goes. */
function ReturnDialog({ line, onClose, onDone }: { line: ReturnableLine | null; onClose: () => void; onDone: (r: ReturnRequest) => void }) {
  const [form, setForm] = useState<Form>({ units: 1, reason: 'damaged', reason_text: '', refund_method: 'store_credit', iban: '', account_holder: '' });
  const { t } = useLingui();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const cod = line?.payment_method === 'cod';
  const { i18n } = useLingui();
  const MSG = useMsg();
  const lang = useContentLang();

  async function submit() {
    if (!line) return;
    setBusy(true);
    setError(null);
    try {
      const body: ReturnCreate = {
        order_id: line.order_id, line_id: line.line_id, units: form.units, reason: form.reason, reason_text: form.reason_text,
        ...(cod ? { refund_method: form.refund_method } : {}),
        // a bank transfer is paid to the account given here (checked by the server: UAE IBAN and its checksum; decision 0141)
        ...(cod && form.refund_method === 'bank_transfer' ? { bank_account: { iban: form.iban, account_holder: form.account_holder } } : {}),
      };
      onDone(await customerCall(api<ReturnRequest>('/api/my/returns', { method: 'POST', body })));
    } catch (err) {
      setError(err instanceof Error ? err.message : currentMsg().requestFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={line !== null}
      onClose={onClose}
      title={line ? MSG.returnDialogTitle(pickText(line.product_name, line.product_name_ar, lang)) : ''}
      description={line ? <><bdi>{line.order_number}</bdi> · <bdi>{line.seller_name}</bdi></> : undefined}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}><Trans>Cancel</Trans></Button>
          <Button loading={busy} onClick={() => void submit()}>{MSG.returnSubmit}</Button>
        </>
      }
    >
      {line && (
        <div className="space-y-4">
          {error && <Alert tone="error">{error}</Alert>}
          <Field label={MSG.returnUnitsLabel} hint={MSG.returnUnitsLeft(line.units_left, line.quantity)}>
            <Input type="number" min={1} max={line.units_left} value={form.units} onChange={(e) => setForm({ ...form, units: Number(e.target.value) })} />
          </Field>
          <Field label={MSG.returnReasonLabel}>
            <Select value={form.reason} onChange={(e) => setForm({ ...form, reason: e.target.value as ReturnReason })}>
              {RETURN_REASONS.map((r) => <option key={r} value={r}>{i18n._(REASON_LABELS[r])}</option>)}
            </Select>
          </Field>
          <Field label={MSG.returnReasonTextLabel}>
            <Textarea dir="auto" rows={3} maxLength={1000} value={form.reason_text} onChange={(e) => setForm({ ...form, reason_text: e.target.value })} />
          </Field>
          {cod ? (
            <fieldset>
              <legend className="text-sm font-medium text-slate-700">{MSG.returnRefundMethodLabel}</legend>
              <div className="mt-2 flex flex-wrap gap-4">
                {COD_REFUND_METHODS.map((m) => (
                  <label key={m} className="inline-flex items-center gap-2 text-sm text-slate-800">
                    <input type="radio" name="refund_method" value={m} checked={form.refund_method === m} onChange={() => setForm({ ...form, refund_method: m })} />
                    {i18n._(REFUND_LABELS[m])}
                  </label>
                ))}
              </div>
              {form.refund_method === 'bank_transfer' && (
                <div className="mt-3 grid gap-3 sm:grid-cols-2">
                  <Field label={t`IBAN`} hint={t`A UAE IBAN: AE followed by 21 digits`}>
                    <Input dir="ltr" autoComplete="off" value={form.iban} onChange={(e) => setForm({ ...form, iban: e.target.value })} />
                  </Field>
                  <Field label={t`Account holder's name`}>
                    <Input dir="auto" value={form.account_holder} onChange={(e) => setForm({ ...form, account_holder: e.target.value })} />
                  </Field>
                </div>
              )}
            </fieldset>
          ) : (
            <p className="text-sm text-slate-600">{MSG.returnRefundMethodLabel}: {i18n._(REFUND_LABELS.original)}</p>
          )}
        </div>
      )}
    </Dialog>
  );
}

/**
 * /profile's returns (decision 0094): the store-credit balance (a sum of ledger entries on the server), the delivered
 * lines that can still be returned, each with its Return dialog, and the requests with their status and refund. The
 * live stream refetches it when the seller answers.
 */
export function MyReturns() {
  const client = useQueryClient();
  const { t, i18n } = useLingui();
  const MSG = useMsg();
  const lang = useContentLang();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const data = useQuery({ queryKey: KEY, queryFn: ({ signal }) => customerCall(api<MyReturnsData>('/api/my/returns', { signal })) });
  const [line, setLine] = useState<ReturnableLine | null>(null);
  const [done, setDone] = useState<string | null>(null);
  useLiveEvents('customer', (e) => {
    // a seller's answer, or a delivery that makes lines returnable
    if (e.type === 'return.status' || e.type === 'order.status' || e.type === 'ready') void client.invalidateQueries({ queryKey: KEY });
  });
  const d = data.data;

  return (
    <section aria-labelledby="my-returns" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="my-returns" className="text-lg font-semibold text-slate-900">{MSG.returnsTitle}</h2>
        {d && (
          <p className="text-sm text-slate-700" data-testid="store-credit">
            <span className="text-slate-500">{MSG.storeCreditTitle}: </span>
            <span className="font-semibold tabular-nums">{formatCents(d.store_credit.balance_cents, d.store_credit.currency, locale)}</span>
          </p>
        )}
      </div>
      {done && <Alert tone="success" className="mb-4" onDismiss={() => setDone(null)}>{done}</Alert>}
      {data.isPending ? (
        <Spinner size="sm" label={t`Loading returns…`} />
      ) : data.isError ? (
        <Alert tone="error">{data.error.message}</Alert>
      ) : (
        <div className="space-y-6">
          <div>
            <h3 className="text-sm font-semibold text-slate-900">{MSG.returnableTitle}</h3>
            {d!.returnable.length === 0 ? (
              <p className="mt-1 text-sm text-slate-600">{MSG.returnableEmpty}</p>
            ) : (
              <ul className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200">
                {d!.returnable.map((l) => (
                  <li key={l.line_id} className="flex flex-wrap items-center justify-between gap-3 px-3 py-2.5">
                    {/* the text takes the row's room and wraps inside it: a long line of details no longer pushed the
                        button under it on one row and left it beside on the next */}
                    <div className="min-w-0 flex-1 basis-56 text-sm">
                      <p className="font-medium text-slate-900"><bdi>{pickText(l.product_name, l.product_name_ar, lang)}</bdi></p>
                      {l.variant_label && <p className="text-xs text-slate-600"><bdi>{l.variant_label}</bdi></p>}
                      <p className="text-xs text-slate-700">{MSG.returnUnitsLeft(l.units_left, l.quantity)}</p>
                      <p className="text-xs text-slate-600">
                        <bdi>{l.order_number}</bdi> · <bdi>{l.seller_name}</bdi> · {formatCents(l.unit_price_cents, l.currency, locale)} · <span className="whitespace-nowrap">{MSG.returnWindowUntil(formatDate(l.window_closes_at, 'day', locale))}</span>
                      </p>
                    </div>
                    <Button size="sm" variant="secondary" onClick={() => setLine(l)} aria-label={`${MSG.returnButton} ${pickText(l.product_name, l.product_name_ar, lang)}`}>
                      {MSG.returnButton}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div>
            <h3 className="text-sm font-semibold text-slate-900">{MSG.returnRequestsTitle}</h3>
            {d!.returns.length === 0 ? (
              <p className="mt-1 text-sm text-slate-600">{MSG.returnsEmpty}</p>
            ) : (
              <ul className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200" aria-label={MSG.returnRequestsTitle}>
                {d!.returns.map((r) => (
                  <li key={r.id} className="px-3 py-2.5" data-testid={`my-return-${r.id}`}>
                    <ReturnSummary r={r} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      )}
      <ReturnDialog
        key={line?.line_id ?? 'none'}
        line={line}
        onClose={() => setLine(null)}
        onDone={() => {
          setLine(null);
          setDone(currentMsg().returnRequested);
          void client.invalidateQueries({ queryKey: KEY });
        }}
      />
    </section>
  );
}
