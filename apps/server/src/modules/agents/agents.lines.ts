import type { ManagedProduct } from '@souq/shared/api/products';
import type { UcpMessage } from '@souq/shared/api/ucp';
import { TAX_LABEL, TAX_RATE } from '@souq/shared/constants';
import { DEFAULT_SHIPPING_RULE, lineTotalCents, splitBySeller, type ShippingRule, type Totals } from '@souq/shared/rules/pricing';
import { variantUnitPriceCents } from '@souq/shared/rules/variants';
import { TAX_CATEGORY_DEFAULT, type TaxCategory, type TaxMode } from '@souq/shared/rules/tax';
import type { AgentCheckoutLine } from '../../db/schema/agents.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import { absoluteUrl, parseUcpId, variantIdOf } from './agents.mapping.js';
import type { PlacedLine } from './agents.place-order.js';
import type { CartLine } from '../promotions/promotions.apply.js';
import { lineDiscounts, type SessionDiscounts } from './agents.discounts.js';

/** The seller of the marketplace's own products. */
export const MARKETPLACE_SELLER = 'Souq';

/** One line priced from the catalogue as it is now. */
export type Priced = { line: AgentCheckoutLine; product: ManagedProduct; variant: PlacedLine['variant']; title: string; unitPriceCents: number };

/** Each seller's shipping rule and VAT registration, the price mode and tax categories, as the checkout reads them (orders.pricingBasis). */
export type SellerRules = (vendorIds: number[], productIds: number[]) => Promise<{
  sellers: Map<number, { name: string; rule: ShippingRule; vatRegistered: boolean }>;
  tax: { mode: TaxMode; marketplaceRegistered: boolean; categories: Map<number, TaxCategory> };
}>;

export const money = (type: string, amount: number, display_text?: string) => ({ type, amount, ...(display_text ? { display_text } : {}) });

type TotalLine = ReturnType<typeof money> & { lines?: { display_text: string; amount: number }[] };

/**
 * Totals an agent can add up (decision 0130): `subtotal + fulfillment (+ tax) = total`, as the release's well-known
 * types read. Souq's prices include VAT (decision 0098), so the VAT is not a `tax` entry to add: it is the itemised
 * breakdown of the total (`lines`, whose amounts sum to it: before VAT, VAT included). Where prices exclude VAT the
 * tax is its own entry, added. Shipping lists each seller's fee as its lines.
 */
export function addableTotals(t: Totals, opts: {
  taxIncluded: boolean; shippingBySeller?: { name: string; cents: number }[];
  /** promotions (decision 0159): `t` is after the sellers' shares; the marketplace's part is paid toward the total */
  discount?: { sellerCents: number; marketplaceCents: number };
}): TotalLine[] {
  const percent = Math.round(TAX_RATE * 100);
  const { sellerCents = 0, marketplaceCents = 0 } = opts.discount ?? {};
  const shipping: TotalLine = money('fulfillment', t.shippingCents, 'Shipping');
  if (opts.shippingBySeller && opts.shippingBySeller.length > 1) shipping.lines = opts.shippingBySeller.map((s) => ({ display_text: `Shipping from ${s.name}`, amount: s.cents }));
  // what the shopper pays: the supplies after the sellers' shares, less what the marketplace pays toward them
  const due = t.totalCents - marketplaceCents;
  const total: TotalLine = money('total', due);
  if (opts.taxIncluded && t.taxCents > 0) {
    total.display_text = `Total (includes VAT ${percent}%)`;
    total.lines = [{ display_text: 'Before VAT', amount: due - t.taxCents }, { display_text: `VAT ${percent}% (included)`, amount: t.taxCents }];
  }
  // the lines as priced, then the promotions taken off them (discount.md: items_discount, negative)
  const discount = sellerCents + marketplaceCents;
  return [
    money('subtotal', t.subtotalCents + sellerCents), ...(discount > 0 ? [money('items_discount', -discount, 'Discounts')] : []), shipping,
    ...(opts.taxIncluded ? [] : [money('tax', t.taxCents, TAX_LABEL)]), total,
  ];
}

/**
 * Lines of carts and checkouts, priced the storefront's way: the agent's item ids resolved against the catalogue
 * (active products only), prices from the database, totals from packages/shared pricing, stock checked as checkout
 * checks it. Carts and checkouts store only ids and quantities; every answer prices them again.
 */
export function createLinePricing(deps: { catalogue: CatalogueService; sellers: SellerRules }) {
  /** The agent's lines → Souq's (product, variant); ids that name no active product or variant are reported. */
  async function resolve(lines: AgentCheckoutLine[]): Promise<{ priced: Priced[]; unknown: UcpMessage[] }> {
    const refs = lines.map((l) => parseUcpId(l.item));
    const ids = [...new Set(refs.flatMap((r) => (r ? [r.productId] : [])))];
    const products = new Map((await deps.catalogue.managedByIds(ids, { embeds: false })).filter((p) => p.status === 'active').map((p) => [p.id, p]));
    const priced: Priced[] = [];
    const unknown: UcpMessage[] = [];
    lines.forEach((line, i) => {
      const ref = refs[i];
      const product = ref ? products.get(ref.productId) : undefined;
      // a product id stands for its only variant; a product with variant rows needs one of them named
      const variantId = ref?.variantId === undefined ? (product?.variants.length ? undefined : null) : ref.variantId;
      const row = product && variantId ? product.variants.find((v) => v.id === variantId) : undefined;
      if (!product || variantId === undefined || (variantId !== null && !row)) {
        unknown.push({ type: 'error', code: 'not_found', path: `$.line_items[${i}].item.id`, content: `Item not found: ${line.item}`, severity: 'unrecoverable' });
        return;
      }
      priced.push({
        line: { ...line, item: variantIdOf(product.id, row?.id ?? null) },
        product,
        variant: row ? { type: row.type, value: row.value } : null,
        title: row ? `${product.name} (${row.type}: ${row.value})` : product.name,
        // the storefront's price of the option: the product's plus its adjustment (what the order will charge)
        unitPriceCents: variantUnitPriceCents(product.price_cents, row ? [{ priceAdjustmentCents: row.price_adjustment_cents }] : []),
      });
    });
    return { priced, unknown };
  }

  /**
   * Line items, totals and the stock and availability messages of stored lines, for an answer. `promotions`, when
   * given, are the promotions on the lines at these prices (a checkout's, decision 0159): each line's seller-funded
   * share is taken off its supply before VAT and shipping are worked out, as the purchase does (decision 0152).
   */
  async function price(lines: AgentCheckoutLine[], origin: string, promotions?: (cart: CartLine[]) => Promise<SessionDiscounts>) {
    const { priced, unknown } = await resolve(lines);
    // lines whose product has gone since: left out of the prices, named in a message
    const messages: UcpMessage[] = unknown.map((m) => ({ ...m, code: 'item_unavailable', severity: 'requires_buyer_review' }));
    const wanted = new Map<number, number>();
    for (const p of priced) wanted.set(p.product.id, (wanted.get(p.product.id) ?? 0) + p.line.quantity);
    priced.forEach((p, i) => {
      if (p.product.stock < wanted.get(p.product.id)!) {
        const content = p.product.stock > 0 ? `Only ${p.product.stock} left of ${p.product.name}` : `${p.product.name} is out of stock`;
        messages.push({ type: 'error', code: 'out_of_stock', path: `$.line_items[${i}]`, content, severity: 'requires_buyer_review' });
      }
    });
    // split by seller with each one's shipping rule and VAT registration, as the checkout places the purchase
    // (decisions 0086, 0098)
    const vendorIds = [...new Set(priced.flatMap((p) => (p.product.vendor_id === null ? [] : [p.product.vendor_id])))];
    const { sellers, tax } = await deps.sellers(vendorIds, [...new Set(priced.map((p) => p.product.id))]);
    const cart: CartLine[] = priced.map((p, n) => ({ n, productId: p.product.id, vendorId: p.product.vendor_id, quantity: p.line.quantity, grossCents: p.unitPriceCents * p.line.quantity }));
    const discounts = promotions && priced.length ? await promotions(cart) : null;
    const off = discounts ? lineDiscounts(discounts.applied) : { total: new Map<number, number>(), seller: new Map<number, number>() };
    const { parts: split, totals }: { parts: { vendorId: number | null; lines: { index: number }[]; totals: Totals }[]; totals: Totals } = splitBySeller(
      priced.map((p, index) => ({
        index, unitPriceCents: p.unitPriceCents, quantity: p.line.quantity, vendorId: p.product.vendor_id,
        taxCategory: tax.categories.get(p.product.id) ?? TAX_CATEGORY_DEFAULT, discountCents: off.seller.get(index) ?? 0,
      })),
      (v) => (v === null ? DEFAULT_SHIPPING_RULE : sellers.get(v)?.rule ?? DEFAULT_SHIPPING_RULE),
      (v) => ({ mode: tax.mode, registered: v === null ? tax.marketplaceRegistered : sellers.get(v)?.vatRegistered ?? false }),
    );
    // each seller's part: its lines, its own shipping and the seller's name (what the fulfilment groups show)
    const parts = split.map((part) => ({
      vendorId: part.vendorId,
      sellerName: part.vendorId === null ? MARKETPLACE_SELLER : sellers.get(part.vendorId)?.name ?? MARKETPLACE_SELLER,
      lineIds: part.lines.map((l) => priced[l.index]!.line.id),
      totals: part.totals,
    }));
    const lineItems = priced.map((p, n) => {
      const image = p.product.images[0] ? absoluteUrl(p.product.images[0], origin) : null;
      const line = lineTotalCents({ unitPriceCents: p.unitPriceCents, quantity: p.line.quantity });
      const less = off.total.get(n) ?? 0;
      return {
        id: p.line.id,
        item: { id: p.line.item, title: p.title, price: p.unitPriceCents, ...(image ? { image_url: image } : {}) },
        quantity: p.line.quantity,
        totals: [money('subtotal', line), ...(less > 0 ? [money('items_discount', -less)] : []), money('total', line - less)],
      };
    });
    const sellerCents = [...off.seller.values()].reduce((a, b) => a + b, 0);
    const marketplaceCents = [...off.total.values()].reduce((a, b) => a + b, 0) - sellerCents;
    const totalLines = addableTotals(totals, {
      taxIncluded: tax.mode === 'inclusive', shippingBySeller: parts.map((p) => ({ name: p.sellerName, cents: p.totals.shippingCents })),
      discount: { sellerCents, marketplaceCents },
    });
    return { priced, lineItems, totals, totalLines, messages, parts, discounts };
  }

  return { resolve, price };
}

export type LinePricing = ReturnType<typeof createLinePricing>;
