import type { PaymentState } from '@souq/shared/api/payments';
import { UCP_CARD_BINDING_FIELD, type UcpMessage } from '@souq/shared/api/ucp';
import type { PaymentMethodInfo } from '../payments/payments.provider.js';
import type { PurchaseToPay } from '../payments/payments.service.js';

/**
 * An agent's card payment (issue 36 item 8, decision 0138). The agent never hands Souq card data: it creates a
 * payment method at the provider with the publishable key the profile names, binds it to its checkout
 * (`metadata[ucp_checkout_id]`), and completes the checkout with that token. Souq reads the payment method back
 * before it charges it, places the purchase on hold exactly as the storefront does, and moves the checkout only on
 * what it reads back about the payment: paid → completed; the bank asks for 3-D Secure (or no token was given) →
 * requires_escalation with the provider's page as continue_url; declined → incomplete with the bank's reason, for
 * another token; the time to pay ran out → canceled.
 */
export type AgentCardPayments = {
  /** Where agents tokenise cards, or null when this provider or configuration offers none (browser only). */
  tokenization(): { endpoint: string; publishableKey: string } | null;
  paymentMethod(token: string): Promise<PaymentMethodInfo | null>;
  payWithMethod(purchase: PurchaseToPay, method: string, lang: 'en' | 'ar'): Promise<AgentPaymentState>;
  begin(purchase: PurchaseToPay, lang: 'en' | 'ar', opts: { tokenInReturn: boolean }): Promise<AgentPaymentState>;
  stateOfPurchase(purchase: PurchaseToPay, lang: 'en' | 'ar'): Promise<AgentPaymentState | null>;
  /** Cancels the payment at the provider if still unpaid (the purchase given up), then reads it back. */
  cancelUnpaid(purchase: PurchaseToPay, lang: 'en' | 'ar'): Promise<AgentPaymentState | null>;
  purchase(purchaseNumber: string): Promise<PurchaseToPay | null>;
};

/** A payment's state with the token that lets the shopper's browser read it on Souq's payment page. */
export type AgentPaymentState = PaymentState & { token: string };

const CREDENTIAL = '$.payment.instruments[0].credential';

/** Why a token cannot pay this checkout (read back from the provider), or nothing when it can. */
export async function credentialProblems(card: AgentCardPayments, token: string, checkoutId: string): Promise<UcpMessage[]> {
  const method = await card.paymentMethod(token);
  if (!method) return [{ type: 'error', code: 'invalid', path: `${CREDENTIAL}.token`, content: 'The payment provider does not know this card token', severity: 'recoverable' }];
  if (method.metadata[UCP_CARD_BINDING_FIELD] !== checkoutId) {
    return [{
      type: 'error', code: 'invalid', path: `${CREDENTIAL}.token`, severity: 'recoverable',
      content: `This card token is not bound to this checkout: create it with metadata[${UCP_CARD_BINDING_FIELD}]=${checkoutId}`,
    }];
  }
  return [];
}

export type CardCheckoutState = { status: 'completed' | 'canceled' | 'requires_escalation' | 'incomplete' | 'complete_in_progress'; continueUrl: string | null; messages: UcpMessage[] };

/**
 * A held purchase's payment in the checkout's words (the release's statuses and message severities). `paymentPage`
 * is Souq's own payment page for the purchase: the continue_url when the provider gives no page of its own (the
 * release requires one whenever the checkout needs the shopper).
 */
export function cardCheckoutState(p: PaymentState, paymentPage: string): CardCheckoutState {
  if (p.paid) return { status: 'completed', continueUrl: null, messages: [] };
  if (p.expired) {
    return { status: 'canceled', continueUrl: null, messages: [{ type: 'error', code: 'payment_failed', content: 'The time to pay ran out; the items were put back on sale', severity: 'unrecoverable' }] };
  }
  if (p.status === 'processing' || p.status === 'authorized' || p.status === 'captured') {
    return { status: 'complete_in_progress', continueUrl: null, messages: [{ type: 'info', code: 'payment_processing', content: 'The payment provider is still deciding; read the checkout again shortly' }] };
  }
  if (p.status === 'requires_action') {
    return {
      status: 'requires_escalation', continueUrl: p.pay_url ?? paymentPage,
      messages: [{ type: 'error', code: 'payment_authentication_required', content: "The card's bank asks the shopper to confirm this payment: open continue_url in the shopper's browser", severity: 'requires_buyer_input' }],
    };
  }
  if (p.failure) {
    // declined: another token over the API, or the shopper tries another card in the browser
    return {
      status: 'incomplete', continueUrl: p.pay_url ?? paymentPage,
      messages: [{ type: 'error', code: 'payment_failed', path: CREDENTIAL, content: `The card was declined: ${p.failure.message}`, severity: 'recoverable' }],
    };
  }
  return {
    status: 'requires_escalation', continueUrl: p.pay_url ?? paymentPage,
    messages: [{ type: 'error', code: 'payment_required', content: "The shopper enters the card on the payment provider's page: open continue_url in the shopper's browser", severity: 'requires_buyer_input' }],
  };
}
