/** Stripe's error objects and HTTP statuses (https://docs.stripe.com/api/errors), as the local provider answers them. */
export type StripeErrorBody = {
  type: 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error';
  code?: string;
  decline_code?: string;
  message: string;
  param?: string;
  doc_url?: string;
  charge?: string;
  payment_intent?: unknown;
  payment_method?: unknown;
  request_log_url?: string;
};

export class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

const doc = (code: string) => `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}`;

export const invalid = (message: string, param?: string, code?: string) =>
  new StripeError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}), ...(code ? { code, doc_url: doc(code) } : {}) });

export const missing = (kind: string, id: string, param = 'id') =>
  new StripeError(404, { type: 'invalid_request_error', code: 'resource_missing', doc_url: doc('resource_missing'), message: `No such ${kind}: '${id}'`, param });

export const unexpectedState = (message: string) =>
  new StripeError(400, { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', doc_url: doc('payment_intent_unexpected_state'), message });

export const balanceInsufficient = (message: string) =>
  new StripeError(400, { type: 'invalid_request_error', code: 'balance_insufficient', doc_url: doc('balance_insufficient'), message });

export const unknownParameter = (name: string) => invalid(`Received unknown parameter: ${name}`, name, 'parameter_unknown');
export const missingParameter = (name: string) => invalid(`Missing required param: ${name}.`, name, 'parameter_missing');

export const authError = (key: string) =>
  new StripeError(401, {
    type: 'invalid_request_error',
    message: key
      ? `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`
      : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
  });

/** A publishable key used for anything but what a browser may do (create a payment method, as Stripe.js does). */
export const publishableKeyRefused = () =>
  new StripeError(401, {
    type: 'invalid_request_error',
    message: 'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.',
  });

export const idempotencyMismatch = (key: string) =>
  new StripeError(400, {
    type: 'idempotency_error',
    message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
  });

/** The decline reasons of Stripe's test cards: code, decline_code and the message Stripe gives the shopper. */
export const DECLINES = {
  generic_decline: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  insufficient_funds: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  lost_card: { code: 'card_declined', decline_code: 'lost_card', message: 'Your card was declined.' },
  expired_card: { code: 'expired_card', decline_code: 'expired_card', message: 'Your card has expired.' },
  incorrect_cvc: { code: 'incorrect_cvc', decline_code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
} as const;
export type DeclineReason = keyof typeof DECLINES;

export const AUTHENTICATION_FAILURE = {
  code: 'payment_intent_authentication_failure',
  message:
    'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
} as const;
