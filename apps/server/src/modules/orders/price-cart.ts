import { DEFAULT_COMMISSION_BPS, MARKETPLACE_SELLER_NAME, TAX_SETTING_KEYS } from '@souq/shared/constants';
import { normaliseTrn, TAX_CATEGORY_DEFAULT, TAX_MODE_DEFAULT, type TaxCategory, type TaxMode } from '@souq/shared/rules/tax';
import { DEFAULT_SHIPPING_RULE, splitBySeller, type ShippingRule } from '@souq/shared/rules/pricing';
import { DEFAULT_CUTOFF_TIME, DEFAULT_HANDLING_DAYS } from '@souq/shared/rules/delivery-promise';
import type { Database } from '../../platform/db.js';
import type { CatalogueService, OrderProductRow } from '../catalogue/catalogue.service.js';
import type { OrderOptionRow } from '../catalogue/variant-stock.js';
import { checkOptionStock, optionsWanted, priceOrderLine } from './order-lines.js';

// Pricing a cart the checkout's way: database prices, split by seller with each one's shipping rule and VAT, the
// commission rate frozen per line. The quote and the purchase (place-purchase.ts) use the same function, so the
// screen and the charge agree.

/** A seller as checkout prices it: its name, shipping rule and whether it charges VAT (decisions 0086, 0098). */
export type Seller = { name: string; rule: ShippingRule; vatRegistered: boolean; dispatch: { handlingDays: number; cutoff: string } };

/** The marketplace's own dispatch rule (its products, decision 0096) and any seller's before it set one (decision 0151). */
export const DEFAULT_DISPATCH = { handlingDays: DEFAULT_HANDLING_DAYS, cutoff: DEFAULT_CUTOFF_TIME };

/** The shop's tax settings and the products' tax categories, as checkout prices a cart (decision 0098). */
export type TaxBasis = { mode: TaxMode; marketplaceRegistered: boolean; categories: Map<number, TaxCategory> };

export function createCartPricing(deps: {
  /** Raw (named, prepared) queries. */
  query: Database['query'];
  catalogue: CatalogueService;
}) {
  const { catalogue } = deps;

  /** The sellers' names and shipping rules (decision 0086), by vendor id; a named statement like the product read. */
  async function sellersOf(vendorIds: number[]): Promise<Map<number, Seller>> {
    const map = new Map<number, Seller>();
    if (!vendorIds.length) return map;
    const rows = await deps.query<{
      id: number; company_name: string; shipping_fee_cents: number | null; free_shipping_above_cents: number | null; vat: boolean; handling_days: number; cutoff_time: string;
    }>(
      // VAT only from a declared registrant with a well-formed TRN that an admin has verified (decision 0098)
      `select id, company_name, shipping_fee_cents, free_shipping_above_cents, handling_days, cutoff_time,
         (vat_registered and is_verified and vat_number ~ '^100[0-9]{12}$') as vat
       from vendors where id = any($1::int[])`, [vendorIds], 'orders.sellers',
    );
    for (const r of rows) {
      map.set(r.id, {
        name: r.company_name,
        vatRegistered: r.vat,
        dispatch: { handlingDays: r.handling_days, cutoff: r.cutoff_time },
        rule: { feeCents: r.shipping_fee_cents ?? DEFAULT_SHIPPING_RULE.feeCents, freeAboveCents: r.free_shipping_above_cents ?? DEFAULT_SHIPPING_RULE.freeAboveCents },
      });
    }
    return map;
  }

  /**
   * The shop's price mode, whether the marketplace itself is registered (it has a valid TRN set) and each product's
   * tax category: one named statement (decision 0098).
   */
  async function taxBasisOf(productIds: number[]): Promise<TaxBasis> {
    const rows = await deps.query<{ id: number | null; tax_category: TaxCategory | null; mode: string | null; trn: string | null }>(
      `select p.id, p.tax_category, s.mode, s.trn from
         (select max(value) filter (where key = $2) as mode, max(value) filter (where key = $3) as trn from settings) s
       left join products p on p.id = any($1::int[])`,
      [productIds, TAX_SETTING_KEYS.mode, TAX_SETTING_KEYS.trn], 'orders.taxBasis',
    );
    const first = rows[0];
    return {
      mode: first?.mode === 'exclusive' ? 'exclusive' : TAX_MODE_DEFAULT,
      marketplaceRegistered: Boolean(first?.trn && normaliseTrn(first.trn)),
      categories: new Map(rows.flatMap((r) => (r.id === null ? [] : [[r.id, r.tax_category ?? TAX_CATEGORY_DEFAULT] as [number, TaxCategory]]))),
    };
  }

  /**
   * Everything a cart is priced from, in ONE named statement (decision 0172; it was four: the products, their sellers,
   * their commission rates and the tax basis, each a round trip and a statement's fixed cost for both processes): each
   * product's row as the catalogue's check reads it, its seller's rule, its rate (vendors' products only) and tax
   * category, and the shop's tax settings on every row (one row of nulls but them when no product exists).
   */
  async function basisOf(productIds: number[]) {
    const rows = await deps.query<Omit<OrderProductRow, 'id'> & {
      id: number | null; tax_category: TaxCategory | null; bps: number | null; mode: string | null; trn: string | null;
      seller_id: number | null; company_name: string; shipping_fee_cents: number | null; free_shipping_above_cents: number | null; vat: boolean; handling_days: number; cutoff_time: string;
    }>(
      `select p.id, p.name, p.status, p.price_cents, p.currency, p.vendor_id, p.stock, p.tax_category,
         case when p.vendor_id is not null then coalesce(vr.rate_bps, cr.rate_bps, dr.rate_bps) end as bps,
         s.mode, s.trn,
         v.id as seller_id, v.company_name, v.shipping_fee_cents, v.free_shipping_above_cents, v.handling_days, v.cutoff_time,
         -- VAT only from a declared registrant with a well-formed TRN that an admin has verified (decision 0098)
         (v.vat_registered and v.is_verified and v.vat_number ~ '^100[0-9]{12}$') as vat
       from (select max(value) filter (where key = $2) as mode, max(value) filter (where key = $3) as trn from settings) s
       left join products p on p.id = any($1::int[])
       left join vendors v on v.id = p.vendor_id
       left join commission_rates vr on vr.key = 'vendor:' || p.vendor_id
       left join commission_rates cr on cr.key = 'category:' || p.categories[1]
       left join commission_rates dr on dr.key = 'default'`,
      [productIds, TAX_SETTING_KEYS.mode, TAX_SETTING_KEYS.trn], 'orders.priceBasis',
    );
    const products = rows.flatMap((r) => (r.id === null ? [] : [{ ...r, id: r.id }]));
    const sellers = new Map<number, Seller>();
    for (const r of products) {
      if (r.seller_id === null || sellers.has(r.seller_id)) continue;
      sellers.set(r.seller_id, {
        name: r.company_name,
        vatRegistered: r.vat,
        dispatch: { handlingDays: r.handling_days, cutoff: r.cutoff_time },
        rule: { feeCents: r.shipping_fee_cents ?? DEFAULT_SHIPPING_RULE.feeCents, freeAboveCents: r.free_shipping_above_cents ?? DEFAULT_SHIPPING_RULE.freeAboveCents },
      });
    }
    const first = rows[0];
    const tax: TaxBasis = {
      mode: first?.mode === 'exclusive' ? 'exclusive' : TAX_MODE_DEFAULT,
      marketplaceRegistered: Boolean(first?.trn && normaliseTrn(first.trn)),
      categories: new Map(products.map((r) => [r.id, r.tax_category ?? TAX_CATEGORY_DEFAULT] as [number, TaxCategory])),
    };
    const rates = new Map(products.flatMap((r) => (r.bps === null ? [] : [[r.id, r.bps] as [number, number]])));
    return { products, sellers, tax, rates };
  }

  /** The cart priced from database prices and split by seller, each with its own shipping rule (checkout and its quote). */
  async function priceCart(items: { product_id: number; quantity: number; variants?: Record<string, string> }[]) {
    const stockLines = items.map((i) => ({ productId: i.product_id, quantity: i.quantity }));
    // each line priced from its product and chosen options (400 for an option the product does not have)
    const withOptions = items.filter((i) => Object.keys(i.variants ?? {}).length).map((i) => i.product_id);
    const [basis, productOptions] = await Promise.all([
      basisOf([...new Set(items.map((i) => i.product_id))]),
      withOptions.length ? catalogue.optionsForOrder([...new Set(withOptions)]) : new Map<number, OrderOptionRow[]>(),
    ]);
    // the catalogue's rule on the rows read: each product there, active, in stock (404/422/409 naming it)
    const priced = await catalogue.checkForOrder(stockLines, basis.products);
    const { sellers, rates, tax } = basis;
    const lines = items.map((i, n) => {
      const p = priced.get(i.product_id)!;
      const line = priceOrderLine(p, productOptions.get(p.id) ?? [], i.variants ?? {});
      // the marketplace takes no commission on what it sells itself
      const commissionBps = p.vendorId === null ? 0 : rates.get(p.id) ?? DEFAULT_COMMISSION_BPS;
      const taxCategory = tax.categories.get(p.id) ?? TAX_CATEGORY_DEFAULT;
      return { n, product: p, vendorId: p.vendorId, unitPriceCents: line.unitPriceCents, quantity: i.quantity, commissionBps, priced: line, taxCategory };
    });
    const options = optionsWanted(lines);
    const nameOf = (productId: number) => priced.get(productId)?.name ?? String(productId);
    checkOptionStock(options, [...options.values()].map((o) => o.option), nameOf);
    const ruleOf = (v: number | null) => (v === null ? DEFAULT_SHIPPING_RULE : sellers.get(v)?.rule ?? DEFAULT_SHIPPING_RULE);
    const taxOf = (v: number | null) => ({ mode: tax.mode, registered: v === null ? tax.marketplaceRegistered : sellers.get(v)?.vatRegistered ?? false });
    const split = splitBySeller(lines, ruleOf, taxOf);
    /**
     * The cart again with each line's seller-funded share of its promotions taken off its supply (decision 0152): the
     * lines' totals, VAT, the sellers' shipping thresholds and totals all worked out on the reduced lines.
     */
    const withSellerShares = (shares: ReadonlyMap<number, number>) =>
      splitBySeller(lines.map((l) => ({ ...l, discountCents: shares.get(l.n) ?? 0 })), ruleOf, taxOf);
    const sellerName = (v: number | null) => (v === null ? MARKETPLACE_SELLER_NAME : sellers.get(v)?.name ?? MARKETPLACE_SELLER_NAME);
    const dispatchOf = (v: number | null) => (v === null ? DEFAULT_DISPATCH : sellers.get(v)?.dispatch ?? DEFAULT_DISPATCH);
    return { stockLines, priced, ...split, withSellerShares, sellerName, dispatchOf, options, nameOf, taxMode: tax.mode };
  }

  return { priceCart, sellersOf, taxBasisOf };
}

export type CartPricing = ReturnType<typeof createCartPricing>;
export type PricedCart = Awaited<ReturnType<CartPricing['priceCart']>>;
