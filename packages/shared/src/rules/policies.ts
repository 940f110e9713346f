import {
  FREE_SHIPPING_THRESHOLD_CENTS, PAYMENT_METHOD_LABELS, REFUND_BUSINESS_DAYS, RETURN_WINDOW_DAYS, SHIPPING_FEE_CENTS, TAX_INCLUDED_LABEL,
  TAX_RATE, type OrderStatus,
} from '../constants.js';
import { formatCents } from './money.js';

// The shop's own rules as data: the assistant quotes them (built-in and model alike), and the amounts come from the
// same constants the checkout prices with (rules/pricing.ts), so an answer can never disagree with the order summary.

export const POLICY_TOPICS = ['shipping', 'tax', 'payment', 'returns'] as const;
export type PolicyTopic = (typeof POLICY_TOPICS)[number];

export type ShopPolicy = {
  topic: PolicyTopic;
  title: string;
  /** The rule in sentences a shopper reads (also what a model is given to quote). */
  text: string;
};

const percent = `${Math.round(TAX_RATE * 100)}%`;

export const SHOP_POLICIES: Record<PolicyTopic, ShopPolicy> = {
  shipping: {
    topic: 'shipping',
    title: 'Shipping',
    text:
      `Shipping is free when your order's subtotal is above ${formatCents(FREE_SHIPPING_THRESHOLD_CENTS)}; ` +
      `otherwise it costs ${formatCents(SHIPPING_FEE_CENTS)} per order. The checkout's order summary shows it before you place the order. ` +
      // decision 0188: how long delivery takes is each seller's (decision 0151: the promise per seller at checkout)
      "How long delivery takes depends on the seller: each sets its own dispatch time and delivery estimate, and the checkout shows each seller's delivery date for your address.",
  },
  tax: {
    topic: 'tax',
    title: 'Tax',
    // decision 0098: prices include VAT; sellers that are not VAT-registered charge none; 0133: so does their shipping
    text: `Prices and shipping fees include VAT at ${percent} where the seller is VAT-registered: the price you see is the price you pay, ` +
      `and the order summary shows how much of each seller's total is VAT ('${TAX_INCLUDED_LABEL}'). Sellers not registered for VAT charge none.`,
  },
  payment: {
    topic: 'payment',
    title: 'Payment methods',
    text:
      `You can pay by ${PAYMENT_METHOD_LABELS.card} or ${PAYMENT_METHOD_LABELS.cod}. Card payment is a demo: no card is charged. ` +
      `With ${PAYMENT_METHOD_LABELS.cod} you pay when the order arrives.`,
  },
  returns: {
    topic: 'returns',
    title: 'Returns and refunds',
    // decisions 0094, 0127: each seller sets its own window; the default is the one a seller that sets none keeps
    text:
      `Returns depend on the seller: each seller sets how many days after delivery you can return an item (${RETURN_WINDOW_DAYS} days unless it says ` +
      "otherwise; the seller is named on each product's page and on your order). Return it unused and in its original packaging for a refund " +
      `of its price to your original payment method — store credit for a cash-on-delivery order — within ${REFUND_BUSINESS_DAYS} business days ` +
      'of the seller receiving it. A product whose listing promises a longer period keeps that period. ' +
      'To start a return, ask the assistant or open Returns on your profile.',
  },
};

/** The same rules in Arabic, for an answer in Arabic (the amounts from the same constants). */
export const SHOP_POLICIES_AR: Record<PolicyTopic, ShopPolicy> = {
  shipping: {
    topic: 'shipping',
    title: 'الشحن',
    text:
      `الشحن مجاني عندما يتجاوز المجموع الفرعي لطلبك ${formatCents(FREE_SHIPPING_THRESHOLD_CENTS)}، ` +
      `وإلا فتكلفته ${formatCents(SHIPPING_FEE_CENTS)} للطلب. يظهر في ملخص الطلب عند الدفع قبل أن تؤكد طلبك. ` +
      'أما مدة التوصيل فتعتمد على البائع: يحدد كل بائع مدة تجهيز الطلب وموعد التوصيل المتوقع، وتعرض صفحة الدفع موعد توصيل كل بائع لعنوانك.',
  },
  tax: {
    topic: 'tax',
    title: 'الضريبة',
    text: `تشمل الأسعار ورسوم الشحن ضريبة القيمة المضافة بنسبة ${percent} حين يكون البائع مسجلاً فيها: السعر الذي تراه هو ما تدفعه، ` +
      'ويبين ملخص الطلب مقدار الضريبة من مجموع كل بائع. البائع غير المسجل في الضريبة لا يحتسبها.',
  },
  payment: {
    topic: 'payment',
    title: 'طرق الدفع',
    text: 'يمكنك الدفع ببطاقة الائتمان أو الخصم، أو نقداً عند الاستلام. الدفع بالبطاقة تجريبي: لا تُخصم أي مبالغ من بطاقتك. ' +
      'ومع الدفع عند الاستلام تدفع حين يصلك الطلب.',
  },
  returns: {
    topic: 'returns',
    title: 'الإرجاع والاسترداد',
    text:
      `يعتمد الإرجاع على البائع: يحدد كل بائع عدد الأيام بعد التسليم التي يمكنك فيها إرجاع المنتج (${RETURN_WINDOW_DAYS} يوماً ما لم يذكر غير ذلك؛ ` +
      'واسم البائع مذكور في صفحة كل منتج وفي طلبك). أرجعه غير مستخدم وفي عبوته الأصلية لاسترداد ثمنه إلى وسيلة الدفع الأصلية — ' +
      `أو رصيداً في المتجر لطلب مدفوع عند الاستلام — خلال ${REFUND_BUSINESS_DAYS} أيام عمل من استلام البائع له. المنتج الذي تعد صفحته بمدة أطول يحتفظ بتلك المدة. ` +
      'لبدء الإرجاع اطلب ذلك من المساعد أو افتح صفحة المرتجعات في ملفك الشخصي.',
  },
};

/** What each order status means to the shopper (the assistant's order answers). */
export const ORDER_STATUS_EXPLAINED: Record<OrderStatus, string> = {
  awaiting_payment: 'waiting for your card payment to be completed',
  pending: 'received and waiting to be confirmed',
  confirmed: 'confirmed and being prepared',
  processing: 'being packed for shipping',
  shipped: 'shipped and on its way to you',
  delivered: 'delivered',
  cancelled: 'cancelled',
  refunded: 'refunded',
};
