import { MARKETPLACE_SELLER_NAME, type PaymentMethod, type RefundMethod, type ReturnReason, type ReturnStatus, type OrderStatus } from '@souq/shared/constants';
import type { ReturnRequest } from '@souq/shared/api/returns';

/** One return as read for every screen: the request, its line and sub-order, the seller and the refund as posted. */
export const RETURN_ROWS_SQL = `
select r.id, r.status, r.order_id, o.order_number, o.status as order_status, r.order_item_id as line_id, i.product_id, i.product_name,
  coalesce(p.name_ar, '') as product_name_ar,
  i.variant_label, r.units, i.unit_price_cents, o.currency, r.reason, r.reason_text, o.payment_method, r.refund_method, r.vendor_id,
  v.company_name as seller_name, o.customer_name, r.decision_note, r.restock, r.refund_posting, r.refund_goods_cents, r.refund_tax_cents,
  r.refund_shipping_cents, r.refund_promotion_cents, r.commission_reversed_cents, r.commission_vat_reversed_cents, r.created_at, r.decided_at, r.received_at
from return_requests r
join orders o on o.id = r.order_id
join order_items i on i.id = r.order_item_id
left join vendors v on v.id = r.vendor_id
left join products p on p.id = i.product_id`;

export type ReturnRow = {
  id: number; status: ReturnStatus; order_id: number; order_number: string; order_status: OrderStatus; line_id: number; product_id: number | null;
  product_name: string; product_name_ar: string; variant_label: string; units: number; unit_price_cents: number; currency: string; reason: ReturnReason; reason_text: string;
  payment_method: PaymentMethod; refund_method: RefundMethod; vendor_id: number | null; seller_name: string | null; customer_name: string;
  decision_note: string; restock: boolean | null; refund_posting: string | null; refund_goods_cents: number | null; refund_tax_cents: number | null;
  refund_shipping_cents: number | null; refund_promotion_cents: number | null; commission_reversed_cents: number | null; commission_vat_reversed_cents: number | null;
  created_at: Date | string; decided_at: Date | string | null; received_at: Date | string | null;
};

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());
const n = (v: number | null) => Number(v ?? 0);

export function returnDto(r: ReturnRow): ReturnRequest {
  return {
    id: r.id, status: r.status, order_id: r.order_id, order_number: r.order_number, order_status: r.order_status, line_id: r.line_id,
    product_id: r.product_id, product_name: r.product_name, product_name_ar: r.product_name_ar, variant_label: r.variant_label, units: r.units, unit_price_cents: r.unit_price_cents,
    currency: r.currency, reason: r.reason, reason_text: r.reason_text, payment_method: r.payment_method, refund_method: r.refund_method,
    vendor_id: r.vendor_id, seller_name: r.seller_name ?? MARKETPLACE_SELLER_NAME, customer_name: r.customer_name, decision_note: r.decision_note,
    restock: r.restock,
    refund: r.refund_posting === null ? null : {
      total_cents: n(r.refund_goods_cents) + n(r.refund_tax_cents) + n(r.refund_shipping_cents) - n(r.refund_promotion_cents),
      goods_cents: n(r.refund_goods_cents), tax_cents: n(r.refund_tax_cents), shipping_cents: n(r.refund_shipping_cents), promotion_cents: n(r.refund_promotion_cents),
      commission_reversed_cents: n(r.commission_reversed_cents), commission_vat_reversed_cents: n(r.commission_vat_reversed_cents),
      posting: r.refund_posting,
    },
    created_at: iso(r.created_at)!, decided_at: iso(r.decided_at), received_at: iso(r.received_at),
  };
}
