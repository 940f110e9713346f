import type { DeclineReason } from './errors.js';

/**
 * Stripe's published test cards and test PaymentMethods (docs.stripe.com/testing), with the behaviour each stands for.
 * Any other number that passes the Luhn check behaves like 4242 4242 4242 4242.
 */
export type CardBehaviour = {
  number: string;
  brand: 'visa' | 'mastercard' | 'amex';
  country: string;
  funding: 'credit' | 'debit';
  /** 3-D Secure is required before the charge. */
  threeDS?: boolean;
  /** The charge (after 3-D Secure, when required) is declined for this reason. */
  decline?: DeclineReason;
  /** The charge's funds are available at once (no pending period). */
  bypassPending?: boolean;
  /** The charge is disputed (fraudulent) right after it succeeds. */
  dispute?: boolean;
  /** A refund of this charge first succeeds, then fails. */
  refundFails?: boolean;
};

const card = (number: string, extra: Partial<CardBehaviour> = {}): CardBehaviour => ({ number, brand: 'visa', country: 'US', funding: 'credit', ...extra });

export const TEST_PAYMENT_METHODS: Record<string, CardBehaviour> = {
  pm_card_visa: card('4242424242424242'),
  pm_card_visa_debit: card('4000056655665556', { funding: 'debit' }),
  pm_card_mastercard: card('5555555555554444', { brand: 'mastercard' }),
  pm_card_amex: card('378282246310005', { brand: 'amex' }),
  pm_card_ae: card('4000007840000001', { country: 'AE' }),
  pm_card_bypassPending: card('4000000000000077', { bypassPending: true }),
  pm_card_authenticationRequired: card('4000002760003184', { threeDS: true, country: 'IE' }),
  pm_card_threeDSecure2Required: card('4000000000003220', { threeDS: true }),
  pm_card_authenticationRequiredChargeDeclinedInsufficientFunds: card('4000008260003178', { threeDS: true, decline: 'insufficient_funds', country: 'IE' }),
  pm_card_chargeDeclined: card('4000000000000002', { decline: 'generic_decline' }),
  pm_card_visa_chargeDeclinedInsufficientFunds: card('4000000000009995', { decline: 'insufficient_funds' }),
  pm_card_visa_chargeDeclinedLostCard: card('4000000000009987', { decline: 'lost_card' }),
  pm_card_chargeDeclinedExpiredCard: card('4000000000000069', { decline: 'expired_card' }),
  pm_card_chargeDeclinedIncorrectCvc: card('4000000000000127', { decline: 'incorrect_cvc' }),
  pm_card_createDispute: card('4000000000000259', { dispute: true }),
  pm_card_refundFail: card('4000000000005126', { refundFails: true }),
};

const BY_NUMBER = new Map(Object.values(TEST_PAYMENT_METHODS).map((c) => [c.number, c]));

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The behaviour of a card number (null when it is not a valid card number). */
export function cardByNumber(number: string): CardBehaviour | null {
  const n = number.replace(/[\s-]/g, '');
  if (!luhnValid(n)) return null;
  const known = BY_NUMBER.get(n);
  if (known) return known;
  const brand = n.startsWith('5') || n.startsWith('2') ? 'mastercard' : n.startsWith('3') ? 'amex' : 'visa';
  return { number: n, brand, country: 'US', funding: 'credit' };
}
