import { useLocation, useNavigate } from 'react-router';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { PageHeader } from '@/components/ui/PageHeader';
import { Tabs } from '@/components/ui/Tabs';
import { BalancesPanel } from '../finance/BalancesPanel';
import { CheckPanel } from '../finance/CheckPanel';
import { CodPanel } from '../finance/CodPanel';
import { CommissionPanel } from '../finance/CommissionPanel';
import { LedgerPanel } from '../finance/LedgerPanel';
import { PayoutsPanel } from '../finance/PayoutsPanel';
import { RefundTransfersPanel } from '../finance/RefundTransfersPanel';
import { ReconciliationPanel } from '../finance/ReconciliationPanel';
import { CardIssuesPanel } from '../finance/CardIssuesPanel';
import { TransfersPanel } from '../finance/TransfersPanel';
import { RevenuePanel } from '../finance/RevenuePanel';
import { TaxSettingsPanel } from '../finance/TaxSettingsPanel';
import { VatReportPanel } from '../finance/VatReportPanel';

const TABS = [
  { value: 'revenue', label: msg`Revenue` },
  { value: 'balances', label: msg`Vendor balances` },
  { value: 'payouts', label: msg`Payouts` },
  { value: 'refunds', label: msg`Refunds` },
  { value: 'refund-transfers', label: msg`Refund transfers` },
  // cash couriers hold, their remittances and the card-only rule (decision 0140)
  { value: 'cod', label: msg`Cash on delivery` },
  { value: 'commission', label: msg`Commission invoices` },
  { value: 'ledger', label: msg`Ledger` },
  { value: 'check', label: msg`Zero check` },
  // the ledger against the payment provider and the bank (issue 36 item 7, decision 0143)
  { value: 'reconciliation', label: msg`Reconciliation` },
  // card disputes and refunds to a card that failed (decision 0145)
  { value: 'card-issues', label: msg`Card disputes and refunds` },
  // card orders transferred to sellers' accounts at the provider (decision 0147)
  { value: 'transfers', label: msg`Seller transfers` },
  // UAE VAT (issue 25, decisions 0098, 0109): the report over the tax documents, and the settings behind them
  { value: 'vat', label: msg`VAT report` },
  { value: 'tax-settings', label: msg`Tax settings` },
] as const;
type FinanceTab = (typeof TABS)[number]['value'];
const isTab = (v: unknown): v is FinanceTab => TABS.some((t) => t.value === v);

/**
 * Finance (issue 24 item 7, decision 0095): the marketplace's revenue, vendor balances, payout batches, refunds, the
 * ledger and its zero check — every figure a sum of ledger rows. The open tab lives in the URL (?finance=payouts).
 */
export function FinanceSection() {
  const { i18n, t } = useLingui();
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const requested = params.get('finance');
  const tab: FinanceTab = isTab(requested) ? requested : 'revenue';
  const select = (next: FinanceTab) => {
    // the other tabs' list keys (filters, pages) are left behind
    const q = new URLSearchParams({ section: params.get('section') ?? 'finance', finance: next });
    navigate({ search: `?${q}` }, { state: location.state });
  };
  return (
    <section aria-labelledby="finance-heading" className="space-y-5">
      <PageHeader id="finance-heading" title={t`Finance`} description={t`From the double-entry ledger: commission revenue, what vendors are owed and paid, refunds, every entry.`} />
      <Tabs label={t`Finance`} items={TABS.map((x) => ({ value: x.value, label: i18n._(x.label) }))} value={tab} onValueChange={select} panelClassName="pt-4">
        {tab === 'revenue' && <RevenuePanel />}
        {tab === 'balances' && <BalancesPanel />}
        {tab === 'payouts' && <PayoutsPanel />}
        {tab === 'refunds' && <LedgerPanel kind="refund" urlPrefix="refunds_" />}
        {tab === 'refund-transfers' && <RefundTransfersPanel />}
        {tab === 'cod' && <CodPanel />}
        {tab === 'commission' && <CommissionPanel />}
        {tab === 'ledger' && <LedgerPanel urlPrefix="ledger_" />}
        {tab === 'check' && <CheckPanel />}
        {tab === 'reconciliation' && <ReconciliationPanel />}
        {tab === 'card-issues' && <CardIssuesPanel />}
        {tab === 'transfers' && <TransfersPanel />}
        {tab === 'vat' && <VatReportPanel />}
        {tab === 'tax-settings' && <TaxSettingsPanel />}
      </Tabs>
    </section>
  );
}
