import { useLingui } from '@lingui/react/macro';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { VatCategoryRow, VatFigures as Figures, VatReportCategory } from '@souq/shared/api/vat-report';
import { formatCents } from '@souq/shared/rules/money';
import { formatCount } from '@souq/shared/rules/locale';
import type { Locale } from '@souq/shared/rules/locale';
import { Alert } from '@/components/ui/Alert';
import { DataTable } from '@/components/ui/DataTable';
import { StatCard, StatGrid } from '@/components/ui/StatCard';
import { VAT_EMIRATE_TEXT } from './EmirateSelect';

// One issuer's (or the marketplace's total) VAT figures for a period (decision 0109): the same view for the admin's
// report and a vendor's own summary, so both read the numbers alike.

export const VAT_CATEGORY_LABELS: Record<VatReportCategory, MessageDescriptor> = {
  standard: msg`Standard-rated (5%)`,
  zero: msg`Zero-rated (0%)`,
  exempt: msg`Exempt`,
  not_registered: msg`Outside the return (supplier not VAT-registered)`,
};

/** `short`: the label on a phone (the emirate alone), where the full one would push the amounts out of view. */
type BoxRow = { id: string; box: string; label: string; short?: string; amount: number; vat: number | null; total?: boolean };

/** An amount in its currency, in the page's language; negative amounts (more credited than invoiced) keep their sign. */
function useMoney(currency: string) {
  const { i18n } = useLingui();
  return (cents: number) => formatCents(cents, currency, i18n.locale as Locale);
}

const amountCell = (text: string) => <span className="whitespace-nowrap tabular-nums">{text}</span>;

/** The marketplace's commission to vendors (decision 0108): part of its Box 1, reconciled with the ledger's commission VAT. */
function CommissionFigures({ figures: f, money, asAt }: { figures: Figures; money: (cents: number) => string; asAt: string }) {
  const { t } = useLingui();
  const c = f.commission;
  const rec = f.commission_reconciliation;
  const row = (label: ReactNode, value: number) => (
    <div className="flex justify-between gap-3"><dt>{label}</dt><dd className="tabular-nums">{money(value)}</dd></div>
  );
  return (
    <section aria-labelledby="vat-commission-heading" className="space-y-3 rounded-xl border border-slate-200 p-4">
      <h4 id="vat-commission-heading" className="text-sm font-semibold text-slate-900"><Trans>The marketplace's commission to vendors</Trans></h4>
      <p className="text-xs text-slate-600"><Trans>Its own standard-rated supply of services, in its Box 1 above; apart from the vendors' sales it makes as their disclosed agent.</Trans></p>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        {row(<Trans>Commission invoiced</Trans>, c.invoiced_net_cents)}
        {row(<Trans>VAT on it</Trans>, c.invoiced_tax_cents)}
        {row(<Trans>Commission credited</Trans>, c.credited_net_cents)}
        {row(<Trans>VAT credited</Trans>, c.credited_tax_cents)}
        {row(<Trans>Net commission</Trans>, c.net_cents)}
        {row(<Trans>Net VAT</Trans>, c.tax_cents)}
      </dl>
      <Alert tone={rec.difference_cents === 0 ? 'success' : 'error'} title={rec.difference_cents === 0 ? t`The commission documents and the ledger agree` : t`The commission documents and the ledger differ by ${money(rec.difference_cents)}`}>
        <dl className="mt-1 grid gap-x-6 gap-y-1 sm:grid-cols-2">
          {row(<Trans>VAT on the commission documents</Trans>, rec.documents_tax_cents)}
          {row(<Trans>Commission VAT in the ledger</Trans>, rec.ledger_tax_cents)}
          {row(<Trans>Difference</Trans>, rec.difference_cents)}
          {row(<Trans>Commission VAT not invoiced yet</Trans>, rec.uninvoiced_ledger_tax_cents)}
        </dl>
        <p className="mt-2 text-xs"><Trans>Every vendor's month whose commission invoice or credit note was issued by {asAt}, against its commission VAT entries in the ledger. Months not invoiced yet are due on a later return.</Trans></p>
      </Alert>
    </section>
  );
}

export function VatFigures({ figures, currency, asAt, loading }: { figures: Figures | undefined; currency: string; asAt: string; loading?: boolean }) {
  const { i18n, t } = useLingui();
  const money = useMoney(currency);
  const f = figures;
  const rec = f?.reconciliation;
  const unplaced = f ? f.box1_not_set.net_cents !== 0 || f.box1_not_set.tax_cents !== 0 : false;
  const commission = f && (f.commission.invoiced_net_cents !== 0 || f.commission.credited_net_cents !== 0 || f.commission_reconciliation.uninvoiced_ledger_tax_cents !== 0
    || f.commission_reconciliation.documents_tax_cents !== 0 || f.commission_reconciliation.ledger_tax_cents !== 0);
  // Box 1 line by line (1a Abu Dhabi … 1g Fujairah, decision 0111), then its total, which is their sum exactly
  const boxes: BoxRow[] = f ? [
    ...f.box1_emirates.map((e) => ({ id: e.box, box: e.box, label: t`Standard-rated supplies in ${i18n._(VAT_EMIRATE_TEXT[e.emirate])}`, short: i18n._(VAT_EMIRATE_TEXT[e.emirate]), amount: e.net_cents, vat: e.tax_cents })),
    { id: '1', box: '1', label: t`Standard-rated supplies (1a–1g)`, amount: f.boxes.box1_standard_cents, vat: f.boxes.box1_vat_cents, total: true },
    { id: '4', box: '4', label: t`Zero-rated supplies`, amount: f.boxes.box4_zero_rated_cents, vat: null },
    { id: '5', box: '5', label: t`Exempt supplies`, amount: f.boxes.box5_exempt_cents, vat: null },
    { id: '8', box: '8', label: t`Totals`, amount: f.boxes.box8_total_cents, vat: f.boxes.box8_vat_cents, total: true },
  ] : [];

  return (
    <div className="space-y-4">
      <StatGrid label={t`VAT figures`} columns={4}>
        <StatCard label={<Trans>Output VAT (Box 1)</Trans>} loading={loading || !f} value={f && money(f.boxes.box1_vat_cents)} />
        <StatCard label={<Trans>Box 1 supplies</Trans>} loading={loading || !f} value={f && money(f.boxes.box1_standard_cents)} />
        <StatCard
          label={<Trans>Documents</Trans>}
          loading={loading || !f}
          value={f && formatCount(f.invoices + f.credit_notes, i18n.locale as Locale)}
          hint={f && <Trans>{formatCount(f.invoices, i18n.locale as Locale)} invoices, {formatCount(f.credit_notes, i18n.locale as Locale)} credit notes</Trans>}
        />
        <StatCard label={<Trans>Ledger difference</Trans>} loading={loading || !rec} value={rec && money(rec.difference_cents)} hint={<Trans>as at {asAt}</Trans>} />
      </StatGrid>

      <DataTable<VatCategoryRow>
        caption={t`Output tax by category`}
        rows={f?.categories}
        loading={loading || !f}
        rowKey={(c) => c.category}
        density="compact"
        empty={{ title: <Trans>No documents in this period.</Trans> }}
        columns={[
          // a readable width on phones: the table scrolls in its own box rather than stacking a label word by word
          { key: 'category', header: <Trans>Category</Trans>, cell: (c) => <span className="block min-w-36">{i18n._(VAT_CATEGORY_LABELS[c.category])}</span> },
          { key: 'invoiced', header: <Trans>Invoiced</Trans>, align: 'right', hideBelow: 'md', cell: (c) => amountCell(money(c.invoiced_net_cents)) },
          { key: 'credited', header: <Trans>Credited</Trans>, align: 'right', hideBelow: 'md', cell: (c) => amountCell(money(c.credited_net_cents)) },
          { key: 'net', header: <Trans>Net supplies</Trans>, align: 'right', cell: (c) => amountCell(money(c.net_cents)) },
          { key: 'vat', header: <Trans>VAT</Trans>, align: 'right', cell: (c) => amountCell(money(c.tax_cents)) },
        ]}
      />
      {f && (
        <p className="text-xs text-slate-500">
          <Trans>Shipping charged without VAT, outside the boxes: {money(f.shipping_cents)}. Documents in total: {money(f.totals.total_cents)}, of which VAT {money(f.totals.tax_cents)}.</Trans>
        </p>
      )}

      <DataTable<BoxRow>
        caption={t`VAT 201 return: the boxes these documents fill, net of credit notes`}
        rows={f ? boxes : undefined}
        loading={loading || !f}
        rowKey={(b) => b.id}
        density="compact"
        empty={{ title: <Trans>No documents in this period.</Trans> }}
        columns={[
          {
            key: 'box', header: <Trans>Box</Trans>,
            cell: (b) => (
              <span className={b.total ? 'flex min-w-28 gap-3 font-semibold text-slate-900' : 'flex min-w-28 gap-3'}>
                <span className="w-6 shrink-0 tabular-nums font-semibold">{b.box}</span>
                {b.short ? <><span className="sm:hidden">{b.short}</span><span className="hidden sm:inline">{b.label}</span></> : <span>{b.label}</span>}
              </span>
            ),
          },
          { key: 'amount', header: <Trans>Amount</Trans>, align: 'right', cell: (b) => amountCell(money(b.amount)) },
          { key: 'vat', header: <Trans>VAT</Trans>, align: 'right', cell: (b) => (b.vat === null ? <span className="text-slate-400">—</span> : amountCell(money(b.vat))) },
        ]}
      />
      {f && unplaced && (
        <Alert tone="warning" title={t`Emirate not set: ${money(f.box1_not_set.net_cents)} of standard-rated supplies (VAT ${money(f.box1_not_set.tax_cents)}) are in no line of Box 1`}>
          <p><Trans>Their issuer has not declared the emirate of its establishment. They are left out of Box 1 rather than put in an emirate by default; once the issuer declares it (the vendor's VAT registration, or the marketplace's tax settings), they are reported there.</Trans></p>
        </Alert>
      )}

      {rec && (
        <Alert tone={rec.difference_cents === 0 ? 'success' : 'error'} title={rec.difference_cents === 0 ? t`The documents and the ledger agree` : t`The documents and the ledger differ by ${money(rec.difference_cents)}`}>
          <dl className="mt-1 grid gap-x-6 gap-y-1 sm:grid-cols-2">
            <div className="flex justify-between gap-3"><dt><Trans>VAT on the documents</Trans></dt><dd className="tabular-nums">{money(rec.documents_tax_cents)}</dd></div>
            <div className="flex justify-between gap-3"><dt><Trans>VAT in the ledger</Trans></dt><dd className="tabular-nums">{money(rec.ledger_tax_cents)}</dd></div>
            <div className="flex justify-between gap-3"><dt><Trans>Difference</Trans></dt><dd className="tabular-nums">{money(rec.difference_cents)}</dd></div>
            <div className="flex justify-between gap-3"><dt><Trans>VAT on sales not invoiced yet</Trans></dt><dd className="tabular-nums">{money(rec.uninvoiced_ledger_tax_cents)}</dd></div>
          </dl>
          <p className="mt-2 text-xs"><Trans>Every sub-order invoiced by {asAt}: its invoices less its credit notes against its sales tax entries in the ledger. VAT on sales not invoiced yet is due on a later return.</Trans></p>
        </Alert>
      )}
      {f && commission && <CommissionFigures figures={f} money={money} asAt={asAt} />}
    </div>
  );
}
