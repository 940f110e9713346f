import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { LedgerAccount, LedgerKind } from '@souq/shared/constants';

// The ledger's accounts and kinds as an admin reads them, in the page's language (issue 34 item 10: they were the
// English of LEDGER_ACCOUNT_LABELS / LEDGER_KIND_LABELS, which the server's CSV exports keep). Complete by type: a new
// account or kind needs its name here before the admin screens build.
export const ACCOUNT_NAMES: Record<LedgerAccount, MessageDescriptor> = {
  shopper_receivable: msg`Shopper receivable`, vendor_payable: msg`Vendor payable`, marketplace_sales: msg`Marketplace sales`,
  shipping_revenue: msg`Shipping revenue`, sales_tax_payable: msg`Sales tax payable`, commission_revenue: msg`Commission revenue`,
  commission_vat_payable: msg`Commission VAT payable`, payouts_clearing: msg`Payouts clearing`, bank: msg`Bank`,
  marketplace_adjustments: msg`Marketplace adjustments`, shopper_store_credit: msg`Shopper store credit`,
  provider_clearing: msg`Payment provider clearing`, provider_fees: msg`Payment provider fees`,
  provider_disputes: msg`Held in card disputes`, dispute_losses: msg`Lost card disputes`,
  shopper_refunds_payable: msg`Shopper refunds payable`, refunds_clearing: msg`Refunds clearing`,
  courier_cash: msg`Cash held by couriers`, cod_differences: msg`Cash remittance differences`,
  marketplace_promotions: msg`Marketplace promotions`,
};
export const KIND_NAMES: Record<LedgerKind, MessageDescriptor> = {
  sale: msg`Sale`, shipping: msg`Shipping`, sales_tax: msg`Sales tax`, commission: msg`Commission`, commission_vat: msg`VAT on commission`,
  refund: msg`Refund`, commission_reversal: msg`Commission reversed`, payout: msg`Payout`, payout_paid: msg`Payout sent by the bank`,
  payout_reversal: msg`Payout failed (returned)`, adjustment: msg`Adjustment`,
  payment_received: msg`Card payment received`, provider_fee: msg`Payment provider fee`, card_refund: msg`Refunded to the card`,
  dispute_withdrawn: msg`Disputed: taken by the provider`, dispute_reinstated: msg`Dispute won: money back`, dispute_lost: msg`Dispute lost`, dispute_fee: msg`Dispute fee`,
  credit_spent: msg`Store credit spent`, credit_returned: msg`Store credit given back`, cash_collected: msg`Cash collected on delivery`,
  refund_sent: msg`Refund sent to the bank`, refund_paid: msg`Refund paid by the bank`, refund_reversal: msg`Refund transfer failed (owed again)`,
  cod_collected: msg`Cash collected by the courier`, cod_remitted: msg`Cash remitted by the courier`, cod_difference: msg`Remittance difference`,
  transfer: msg`Transferred to the seller's provider account`, transfer_reversal: msg`Transfer returned`,
  promotion_paid: msg`Promotion paid by the marketplace`, promotion_returned: msg`Promotion given back`,
};
