import type { Order } from '@souq/shared/api/orders';
import { messagesFor } from '@souq/shared/messages-for';
import { formatCount } from '@souq/shared/rules/locale';
import { formatMoney } from '@souq/shared/rules/money';
import type { MailMessage } from '../../platform/mailer.js';
import { ENGLISH_READER, withReader, type Reader } from '../../platform/request-locale.js';

/**
 * The order confirmation sent to the customer after the order is committed: number, lines and totals as the
 * checkout showed them (in the order's currency, by the shared formatMoney), the payment method and the shipping city,
 * in the customer's language and digits (`reader`: their saved choice, else the placing request's; decision 0105).
 */
export function orderConfirmationMail(
  order: Order,
  shipTo: { address: string; city: string; country: string; zip: string },
  reader: Reader = ENGLISH_READER,
): MailMessage {
  const M = messagesFor(reader.locale);
  return withReader(reader, () => {
    /** Pads a label so the amounts of the totals block line up in a fixed-width mail reader. */
    const row = (label: string, amount: number) => `${`${label}:`.padEnd(20)}${formatMoney(amount, order.currency)}`;
    // English as it always was (a bare number); Arabic in the reader's digits
    const lines = order.items.map((i) => `- ${reader.locale === 'en' ? i.quantity : formatCount(i.quantity)} × ${i.product_name} @ ${formatMoney(i.unit_price, order.currency)} = ${formatMoney(i.total_price, order.currency)}`);
    const address = [shipTo.address, [shipTo.zip, shipTo.city].filter(Boolean).join(' '), shipTo.country].filter(Boolean).join(', ');
    const text = [
      M.orderMailGreeting(order.customer_name),
      '',
      M.orderMailThanks(order.order_number),
      '',
      M.orderMailItems,
      ...lines,
      '',
      row(M.orderMailSubtotal, order.subtotal),
      row(M.orderMailShipping, order.shipping),
      // prices that include VAT say how much of the total is VAT (decision 0098); tax added on top is its own line
      ...(order.tax_included
        ? [row(M.orderMailTotal, order.total_amount), row(M.orderMailTaxIncluded, order.tax)]
        : [row(M.orderMailTax, order.tax), row(M.orderMailTotal, order.total_amount)]),
      '',
      M.orderMailPayment(M.paymentMethodLabels[order.payment_method]),
      M.orderMailShipTo(address),
      '',
      M.orderMailQuote(order.order_number),
      M.orderMailSignature,
    ].join('\n');
    return { to: order.customer_email, subject: M.orderMailSubject(order.order_number), text };
  });
}
