import type { PaymentsSummary } from '@souq/shared/api/reports';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMsg } from '@/lib/use-msg';
import { formatMoney } from '@souq/shared/rules/money';
import { PageHeader } from '@/components/ui/PageHeader';
import { StatCard, StatGrid } from '@/components/ui/StatCard';
import { useAdminQuery } from '../api';
import { LoadError } from '../parts/LoadError';
import { formatCount } from '@souq/shared/rules/locale';

const orders = (n: number) => plural(n, { one: `${formatCount(n)} order`, other: `${formatCount(n)} orders` });

/** The payment methods' names in the page's language (the server's English label for a method this build does not know). */
const METHOD: Record<string, MessageDescriptor> = { card: msg`Credit/Debit Card`, cod: msg`Cash on Delivery`, store_credit: msg`Store credit` };
/** Whether the method's money reached the marketplace. */
const COLLECTION: Record<PaymentsSummary['methods'][number]['collection'], MessageDescriptor> = {
  not_taken: msg`Awaiting payment: not collected`,
  by_provider: msg`Captured by the payment provider`,
  on_delivery: msg`Collected on delivery`,
  store_credit: msg`Paid from the shopper's store credit`,
};

/**
 * Payments (admin §2, in place of the placeholder 'Payment Management Section'): order totals by payment method, the
 * cash on delivery still to collect (COD orders not yet delivered, cancelled or refunded) and the refunds. Card money
 * no provider has taken (card payments have not landed) is shown as awaiting payment, never as received (issue 34).
 */
export function PaymentsSection() {
  const { i18n, t } = useLingui();
  const MSG = useMsg();
  const methodLabel = (m: { method: string; label: string }) => (METHOD[m.method] ? i18n._(METHOD[m.method]!) : m.label);
  const payments = useAdminQuery<PaymentsSummary>(['admin-payments'], '/api/admin/payments');
  const p = payments.data;
  const money = (v: number) => formatMoney(v, p?.currency ?? '');
  return (
    <section aria-labelledby="payments-heading" className="space-y-5">
      <PageHeader id="payments-heading" title={t`Payment Management`} description={t`Order totals (with shipping and tax) by payment method; cancelled and refunded orders are left out. Card money counts as received only once the payment provider has captured it.`} />
      {payments.isError && !p ? (
        <LoadError title={MSG.loadPaymentsFailed} error={payments.error} onRetry={() => void payments.refetch()} />
      ) : (
        <>
          <StatGrid label={t`Order totals by payment method`} columns={4}>
            {(p?.methods ?? [{ method: 'card', label: 'Credit/Debit Card' }, { method: 'cod', label: 'Cash on Delivery' }]).map((m) => (
              <StatCard key={m.method} label={methodLabel(m)} loading={!p} value={'amount' in m ? money(m.amount) : undefined} hint={'collection' in m ? `${orders(m.orders)} · ${i18n._(COLLECTION[m.collection])}${m.collected ? ` ${money(m.collected)}` : ''}` : undefined} />
            ))}
            <StatCard label={t`Cash on delivery to collect`} loading={!p} value={p && money(p.cod_to_collect.amount)} hint={p && t`${orders(p.cod_to_collect.orders)} not yet delivered`} />
            <StatCard label={t`Refunded`} loading={!p} value={p && money(p.refunded.amount)} hint={p && orders(p.refunded.orders)} />
          </StatGrid>
          {p && (
            // on a phone the table scrolls inside its own box, never the page
            <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
              <table className="w-full text-start text-sm">
                <caption className="border-b border-slate-100 px-4 py-3 text-start text-base font-semibold text-slate-900 sm:px-5"><Trans>By payment method</Trans></caption>
                <thead className="bg-slate-50 text-xs text-slate-500 uppercase">
                  <tr><th scope="col" className="px-4 py-2 sm:px-5"><Trans>Method</Trans></th><th scope="col" className="px-4 py-2 text-end sm:px-5"><Trans>Orders</Trans></th><th scope="col" className="px-4 py-2 text-end sm:px-5"><Trans>Order total</Trans></th><th scope="col" className="px-4 py-2 sm:px-5"><Trans>Collection</Trans></th><th scope="col" className="hidden px-4 py-2 text-end sm:table-cell sm:px-5"><Trans>Share</Trans></th></tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {p.methods.map((m) => {
                    const all = p.methods.reduce((n, x) => n + x.amount, 0);
                    return (
                      <tr key={m.method}>
                        <th scope="row" className="px-4 py-2.5 font-medium text-slate-900 sm:px-5">{methodLabel(m)}</th>
                        <td className="px-4 py-2.5 text-end tabular-nums sm:px-5">{formatCount(m.orders)}</td>
                        <td className="px-4 py-2.5 text-end whitespace-nowrap tabular-nums sm:px-5">{money(m.amount)}</td>
                        <td className={m.collection === 'not_taken' ? 'px-4 py-2.5 text-amber-800 sm:px-5' : 'px-4 py-2.5 text-slate-600 sm:px-5'}>{i18n._(COLLECTION[m.collection])}{m.collected ? <> <span dir="auto">{money(m.collected)}</span></> : null}</td>
                        <td className="hidden px-4 py-2.5 text-end tabular-nums sm:table-cell sm:px-5">{all > 0 ? `${Math.round((m.amount / all) * 100)}%` : '—'}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
