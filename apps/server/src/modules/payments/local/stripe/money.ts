import type Stripe from 'stripe';
import { DAY_MS } from '../clock.js';
import type { Form } from '../form.js';
import type { Engine } from './engine.js';
import { balanceInsufficient, invalid, StripeError } from './errors.js';
import { dispute, DISPUTE_EVIDENCE_FIELDS, payout, refund, transfer, transferReversal } from './objects.js';
import { bool, currency, metadata, obj, oneOf, only, positive, str } from './params.js';

/**
 * Money after the charge: refunds (which can fail later), transfers to connected accounts and their reversals
 * (refused when the balance they draw on is short), payouts to a bank, disputes with Stripe's test evidence.
 */
const REFUND_FAILS_AFTER_MS = 60 * 60_000;
const DISPUTE_DECIDED_AFTER_MS = 60_000;
const PAYOUT_IN_TRANSIT_AFTER_MS = 60_000;

/** What a test card does after its charge succeeds: Stripe's dispute card is disputed as fraudulent right away. */
export function scheduleCardAftermath(e: Engine, ch: Stripe.Charge) {
  if (!e.cards.get(ch.id)?.dispute) return;
  e.timeline.at(e.clock.now(), () => openDispute(e, ch));
}

function openDispute(e: Engine, ch: Stripe.Charge) {
  const dp = e.put(dispute({ id: e.ids.id('dp'), created: e.now(), ch, dueBy: e.later(7 * DAY_MS), reason: 'fraudulent' }));
  dp.status = 'needs_response';
  const txn = e.addTxn({ account: null, amount: -ch.amount, fee: e.cfg.disputeFee, currency: ch.currency, type: 'adjustment', reportingCategory: 'dispute', source: dp.id, description: `Chargeback withdrawal for ${ch.id}` });
  txn.fee_details = [{ amount: e.cfg.disputeFee, application: null, currency: ch.currency, description: 'Dispute fee', type: 'stripe_fee' }];
  dp.balance_transactions = [structuredClone(txn)];
  ch.disputed = true;
  e.emit('charge.dispute.created', dp);
  e.emit('charge.dispute.funds_withdrawn', dp);
}

export function createMoney(e: Engine) {
  function chargeOf(form: Form): Stripe.Charge {
    const piId = str(form, 'payment_intent');
    const chId = str(form, 'charge');
    if (!piId && !chId) throw invalid('One of the following params should be provided for this request: payment_intent or charge.', 'charge', 'parameter_missing');
    if (piId) {
      const pi = e.get<Stripe.PaymentIntent>('payment_intent', piId, 'payment_intent');
      if (pi.status !== 'succeeded' || !pi.latest_charge)
        throw invalid(`This PaymentIntent (${pi.id}) does not have a successful charge to refund.`, 'payment_intent', 'charge_not_refundable');
      return e.get('charge', pi.latest_charge as string);
    }
    return e.get('charge', chId!, 'charge');
  }

  function createRefund(form: Form) {
    only(form, ['payment_intent', 'charge', 'amount', 'reason', 'metadata', 'expand', 'reverse_transfer', 'refund_application_fee']);
    const ch = chargeOf(form);
    if (!ch.captured) throw invalid(`Charge ${ch.id} has not been captured; cancel its PaymentIntent to release the authorization.`, 'charge', 'charge_not_refundable');
    if (ch.disputed) throw invalid(`Charge ${ch.id} has been charged back; cannot issue a refund.`, 'charge', 'charge_disputed');
    const left = ch.amount - ch.amount_refunded;
    if (left <= 0) throw invalid(`Charge ${ch.id} has already been refunded.`, 'charge', 'charge_already_refunded');
    const amount = positive(form, 'amount') ?? left;
    if (amount > left)
      throw invalid(`Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, 'amount', 'amount_too_large');
    const reason = oneOf(form, 'reason', ['duplicate', 'fraudulent', 'requested_by_customer'] as const) ?? null;
    const re = e.put(refund({ id: e.ids.id('re'), created: e.now(), amount, ch, reason, metadata: metadata(form) }));
    const txn = e.addTxn({ account: null, amount: -amount, currency: ch.currency, type: 'refund', reportingCategory: 'refund', source: re.id, description: 'REFUND FOR CHARGE' });
    re.balance_transaction = txn.id;
    re.status = 'succeeded';
    ch.amount_refunded += amount;
    ch.refunded = ch.amount_refunded === ch.amount;
    e.emit('refund.created', re);
    e.emit('charge.refunded', ch);
    if (e.cards.get(ch.id)?.refundFails) e.timeline.at(e.clock.now() + REFUND_FAILS_AFTER_MS, () => failRefund(re, ch));
    return re;
  }

  /** Stripe's refund-failure card: the refund, first succeeded, fails; the money comes back to the balance. */
  function failRefund(re: Stripe.Refund, ch: Stripe.Charge) {
    const previous = { status: re.status };
    const txn = e.addTxn({ account: null, amount: re.amount, currency: re.currency, type: 'refund_failure', reportingCategory: 'refund_failure', source: re.id, description: 'REFUND FAILURE' });
    re.status = 'failed';
    re.failure_reason = 'expired_or_canceled_card';
    re.failure_balance_transaction = txn.id;
    ch.amount_refunded -= re.amount;
    ch.refunded = false;
    e.emit('charge.refund.updated', re, null, previous);
    e.emit('refund.updated', re, null, previous);
    e.emit('refund.failed', re);
  }

  function createTransfer(form: Form) {
    only(form, ['amount', 'currency', 'destination', 'source_transaction', 'transfer_group', 'description', 'metadata', 'expand']);
    const amount = positive(form, 'amount', true);
    const cur = currency(form);
    const destination = str(form, 'destination', true);
    const acct = e.get<Stripe.Account>('account', destination, 'destination');
    if (acct.capabilities?.transfers !== 'active')
      throw invalid('Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments', 'destination', 'insufficient_capabilities_for_transfer');
    const source = str(form, 'source_transaction');
    let availableOn = e.now();
    if (source) {
      const ch = e.get<Stripe.Charge>('charge', source, 'source_transaction');
      if (ch.status !== 'succeeded' || !ch.captured) throw invalid(`The source_transaction ${ch.id} has not succeeded.`, 'source_transaction');
      if (ch.currency !== cur) throw invalid(`The currency of source_transaction's balance transaction (${ch.currency}) must be the same as the transfer currency (${cur})`, 'currency');
      const sent = e.all<Stripe.Transfer>('transfer', null, (t) => t.source_transaction === ch.id).reduce((s, t) => s + t.amount - t.amount_reversed, 0);
      if (amount > ch.amount_captured - sent)
        throw balanceInsufficient(`Insufficient funds in the source transaction: ${ch.amount_captured - sent} of ${ch.amount_captured} remains to transfer.`);
      const chTxn = e.get<Stripe.BalanceTransaction>('balance_transaction', ch.balance_transaction as string);
      availableOn = chTxn.available_on;
    } else if (e.availableIn(null, cur) < amount) {
      throw balanceInsufficient('You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card.');
    }
    const tr = e.put(
      transfer({ id: e.ids.id('tr'), created: e.now(), amount, currency: cur, destination, destinationPayment: e.ids.id('py'), sourceTransaction: source ?? null, transferGroup: str(form, 'transfer_group') ?? null, description: str(form, 'description') ?? null, metadata: metadata(form) }),
    );
    const txn = e.addTxn({ account: null, amount: -amount, currency: cur, type: 'transfer', reportingCategory: 'transfer', source: tr.id, availableOn });
    tr.balance_transaction = txn.id;
    e.addTxn({ account: destination, amount, currency: cur, type: 'payment', reportingCategory: 'charge', source: tr.destination_payment as string, availableOn });
    e.emit('transfer.created', tr);
    return tr;
  }

  function createReversal(tr: Stripe.Transfer, form: Form) {
    only(form, ['amount', 'description', 'metadata', 'refund_application_fee', 'expand']);
    const left = tr.amount - tr.amount_reversed;
    const amount = positive(form, 'amount') ?? left;
    if (amount > left) throw invalid(`Transfer ${tr.id} can only be reversed up to ${left}.`, 'amount', 'transfer_reversal_amount_exceeds_transfer');
    const destination = tr.destination as string;
    if (e.totalIn(destination, tr.currency) < amount)
      throw balanceInsufficient(`Insufficient funds in the destination account to reverse ${amount} of transfer ${tr.id}.`);
    const trr = e.put(transferReversal({ id: e.ids.id('trr'), created: e.now(), amount, tr, metadata: metadata(form), sourceRefund: null }));
    const txn = e.addTxn({ account: null, amount, currency: tr.currency, type: 'transfer_refund', reportingCategory: 'transfer_reversal', source: trr.id });
    trr.balance_transaction = txn.id;
    e.addTxn({ account: destination, amount: -amount, currency: tr.currency, type: 'payment_refund', reportingCategory: 'refund', source: trr.id });
    tr.amount_reversed += amount;
    tr.reversed = tr.amount_reversed === tr.amount;
    tr.reversals = { ...tr.reversals, data: [structuredClone(trr), ...tr.reversals.data] };
    e.emit('transfer.reversed', tr);
    return trr;
  }

  function createPayout(form: Form, account: string | null) {
    only(form, ['amount', 'currency', 'description', 'metadata', 'destination', 'method', 'statement_descriptor', 'expand']);
    const amount = positive(form, 'amount', true);
    const cur = currency(form);
    let destination = e.cfg.platformBank;
    if (account) {
      const acct = e.get<Stripe.Account>('account', account);
      const bank = acct.external_accounts?.data[0];
      if (!acct.payouts_enabled || !bank) throw invalid('This account cannot currently make payouts.', undefined, 'payouts_not_allowed');
      destination = bank.id;
    }
    if (e.availableIn(account, cur) < amount)
      throw balanceInsufficient('You have insufficient funds in your Stripe account for this transfer. Your card balance is too low.');
    const po = e.put(payout({ id: e.ids.id('po'), created: e.now(), amount, currency: cur, arrivalDate: e.later(DAY_MS), destination, description: str(form, 'description') ?? null, metadata: metadata(form), automatic: false }), account);
    const txn = e.addTxn({ account, amount: -amount, currency: cur, type: 'payout', reportingCategory: 'payout', source: po.id, description: po.description });
    po.balance_transaction = txn.id;
    e.emit('payout.created', po, account);
    e.timeline.at(e.clock.now() + PAYOUT_IN_TRANSIT_AFTER_MS, () => {
      po.status = 'in_transit';
      e.emit('payout.updated', po, account, { status: 'pending' });
    });
    e.timeline.at(po.arrival_date * 1000, () => settlePayout(po, account));
    return po;
  }

  /** At the arrival date a payout is paid, or fails (a connected account whose bank refuses: last4 0116) and returns. */
  function settlePayout(po: Stripe.Payout, account: string | null) {
    const bank = account ? e.get<Stripe.Account>('account', account).external_accounts?.data[0] : null;
    if (bank && 'last4' in bank && bank.last4 === '0116') {
      const txn = e.addTxn({ account, amount: po.amount, currency: po.currency, type: 'payout_failure', reportingCategory: 'payout_reversal', source: po.id, description: 'PAYOUT FAILURE' });
      po.status = 'failed';
      po.failure_code = 'account_closed';
      po.failure_message = 'The bank account has been closed.';
      po.failure_balance_transaction = txn.id;
      e.emit('payout.failed', po, account);
      return;
    }
    po.status = 'paid';
    po.reconciliation_status = 'completed';
    e.emit('payout.paid', po, account);
  }

  function updateDispute(dp: Stripe.Dispute, form: Form) {
    only(form, ['evidence', 'metadata', 'submit', 'expand']);
    if (['won', 'lost'].includes(dp.status)) throw invalid(`This dispute is already closed (${dp.status}).`, undefined, 'charge_dispute_closed' as never);
    const evidence = obj(form, 'evidence') ?? {};
    for (const [k, v] of Object.entries(evidence)) {
      if (!(DISPUTE_EVIDENCE_FIELDS as readonly string[]).includes(k)) throw invalid(`Received unknown parameter: evidence[${k}]`, `evidence[${k}]`, 'parameter_unknown');
      (dp.evidence as unknown as Record<string, unknown>)[k] = typeof v === 'string' ? v : null;
    }
    dp.metadata = metadata(form, dp.metadata);
    dp.evidence_details.has_evidence = Object.keys(evidence).length > 0 || dp.evidence_details.has_evidence;
    if (bool(form, 'submit') !== false) {
      dp.evidence_details.submission_count += 1;
      const previous = { status: dp.status };
      dp.status = 'under_review';
      e.emit('charge.dispute.updated', dp, null, previous);
      // Stripe's test evidence decides the outcome: 'winning_evidence' wins, 'losing_evidence' (or anything else) loses
      const won = dp.evidence.uncategorized_text === 'winning_evidence';
      e.timeline.at(e.clock.now() + DISPUTE_DECIDED_AFTER_MS, () => closeDispute(dp, won ? 'won' : 'lost'));
    } else e.emit('charge.dispute.updated', dp);
    return dp;
  }

  function closeDispute(dp: Stripe.Dispute, outcome: 'won' | 'lost') {
    if (dp.status === 'won' || dp.status === 'lost') return;
    dp.status = outcome;
    if (outcome === 'won') {
      const txn = e.addTxn({ account: null, amount: dp.amount, currency: dp.currency, type: 'adjustment', reportingCategory: 'dispute_reversal', source: dp.id, description: `Chargeback reversal for ${dp.charge as string}` });
      dp.balance_transactions = [...dp.balance_transactions, structuredClone(txn)];
      e.emit('charge.dispute.funds_reinstated', dp);
    }
    e.emit('charge.dispute.closed', dp);
  }

  function acceptDispute(dp: Stripe.Dispute) {
    if (dp.status === 'won' || dp.status === 'lost') throw new StripeError(400, { type: 'invalid_request_error', message: `This dispute is already closed (${dp.status}).` });
    closeDispute(dp, 'lost');
    return dp;
  }

  return { createRefund, createTransfer, createReversal, createPayout, updateDispute, acceptDispute };
}
export type Money = ReturnType<typeof createMoney>;
