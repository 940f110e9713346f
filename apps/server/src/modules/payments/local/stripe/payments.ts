import type Stripe from 'stripe';
import type { Form } from '../form.js';
import { cardByNumber, TEST_PAYMENT_METHODS, type CardBehaviour } from './cards.js';
import type { Engine } from './engine.js';
import { AUTHENTICATION_FAILURE, DECLINES, invalid, StripeError, unexpectedState } from './errors.js';
import { charge, paymentIntent, paymentMethod } from './objects.js';
import { bool, currency, int, metadata, obj, oneOf, only, positive, str } from './params.js';
import { scheduleCardAftermath } from './money.js';

/**
 * PaymentMethods, PaymentIntents and their charges: Stripe's state machine
 * requires_payment_method → requires_confirmation → requires_action → requires_capture → succeeded / canceled,
 * with manual or automatic capture, driven by Stripe's test cards (cards.ts).
 */
const AUTHORIZATION_DAYS = 7;
const CANCELABLE = ['requires_payment_method', 'requires_capture', 'requires_confirmation', 'requires_action', 'processing'];

export function createPayments(e: Engine) {
  function createPaymentMethod(form: Form) {
    only(form, ['type', 'card', 'metadata', 'billing_details']);
    if (str(form, 'type', true) !== 'card') throw invalid('Only card PaymentMethods are supported by this provider.', 'type');
    const c = obj(form, 'card') ?? {};
    const number = typeof c.number === 'string' ? c.number : '';
    const card = cardByNumber(number);
    if (!card) throw new StripeError(402, { type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.', param: 'card[number]' });
    const month = Number(c.exp_month);
    const year = Number(c.exp_year);
    if (!(month >= 1 && month <= 12)) throw new StripeError(402, { type: 'card_error', code: 'invalid_expiry_month', message: "Your card's expiration month is invalid.", param: 'card[exp_month]' });
    const nowYear = new Date(e.clock.now()).getUTCFullYear();
    if (!(year >= nowYear && year <= nowYear + 50)) throw new StripeError(402, { type: 'card_error', code: 'invalid_expiry_year', message: "Your card's expiration year is invalid.", param: 'card[exp_year]' });
    return storePm(card, month, year, metadata(form));
  }

  function storePm(card: CardBehaviour, expMonth: number, expYear: number, meta: Record<string, string>) {
    const pm = e.put(paymentMethod({ id: e.ids.id('pm'), created: e.now(), card, expMonth, expYear, fingerprint: `fp${card.number.slice(-8)}${card.number.length}`, metadata: meta }));
    e.cards.set(pm.id, card);
    return pm;
  }

  /** A PaymentMethod id, or one of Stripe's test PaymentMethods (each use makes a new pm_ as Stripe does). */
  function resolvePm(ref: string, param: string) {
    const test = TEST_PAYMENT_METHODS[ref];
    if (test) return storePm(test, 12, new Date(e.clock.now()).getUTCFullYear() + 3, {});
    return e.get<ReturnType<typeof paymentMethod>>('payment_method', ref, param);
  }

  const PI_CREATE = ['amount', 'currency', 'capture_method', 'confirm', 'payment_method', 'payment_method_types', 'payment_method_data', 'return_url', 'transfer_group', 'metadata', 'description', 'receipt_email', 'statement_descriptor', 'expand', 'confirmation_method', 'error_on_requires_action'];

  function createIntent(form: Form) {
    only(form, PI_CREATE);
    const amount = positive(form, 'amount', true);
    const pi = e.put(
      paymentIntent({
        id: e.ids.id('pi'),
        created: e.now(),
        amount,
        currency: currency(form),
        captureMethod: oneOf(form, 'capture_method', ['automatic', 'automatic_async', 'manual'] as const) ?? 'automatic_async',
        clientSecret: '',
        description: str(form, 'description') ?? null,
        metadata: metadata(form),
        transferGroup: str(form, 'transfer_group') ?? null,
        receiptEmail: str(form, 'receipt_email') ?? null,
        statementDescriptor: str(form, 'statement_descriptor') ?? null,
      }),
    );
    pi.client_secret = `${pi.id}_secret_${e.ids.chars(25)}`;
    e.emit('payment_intent.created', pi);
    attach(pi, form);
    if (bool(form, 'confirm')) return confirm(pi, form, true);
    return pi;
  }

  function attach(pi: Stripe.PaymentIntent, form: Form) {
    const ref = str(form, 'payment_method');
    const data = obj(form, 'payment_method_data');
    if (ref && data) throw invalid('You cannot pass both payment_method and payment_method_data.', 'payment_method_data');
    const pm = ref ? resolvePm(ref, 'payment_method') : data ? createPaymentMethod(data) : null;
    if (pm) {
      pi.payment_method = pm.id;
      pi.status = 'requires_confirmation';
      pi.last_payment_error = null;
    }
  }

  function updateIntent(pi: Stripe.PaymentIntent, form: Form) {
    only(form, ['amount', 'metadata', 'description', 'payment_method', 'transfer_group', 'receipt_email', 'expand']);
    if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(pi.status) && (form.amount !== undefined || form.payment_method !== undefined))
      throw unexpectedState(`You cannot update this PaymentIntent because it has a status of ${pi.status}.`);
    const amount = positive(form, 'amount');
    if (amount !== undefined) pi.amount = amount;
    pi.metadata = metadata(form, pi.metadata);
    if (form.description !== undefined) pi.description = str(form, 'description') ?? null;
    if (form.transfer_group !== undefined) pi.transfer_group = str(form, 'transfer_group') ?? null;
    if (form.receipt_email !== undefined) pi.receipt_email = str(form, 'receipt_email') ?? null;
    attach(pi, form);
    return pi;
  }

  function confirm(pi: Stripe.PaymentIntent, form: Form, fromCreate = false): Stripe.PaymentIntent {
    if (!fromCreate) {
      only(form, ['payment_method', 'payment_method_data', 'return_url', 'expand', 'error_on_requires_action', 'receipt_email']);
      if (!['requires_payment_method', 'requires_confirmation'].includes(pi.status))
        throw unexpectedState(`This PaymentIntent's status is ${pi.status}, but it must be requires_payment_method or requires_confirmation to be confirmed.`);
      attach(pi, form);
    }
    if (!pi.payment_method)
      throw unexpectedState('You cannot confirm this PaymentIntent because it\'s missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.');
    const returnUrl = str(form, 'return_url') ?? null;
    if (returnUrl && !URL.canParse(returnUrl)) throw invalid('Not a valid URL', 'return_url', 'url_invalid');
    const pmId = pi.payment_method as string;
    const card = e.cards.get(pmId)!;
    if (card.threeDS) {
      if (bool(form, 'error_on_requires_action')) return decline(pi, pmId, card, { ...AUTHENTICATION_FAILURE, declineCode: undefined }, true);
      const token = e.ids.chars(32);
      pi.status = 'requires_action';
      pi.next_action = { type: 'redirect_to_url', redirect_to_url: { url: `${e.cfg.baseUrl}/local/3ds/${token}`, return_url: returnUrl } };
      challenges.set(token, { pi: pi.id, returnUrl, done: false });
      e.emit('payment_intent.requires_action', pi);
      return pi;
    }
    return charge_(pi, pmId, card, false, true);
  }

  /** Token of a 3-D Secure challenge → its PaymentIntent and where the shopper goes back. */
  const challenges = new Map<string, { pi: string; returnUrl: string | null; done: boolean }>();

  function decline(pi: Stripe.PaymentIntent, pmId: string, card: CardBehaviour, failure: { code: string; message: string; declineCode?: string }, fromApi: boolean, threeDS = false) {
    const ch = e.put(charge({ id: e.ids.id('ch'), created: e.now(), pi, pm: e.get('payment_method', pmId), card, status: 'failed', captured: false, failure, threeDS, receiptBase: e.cfg.baseUrl }));
    const authFailure = failure.code === AUTHENTICATION_FAILURE.code;
    const error = {
      type: authFailure ? 'invalid_request_error' : 'card_error',
      code: failure.code,
      ...(failure.declineCode ? { decline_code: failure.declineCode } : {}),
      doc_url: `https://stripe.com/docs/error-codes/${failure.code.replace(/_/g, '-')}`,
      message: failure.message,
      ...(authFailure ? {} : { charge: ch.id }),
      payment_method: structuredClone(e.get('payment_method', pmId)),
    } as Stripe.PaymentIntent.LastPaymentError;
    pi.status = 'requires_payment_method';
    pi.last_payment_error = error;
    pi.next_action = null;
    pi.payment_method = null;
    pi.latest_charge = authFailure ? pi.latest_charge : ch.id;
    if (!authFailure) e.emit('charge.failed', ch);
    e.emit('payment_intent.payment_failed', pi);
    if (fromApi) throw new StripeError(402, { ...(error as any), payment_intent: structuredClone(pi) });
    return pi;
  }

  function charge_(pi: Stripe.PaymentIntent, pmId: string, card: CardBehaviour, threeDS: boolean, fromApi: boolean): Stripe.PaymentIntent {
    if (card.decline) return decline(pi, pmId, card, { ...DECLINES[card.decline], declineCode: DECLINES[card.decline].decline_code }, fromApi, threeDS);
    const manual = pi.capture_method === 'manual';
    const ch = e.put(charge({ id: e.ids.id('ch'), created: e.now(), pi, pm: e.get('payment_method', pmId), card, status: 'succeeded', captured: !manual, failure: null, threeDS, receiptBase: e.cfg.baseUrl }));
    e.cards.set(ch.id, card);
    pi.latest_charge = ch.id;
    pi.next_action = null;
    pi.last_payment_error = null;
    if (manual) {
      pi.status = 'requires_capture';
      pi.amount_capturable = pi.amount;
      e.emit('charge.succeeded', ch);
      e.emit('payment_intent.amount_capturable_updated', pi);
      // an authorisation not captured within seven days is cancelled by the card network
      const at = e.clock.now() + AUTHORIZATION_DAYS * 86_400_000;
      e.timeline.at(at, () => {
        if (pi.status === 'requires_capture') cancel(pi, { cancellation_reason: 'automatic' }, true);
      });
      return pi;
    }
    settleCapture(pi, ch, pi.amount);
    e.emit('charge.succeeded', ch);
    e.emit('payment_intent.succeeded', pi);
    scheduleCardAftermath(e, ch);
    return pi;
  }

  /** Money in: the balance transaction (gross, fee, net; pending until available_on) of a captured amount. */
  function settleCapture(pi: Stripe.PaymentIntent, ch: Stripe.Charge, amount: number) {
    const card = e.cards.get(ch.id)!;
    const txn = e.addTxn({ account: null, amount, fee: e.fee(amount), currency: ch.currency, type: 'charge', reportingCategory: 'charge', source: ch.id, description: pi.description, availableOn: e.availableOn(Boolean(card.bypassPending)) });
    ch.balance_transaction = txn.id;
    ch.captured = true;
    ch.amount_captured = amount;
    if (amount < ch.amount) {
      ch.amount_refunded = ch.amount - amount;
    }
    pi.status = 'succeeded';
    pi.amount_received = amount;
    pi.amount_capturable = 0;
  }

  function capture(pi: Stripe.PaymentIntent, form: Form) {
    only(form, ['amount_to_capture', 'metadata', 'expand', 'final_capture']);
    if (pi.status !== 'requires_capture')
      throw unexpectedState(`This PaymentIntent could not be captured because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`);
    const amount = int(form, 'amount_to_capture') ?? pi.amount_capturable;
    if (amount < 1 || amount > pi.amount_capturable) throw invalid(`The amount to capture (${amount}) must be between 1 and the amount capturable (${pi.amount_capturable}).`, 'amount_to_capture', 'amount_too_large');
    pi.metadata = metadata(form, pi.metadata);
    const ch = e.get<Stripe.Charge>('charge', pi.latest_charge as string);
    settleCapture(pi, ch, amount);
    e.emit('charge.captured', ch);
    e.emit('payment_intent.succeeded', pi);
    scheduleCardAftermath(e, ch);
    return pi;
  }

  function cancel(pi: Stripe.PaymentIntent, form: Form, automatic = false) {
    if (!automatic) only(form, ['cancellation_reason', 'expand']);
    if (!CANCELABLE.includes(pi.status))
      throw unexpectedState(`You cannot cancel this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`);
    const reason = oneOf(form, 'cancellation_reason', ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned', 'automatic'] as const) ?? null;
    if (pi.status === 'requires_capture' && pi.latest_charge) {
      // the authorisation is released: Stripe shows it as a refund of the uncaptured charge
      const ch = e.get<Stripe.Charge>('charge', pi.latest_charge as string);
      ch.amount_refunded = ch.amount;
      ch.refunded = true;
      e.emit('charge.refunded', ch);
    }
    pi.status = 'canceled';
    pi.canceled_at = e.now();
    pi.cancellation_reason = reason as Stripe.PaymentIntent.CancellationReason | null;
    pi.amount_capturable = 0;
    pi.next_action = null;
    e.emit('payment_intent.canceled', pi);
    return pi;
  }

  /** The shopper's answer on the 3-D Secure page: on to the charge, or back to requires_payment_method. */
  function completeChallenge(token: string, outcome: 'complete' | 'fail') {
    const c = challenges.get(token);
    if (!c) return null;
    const pi = e.get<Stripe.PaymentIntent>('payment_intent', c.pi);
    if (c.done || pi.status !== 'requires_action') return { pi, returnUrl: c.returnUrl };
    c.done = true;
    const pmId = pi.payment_method as string;
    const card = e.cards.get(pmId)!;
    if (outcome === 'fail') decline(pi, pmId, card, AUTHENTICATION_FAILURE, false, true);
    else charge_(pi, pmId, card, true, false);
    return { pi, returnUrl: c.returnUrl };
  }

  const challenge = (token: string) => {
    const c = challenges.get(token);
    return c ? { ...c, pi: e.get<Stripe.PaymentIntent>('payment_intent', c.pi) } : null;
  };

  return { createPaymentMethod, createIntent, updateIntent, confirm, capture, cancel, completeChallenge, challenge };
}
export type Payments = ReturnType<typeof createPayments>;
