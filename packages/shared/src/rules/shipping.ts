// Carriers, parcels and labels (issue 40, decision 0150): the words a label, a push and every screen use, in English
// and Arabic.

export const CARRIERS = ['aramex', 'quiqup'] as const;
export type CarrierCode = (typeof CARRIERS)[number];
export const CARRIER_NAMES: Record<CarrierCode, readonly [string, string]> = {
  aramex: ['Aramex', 'أرامكس'],
  quiqup: ['Quiqup', 'كويك أب'],
};

export const PARCEL_STATES = ['booked', 'picked_up', 'in_transit', 'out_for_delivery', 'delivery_failed', 'rescheduled', 'delivered', 'returned_to_sender'] as const;
export type ParcelState = (typeof PARCEL_STATES)[number];
/** Where the parcel is, as the shopper, the seller and the admin read it. */
export const PARCEL_STATE_LABELS: Record<ParcelState, readonly [string, string]> = {
  booked: ['Label printed, waiting for the courier', 'تمت طباعة الملصق بانتظار المندوب'],
  picked_up: ['Picked up by the courier', 'استلمها المندوب'],
  in_transit: ['On its way', 'في الطريق'],
  out_for_delivery: ['Out for delivery', 'خرجت للتوصيل'],
  delivery_failed: ['Delivery attempt failed', 'تعذر التوصيل'],
  rescheduled: ['Delivery rescheduled', 'أعيدت جدولة التوصيل'],
  delivered: ['Delivered', 'تم التوصيل'],
  returned_to_sender: ['Returned to the seller', 'أعيدت إلى البائع'],
};

/** A label's headings (A6 / 4×6 in), English at the start and Arabic at the end of each line. */
export const SHIPPING_LABEL_LABELS = {
  from: ['From', 'من'],
  to: ['To', 'إلى'],
  waybill: ['Waybill', 'رقم الشحنة'],
  order: ['Order', 'الطلب'],
  pieces: ['Pieces', 'القطع'],
  cod: ['Cash on delivery', 'الدفع عند الاستلام'],
  prepaid: ['Prepaid', 'مدفوع مسبقا'],
  returnParcel: ['Return to seller', 'إرجاع إلى البائع'],
} as const;

/** How many failed attempts a carrier makes before it sends the parcel back (the sub-order then waits for it). */
export const MAX_DELIVERY_ATTEMPTS = 3;
