import type { Order } from '@souq/shared/api/orders';
import { PAYMENT_METHOD_LABELS, TAX_INCLUDED_LINE, TAX_LABEL } from '@souq/shared/constants';
import { formatMoney } from '@souq/shared/rules/money';
import type { MailMessage } from '../../platform/mailer.js';

/** Pads a label so the amounts of the totals block line up in a fixed-width mail reader. */
const row = (label: string, amount: number, currency: string) => `${`${label}:`.padEnd(20)}${formatMoney(amount, currency)}`;

/**
 * The order confirmation sent to the customer after the order is committed: number, lines and totals as the
 * checkout showed them (in the order's currency, by the shared formatMoney), the payment method and the shipping city.
 */
export function orderConfirmationMail(order: Order, shipTo: { address: string; city: string; country: string; zip: string }): MailMessage {
  const lines = order.items.map((i) => `- ${i.quantity} × ${i.product_name} @ ${formatMoney(i.unit_price, order.currency)} = ${formatMoney(i.total_price, order.currency)}`);
  const address = [shipTo.address, [shipTo.zip, shipTo.city].filter(Boolean).join(' '), shipTo.country].filter(Boolean).join(', ');
  const text = [
    `Hello ${order.customer_name},`,
    '',
    `thank you for your order ${order.order_number}. We have received it and will let you know when it ships.`,
    '',
    'Items:',
    ...lines,
    '',
    row('Subtotal', order.subtotal, order.currency),
    row('Shipping', order.shipping, order.currency),
    // prices that include VAT say how much of the total is VAT (decision 0098); tax added on top is its own line
    ...(order.tax_included
      ? [row('Total', order.total_amount, order.currency), row(TAX_INCLUDED_LINE, order.tax, order.currency)]
      : [row(TAX_LABEL, order.tax, order.currency), row('Total', order.total_amount, order.currency)]),
    '',
    `Payment: ${PAYMENT_METHOD_LABELS[order.payment_method]}`,
    `Ship to: ${address}`,
    '',
    `Please quote ${order.order_number} if you contact support.`,
    'Souq',
  ].join('\n');
  return { to: order.customer_email, subject: `Your Souq order ${order.order_number}`, text };
}
