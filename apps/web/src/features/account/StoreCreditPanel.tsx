import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { BankRefund, MyStoreCredit } from '@souq/shared/api/refunds';
import type { BankRefundStatus, LedgerKind } from '@souq/shared/constants';
import { formatCents } from '@souq/shared/rules/money';
import { formatIban } from '@souq/shared/rules/iban';
import { formatDate } from '@souq/shared/rules/locale';
import { api } from '@/lib/api-client';
import { customerCall } from '@/lib/session';
import { currentMsg } from '@/lib/use-msg';
import { useLocale } from '@/lib/use-locale';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Field, Input } from '@/components/ui/Field';

// /profile's store credit and bank-transfer refunds (issue 34 item 8, decision 0141): the balance (a sum of ledger rows
// on the server) with its movements, and each refund owed by bank transfer with its state; a failed one shows the
// bank's reason and takes new details.

const MOVEMENT: Partial<Record<LedgerKind, MessageDescriptor>> = {
  refund: msg`Refund from a return`,
  credit_spent: msg`Spent at checkout`,
  credit_returned: msg`Given back (order cancelled)`,
};
const REFUND_STATUS: Record<BankRefundStatus, MessageDescriptor> = {
  owed: msg`Waiting for the next transfer`,
  sent: msg`Sent to your bank`,
  paid: msg`Paid`,
  failed: msg`The transfer failed`,
};

function NewAccount({ refund, onDone }: { refund: BankRefund; onDone: () => void }) {
  const { t } = useLingui();
  const [iban, setIban] = useState('');
  const [holder, setHolder] = useState(refund.account_holder);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function save() {
    setBusy(true);
    setError(null);
    try {
      await customerCall(api(`/api/my/refunds/${refund.id}/account`, { method: 'PUT', body: { iban, account_holder: holder } }));
      onDone();
    } catch (err) {
      setError(err instanceof Error ? err.message : currentMsg().requestFailed);
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="mt-2 grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
      {error && <Alert tone="error" className="sm:col-span-3">{error}</Alert>}
      <Field label={t`New IBAN`}><Input dir="ltr" value={iban} onChange={(e) => setIban(e.target.value)} /></Field>
      <Field label={t`Account holder's name`}><Input dir="auto" value={holder} onChange={(e) => setHolder(e.target.value)} /></Field>
      <Button size="sm" loading={busy} onClick={() => void save()}><Trans>Send again</Trans></Button>
    </div>
  );
}

export function StoreCreditPanel() {
  const { i18n } = useLingui();
  const locale = useLocale();
  const client = useQueryClient();
  const credit = useQuery({ queryKey: ['my-store-credit'], queryFn: ({ signal }) => customerCall(api<MyStoreCredit>('/api/my/store-credit', { signal })) });
  const refunds = useQuery({ queryKey: ['my-bank-refunds'], queryFn: ({ signal }) => customerCall(api<BankRefund[]>('/api/my/refunds', { signal })) });
  const c = credit.data;
  if (!c) return null;
  return (
    <section aria-labelledby="my-store-credit" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="my-store-credit" className="text-lg font-semibold text-slate-900"><Trans>Store credit</Trans></h2>
        <p className="text-lg font-semibold tabular-nums text-emerald-800">{formatCents(c.balance_cents, c.currency, locale)}</p>
      </div>
      <p className="mt-1 text-sm text-slate-600"><Trans>Refunds you chose as store credit and cancelled orders' money; use it at checkout.</Trans></p>
      {c.movements.length > 0 && (
        <ul className="mt-3 divide-y divide-slate-100 text-sm" aria-label={i18n._(msg`Store credit movements`)}>
          {c.movements.slice(0, 20).map((m) => (
            <li key={m.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
              <span className="min-w-0">
                <span className="text-slate-800">{MOVEMENT[m.kind] ? i18n._(MOVEMENT[m.kind]!) : i18n._(msg`Store credit`)}</span>
                {m.order_number && <span className="ms-2 font-mono text-xs text-slate-500"><bdi>{m.order_number}</bdi></span>}
                <span className="block text-xs text-slate-500">{formatDate(m.created_at, 'dayTime', locale)}</span>
              </span>
              {/* money in is green and unsigned, money out carries the minus the reader's locale places (a '+' typed
                  beside an Arabic amount landed at its far end) */}
              <span className={`tabular-nums font-medium ${m.amount_cents < 0 ? 'text-slate-700' : 'text-emerald-700'}`}>
                <bdi>{formatCents(m.amount_cents, c.currency, locale)}</bdi>
              </span>
            </li>
          ))}
        </ul>
      )}
      {(refunds.data ?? []).length > 0 && (
        <div className="mt-5">
          <h3 className="text-base font-semibold text-slate-900"><Trans>Bank-transfer refunds</Trans></h3>
          <ul className="mt-2 divide-y divide-slate-100 text-sm">
            {refunds.data!.map((r) => (
              <li key={r.id} className="py-2">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="min-w-0">
                    <span className="font-mono text-xs text-slate-500"><bdi>{r.order_number}</bdi></span>
                    <span className="ms-2 text-slate-800">{i18n._(REFUND_STATUS[r.status])}</span>
                    <span className="block font-mono text-xs text-slate-500" dir="ltr">{formatIban(r.iban)}</span>
                  </span>
                  <span className="tabular-nums font-medium">{formatCents(r.amount_cents, r.currency, locale)}</span>
                </div>
                {r.status === 'failed' && (
                  <>
                    {r.failure_reason && <p className="mt-1 text-xs text-rose-700"><Trans>The bank said: <bdi>{r.failure_reason}</bdi>. The money is still yours: give new bank details and it is sent again.</Trans></p>}
                    <NewAccount refund={r} onDone={() => void client.invalidateQueries({ queryKey: ['my-bank-refunds'] })} />
                  </>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
