import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { MSG } from '@souq/shared/messages';
import type { CampaignRequest, CouponCheck, DealsQuote, Offer, PromotionDto, VendorPromotionCost, VendorPromotionRequest } from '@souq/shared/api/promotions';
import { normaliseCode, returnedShare, sellerPercentOf, type CouponRefusal } from '@souq/shared/rules/promotions';
import { rowsOf } from '../../platform/sql-rows.js';
import { settings, users } from '../../db/schema/accounts.js';
import { products } from '../../db/schema/catalogue.js';
import { promotionCodes, promotionProducts, promotionRedemptions, promotions } from '../../db/schema/promotions.js';
import type { AuditLog, Actor } from '../../platform/audit.js';
import type { Database, Db, Tx } from '../../platform/db.js';
import { badRequest, conflict, notFound, unprocessable } from '../../platform/errors.js';
import { isUniqueViolation } from '../../platform/pg-errors.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import { createCartPricing } from '../orders/price-cart.js';
import { applyPromotions, perSeller, type CartLine, type LoadedCoupon, type LoadedPromotion } from './promotions.apply.js';
import { createRedemptions, type CartPromotionsLoad } from './promotions.redeem.js';
import { createOffers } from './promotions.offers.js';
import type { PriceStep } from '@souq/shared/rules/reference-price';

// Promotions (issue 39, decision 0148): sellers' coupons and deals on their own products, the marketplace's
// campaigns that sellers opt their products in to, one-time codes, and checking a code against a cart with the reason
// when it does not apply. Every create and status change is audited in its transaction.

/** The setting: whether running deals and a coupon apply to the same line (default: yes). */
export const STACK_SETTING = 'promotions_deals_stack_with_coupons';

type PromotionRow = typeof promotions.$inferSelect;

/** The message of each refusal, in English and Arabic (packages/shared). */
export const REFUSAL_MESSAGES: Record<CouponRefusal, string> = {
  not_found: MSG.promoNotFound, paused: MSG.promoPaused, not_started: MSG.promoNotStarted, expired: MSG.promoExpired,
  sign_in: MSG.promoSignIn, not_yours: MSG.promoNotYours, no_eligible_products: MSG.promoNoEligibleProducts,
  min_spend: MSG.promoMinSpend, used_up: MSG.promoUsedUp, already_used: MSG.promoAlreadyUsed,
};

export type CartItems = { product_id: number; quantity: number; variants?: Record<string, string> }[];

/**
 * The promotions module's read for a cart (`loadForCart`): $1 the cart's product ids, $2 the typed code normalised
 * (null: none), $3 the shopper (null: a guest), $4 the stacking setting's key. One row per promotion: the deals that
 * may cover the cart (`is_coupon` false) and the coupon found for the code.
 */
const FOR_CART_SQL = `
with links as materialized (
  select pp.promotion_id, pp.product_id from promotion_products pp where pp.product_id = any($1::int[])
), coupon as materialized (
  select x.id, x.code_id, x.code_owner from (
    select p.id, null::int as code_id, null::int as code_owner, 0 as rank from promotions p where upper(p.code) = $2::text and p.kind = 'coupon'
    union all
    select c.promotion_id, c.id, c.user_id, 1 from promotion_codes c where upper(c.code) = $2::text
  ) x order by x.rank limit 1
), found as (
  select p.*, false as is_coupon, null::int as code_id, null::int as code_owner from promotions p
  where p.id = any(array(select distinct promotion_id from links)) and p.kind = 'deal' and p.status = 'active'
    -- a deal whose total limit is reached has ended for everyone (its counter is raised under its lock, decision 0152)
    and (p.total_limit is null or p.redeemed_count < p.total_limit)
  union all
  select p.*, true, c.code_id, c.code_owner from coupon c join promotions p on p.id = c.id
)
select f.id, f.kind, f.status, f.starts_at, f.ends_at, f.min_spend_cents, f.per_shopper_limit, f.total_limit, f.one_time, f.percent_bps,
  f.amount_cents, f.seller_percent, f.owner_vendor_id, f.redeemed_count, f.is_coupon, f.code_id, f.code_owner,
  array(select l.product_id from links l where l.promotion_id = f.id) as covered,
  -- a seller's coupon with no list of products covers all of its own
  (f.is_coupon and f.owner_vendor_id is not null and not exists (select 1 from promotion_products x where x.promotion_id = f.id)) as whole_shop,
  case when $3::int is not null and (f.is_coupon or f.per_shopper_limit is not null) then (select count(*) from promotion_redemptions r
    where r.promotion_id = f.id and r.user_id = $3::int and r.status = 'live' and r.counted) else 0 end::int as used_by_shopper,
  (f.code_id is not null and exists (select 1 from promotion_redemptions r where r.code_id = f.code_id and r.status = 'live' and r.counted)) as code_used,
  (select s.value from settings s where s.key = $4::text) as stack
from found f`;

type ForCartRow = {
  id: number; kind: 'coupon' | 'deal'; status: 'active' | 'paused'; starts_at: Date | string; ends_at: Date | string; min_spend_cents: number;
  per_shopper_limit: number | null; total_limit: number | null; one_time: boolean; percent_bps: number | null; amount_cents: number | null;
  seller_percent: number; owner_vendor_id: number | null; redeemed_count: number; is_coupon: boolean; code_id: number | null; code_owner: number | null;
  covered: number[]; whole_shop: boolean; used_by_shopper: number; code_used: boolean; stack: string | null;
};

const loadedOf = (r: ForCartRow): LoadedPromotion => ({
  id: r.id, kind: r.kind, status: r.status, startsAt: new Date(r.starts_at), endsAt: new Date(r.ends_at), minSpendCents: r.min_spend_cents,
  perShopperLimit: r.per_shopper_limit, totalLimit: r.total_limit, oneTime: r.one_time, percentBps: r.percent_bps, amountCents: r.amount_cents,
  sellerPercent: r.seller_percent, ownerVendorId: r.owner_vendor_id, productIds: r.whole_shop ? null : new Set(r.covered),
});

export function createPromotionsService(deps: {
  db: Db; query: Database['query']; audit: AuditLog; catalogue: CatalogueService;
  /** The products' price logs, oldest first (the prices module's), for the honest "was" prices (decision 0158). */
  priceLogs: (productIds: readonly number[]) => Promise<Map<number, PriceStep[]>>;
}) {
  const { db, audit } = deps;
  const pricing = createCartPricing({ query: deps.query, catalogue: deps.catalogue });

  /**
   * Everything a cart's promotions are applied from, in ONE named statement (decision 0167; the purchase ran seven
   * reads for it, twice with a limited promotion): the typed code's coupon (its shared code, else a one-time code) with
   * its use so far, the deals on the cart's products that may run (active, under their total limit), each with the
   * cart's products it covers and the shopper's own live uses, and the stacking setting. Each part is read by an
   * index whatever the planner believes of the tables: the cart's links first (materialised), then those promotions by
   * id (decision 0159). `query` is the caller's: the purchase reads again with its transaction's after a refused check.
   */
  async function loadForCart(productIds: readonly number[], typed: string | null, userId: number | null, query: Database['query'] = deps.query): Promise<CartPromotionsLoad> {
    const code = typed === null ? null : normaliseCode(typed);
    const rows = await query<ForCartRow>(FOR_CART_SQL, [[...productIds], code, userId, STACK_SETTING], 'promotions.forCart');
    let coupon: LoadedCoupon | null = code === null ? null : { found: false, code: typed! };
    const deals: LoadedPromotion[] = [];
    for (const r of rows) {
      const loaded = loadedOf(r);
      if (!r.is_coupon) {
        deals.push({ ...loaded, usedByShopper: r.used_by_shopper });
        continue;
      }
      coupon = {
        found: true, code: typed!, promotion: loaded, codeId: r.code_id, codeOwnerId: r.code_owner,
        usedTotal: r.redeemed_count, usedByShopper: r.used_by_shopper, codeUsed: r.code_used,
      };
    }
    return { coupon, deals, stack: rows.length ? rows[0]!.stack !== 'false' : true };
  }

  async function dealsStack(exec: Db | Tx): Promise<boolean> {
    const [row] = await exec.select().from(settings).where(eq(settings.key, STACK_SETTING));
    return row?.value !== 'false';
  }

  /**
   * A code checked against a cart at database prices (the checkout's code box): the discount per seller and who funds
   * it, or the reason it does not apply. Nothing is written.
   */
  /** A cart's lines at database prices, as the promotions see them. */
  async function cartLines(items: CartItems): Promise<CartLine[]> {
    const cart = await pricing.priceCart(items);
    return cart.parts.flatMap((part) => part.lines.map((l) => ({
      n: l.n, productId: l.product.id, vendorId: l.vendorId, quantity: l.quantity, grossCents: l.unitPriceCents * l.quantity,
    })));
  }

  async function checkCoupon(code: string, items: CartItems, userId: number | null, now = new Date()): Promise<CouponCheck> {
    // the promotions are read beside the prices: the cart's product ids are known before it is priced
    const productIds = [...new Set(items.map((i) => i.product_id))];
    const [lines, { coupon, deals, stack }] = await Promise.all([cartLines(items), loadForCart(productIds, code, userId)]);
    const applied = applyPromotions(lines, deals, coupon, { now, userId, dealsStackWithCoupons: stack });
    const refusal = applied.coupon!.refusal;
    return {
      code, applies: refusal === null, reason: refusal, message: refusal ? REFUSAL_MESSAGES[refusal] : null,
      discount_cents: applied.coupon!.discountCents,
      sellers: perSeller(lines, applied),
    };
  }

  /** The running deals on a cart at database prices, before any code: what the order takes off them unasked. */
  async function quoteDeals(items: CartItems, userId: number | null, now = new Date()): Promise<DealsQuote> {
    const [lines, { deals }] = await Promise.all([cartLines(items), loadForCart([...new Set(items.map((i) => i.product_id))], null, userId)]);
    const sellers = perSeller(lines, applyPromotions(lines, deals, null, { now, userId, dealsStackWithCoupons: true }));
    return { discount_cents: sellers.reduce((s, p) => s + p.discount_cents, 0), sellers };
  }

  /** The products named, each with its seller; 400 for one that does not exist. */
  async function productsOf(exec: Db | Tx, ids: number[]) {
    if (!ids.length) return [];
    const rows = await exec.select({ id: products.id, vendorId: products.vendorId }).from(products).where(inArray(products.id, ids));
    if (rows.length !== new Set(ids).size) throw badRequest(MSG.promoProductUnknown);
    return rows;
  }

  /** Inserts a promotion, mapping a taken code to a 409. */
  async function insert(tx: Tx, values: typeof promotions.$inferInsert): Promise<PromotionRow> {
    try {
      return (await tx.insert(promotions).values(values).returning())[0]!;
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(MSG.promoCodeTaken);
      throw err;
    }
  }

  /** A creation's audit fields, before (nothing) → after. */
  const created = (row: PromotionRow) => Object.fromEntries(
    (['kind', 'name', 'code', 'percentBps', 'amountCents', 'funder', 'sellerPercent', 'startsAt', 'endsAt'] as const).map((k) => [k, { before: null, after: row[k] instanceof Date ? (row[k] as Date).toISOString() : row[k] }]),
  );

  const common = (input: VendorPromotionRequest) => ({
    kind: input.kind, name: input.name, code: input.code ?? null, oneTime: input.one_time,
    percentBps: input.percent_bps ?? null, amountCents: input.amount_cents ?? null, minSpendCents: input.min_spend_cents,
    perShopperLimit: input.per_shopper_limit, totalLimit: input.total_limit, startsAt: new Date(input.starts_at), endsAt: new Date(input.ends_at),
  });

  /**
   * What returned units gave back of promotions (decisions 0158, 0163), per promotion and seller: each discounted line
   * of the live redemptions — of these promotions, or of this seller's sub-orders — with the units received back, its
   * shares taken back by the returns' own rule (`returnedShare`, in proportion to the units, cumulative), so a cost
   * less it is what the ledger kept. Keyed `${promotionId}:${vendorId}`.
   */
  async function givenBack(exec: Db | Tx, of: { promotionIds: number[] } | { vendorId: number }): Promise<Map<string, { seller: number; market: number }>> {
    const where = 'vendorId' in of ? sql`o.seller_vendor_id = ${of.vendorId}` : sql`d.promotion_id in (${sql.join(of.promotionIds.map((id) => sql`${id}`), sql`, `)})`;
    const lines = await rowsOf<{ promotion_id: number; vendor_id: number | null; discount_cents: number; seller_cents: number; marketplace_cents: number; quantity: number; returned: number }>(exec, sql`
      select d.promotion_id, o.seller_vendor_id as vendor_id, d.discount_cents, d.seller_cents, d.marketplace_cents, i.quantity,
        coalesce((select sum(r.units) from return_requests r where r.order_item_id = i.id and r.status = 'received'), 0)::int as returned
      from order_item_discounts d
      join order_items i on i.id = d.order_item_id
      join promotion_redemptions pr on pr.order_id = i.order_id and pr.promotion_id = d.promotion_id and pr.status = 'live'
      join orders o on o.id = i.order_id
      where ${where}`);
    const back = new Map<string, { seller: number; market: number }>();
    for (const l of lines) {
      if (l.returned <= 0) continue;
      const b = returnedShare({ discountCents: l.discount_cents, sellerCents: l.seller_cents, marketplaceCents: l.marketplace_cents }, l.quantity, Math.min(l.returned, l.quantity));
      const key = `${l.promotion_id}:${l.vendor_id === null ? null : Number(l.vendor_id)}`;
      const row = back.get(key) ?? { seller: 0, market: 0 };
      row.seller += b.sellerCents;
      row.market += b.marketplaceCents;
      back.set(key, row);
    }
    return back;
  }

  /**
   * Lists with usage and cost: live counted uses, and the discount given per seller and in all (fils), less what
   * returned units gave back (decision 0163: the admin's cost is the ledger's, as the seller's Earnings).
   */
  async function dtos(exec: Db | Tx, rows: PromotionRow[]): Promise<PromotionDto[]> {
    if (!rows.length) return [];
    const ids = rows.map((r) => r.id);
    const [items, gross, back] = await Promise.all([
      exec.select({ promotionId: promotionProducts.promotionId, productId: promotionProducts.productId }).from(promotionProducts)
        .where(inArray(promotionProducts.promotionId, ids)).orderBy(asc(promotionProducts.productId)),
      exec.select({
        promotionId: promotionRedemptions.promotionId, vendorId: sql<number | null>`o.seller_vendor_id`,
        uses: sql<number>`count(*) filter (where ${promotionRedemptions.counted})::int`,
        discount: sql<number>`sum(${promotionRedemptions.discountCents})::int`, seller: sql<number>`sum(${promotionRedemptions.sellerCents})::int`,
        market: sql<number>`sum(${promotionRedemptions.marketplaceCents})::int`,
      }).from(promotionRedemptions).innerJoin(sql`orders o`, sql`o.id = ${promotionRedemptions.orderId}`)
        .where(and(inArray(promotionRedemptions.promotionId, ids), eq(promotionRedemptions.status, 'live')))
        .groupBy(promotionRedemptions.promotionId, sql`o.seller_vendor_id`),
      givenBack(exec, { promotionIds: ids }),
    ]);
    const costs = gross.map((c) => {
      const vendorId = c.vendorId === null ? null : Number(c.vendorId);
      const b = back.get(`${c.promotionId}:${vendorId}`) ?? { seller: 0, market: 0 };
      return { ...c, vendorId, seller: c.seller - b.seller, market: c.market - b.market, discount: c.discount - b.seller - b.market };
    });
    return rows.map((p) => {
      const own = costs.filter((c) => c.promotionId === p.id);
      return {
        id: p.id, kind: p.kind, name: p.name, code: p.code, one_time: p.oneTime, percent_bps: p.percentBps, amount_cents: p.amountCents,
        min_spend_cents: p.minSpendCents, per_shopper_limit: p.perShopperLimit, total_limit: p.totalLimit,
        starts_at: p.startsAt.toISOString(), ends_at: p.endsAt.toISOString(), funder: p.funder, seller_percent: p.sellerPercent,
        owner_vendor_id: p.ownerVendorId, status: p.status,
        product_ids: items.filter((i) => i.promotionId === p.id).map((i) => i.productId),
        uses: own.reduce((s, c) => s + c.uses, 0),
        discount_cents: own.reduce((s, c) => s + c.discount, 0),
        seller_cost_cents: own.reduce((s, c) => s + c.seller, 0),
        marketplace_cost_cents: own.reduce((s, c) => s + c.market, 0),
        sellers: own.map((c) => ({ vendor_id: c.vendorId, seller_cost_cents: c.seller, marketplace_cost_cents: c.market })),
      };
    });
  }

  async function one(exec: Db | Tx, id: number): Promise<PromotionRow> {
    const [p] = await exec.select().from(promotions).where(eq(promotions.id, id));
    if (!p) throw notFound(MSG.promoNotFoundRow);
    return p;
  }

  const redemptions = createRedemptions({ load: loadForCart });

  const offers = createOffers({ db, deals: async (productIds, userId) => (await loadForCart(productIds, null, userId)).deals, priceLogs: deps.priceLogs });

  /**
   * The deals running now on these products (the assistant's read, issue 39 item 5): each covered product's discount on
   * one unit and when its deal ends — the storefront's offers (the checkout's own rule), so the chat and the cards
   * quote the same price. Nothing is written.
   */
  async function runningDeals(productIds: number[], now = new Date()): Promise<{ productId: number; discountCents: number; endsAt: Date }[]> {
    const { offers: list } = await offers(productIds, now);
    // a deal that takes nothing off one unit (a minimum spend) is not a reduced price to quote
    return list.flatMap((o) => (o.deal && o.deal.price_cents < o.price_cents ? [{ productId: o.product_id, discountCents: o.price_cents - o.deal.price_cents, endsAt: new Date(o.deal.ends_at) }] : []));
  }

  /**
   * Each active product's offer by id — the storefront's own (`offers`: the running deal and the honest "was" price) —
   * for the embed card and agents' catalogue, so no surface shows a strike-through price the history does not prove
   * (decision 0163). A guest's view: the shopper is not known there.
   */
  async function offersById(productIds: readonly number[]): Promise<Map<number, Offer>> {
    const { offers: list } = await offers(productIds);
    return new Map(list.map((o) => [o.product_id, o]));
  }

  return {
    checkCoupon,
    quoteDeals,
    offers,
    offersById,
    runningDeals,
    redemptions,
    loadForCart,
    dealsStack,

    /** A seller's own coupon or deal: funded by the seller, on its own products only (400/403 otherwise). */
    async createForVendor(vendorId: number, input: VendorPromotionRequest, actor: Actor): Promise<PromotionDto> {
      return db.transaction(async (tx) => {
        const items = await productsOf(tx, input.product_ids);
        if (items.some((i) => i.vendorId !== vendorId)) throw unprocessable(MSG.promoNotYourProduct);
        if (input.kind === 'deal' && !items.length) throw badRequest(MSG.validationFailed, { product_ids: MSG.promoNoEligibleProducts });
        const row = await insert(tx, { ...common(input), funder: 'seller', sellerPercent: 100, ownerVendorId: vendorId, createdBy: actor.userId });
        if (items.length) await tx.insert(promotionProducts).values(items.map((i) => ({ promotionId: row.id, productId: i.id, vendorId, optedIn: true })));
        await audit.record(tx, { actor, action: 'promotion.create', target: { type: 'promotion', id: row.id }, changes: created(row) });
        return (await dtos(tx, [row]))[0]!;
      });
    },

    /** A marketplace campaign (admin): funded by the marketplace, or split with the sellers who opt in. */
    async createCampaign(input: CampaignRequest, actor: Actor): Promise<PromotionDto> {
      return db.transaction(async (tx) => {
        const items = await productsOf(tx, input.product_ids);
        const row = await insert(tx, {
          ...common(input), funder: input.funder, sellerPercent: sellerPercentOf(input.funder, input.seller_percent ?? null), ownerVendorId: null, createdBy: actor.userId,
        });
        if (items.length) await tx.insert(promotionProducts).values(items.map((i) => ({ promotionId: row.id, productId: i.id, vendorId: i.vendorId, optedIn: false })));
        await audit.record(tx, { actor, action: 'promotion.create', target: { type: 'promotion', id: row.id }, changes: created(row) });
        return (await dtos(tx, [row]))[0]!;
      });
    },

    /** A seller opts its own products in to a marketplace campaign (its share of a split is then its cost). */
    async optIn(vendorId: number, promotionId: number, productIds: number[], actor: Actor): Promise<PromotionDto> {
      return db.transaction(async (tx) => {
        const p = await one(tx, promotionId);
        if (p.ownerVendorId !== null) throw unprocessable(MSG.promoNotCampaign);
        const items = await productsOf(tx, productIds);
        if (items.some((i) => i.vendorId !== vendorId)) throw unprocessable(MSG.promoNotYourProduct);
        await tx.insert(promotionProducts).values(items.map((i) => ({ promotionId, productId: i.id, vendorId, optedIn: true })))
          .onConflictDoUpdate({ target: [promotionProducts.promotionId, promotionProducts.productId], set: { optedIn: true } });
        await audit.record(tx, { actor, action: 'promotion.opt_in', target: { type: 'promotion', id: promotionId }, changes: { product_ids: { before: null, after: productIds } } });
        return (await dtos(tx, [p]))[0]!;
      });
    },

    /** Pause or resume: a seller its own promotions only (404 for another's), an admin any. */
    async setStatus(id: number, status: 'active' | 'paused', actor: Actor, vendorId: number | null): Promise<PromotionDto> {
      return db.transaction(async (tx) => {
        const p = await one(tx, id);
        if (vendorId !== null && p.ownerVendorId !== vendorId) throw notFound(MSG.promoNotFoundRow);
        const [row] = await tx.update(promotions).set({ status, updatedAt: new Date() }).where(eq(promotions.id, id)).returning();
        if (p.status !== status) {
          await audit.record(tx, { actor, action: status === 'paused' ? 'promotion.pause' : 'promotion.resume', target: { type: 'promotion', id }, changes: { status: { before: p.status, after: status } } });
        }
        return (await dtos(tx, [row!]))[0]!;
      });
    },

    /** A one-time code for one shopper (the promotion's owner or an admin); the code is random and unguessable. */
    async issueCode(id: number, userId: number, actor: Actor, vendorId: number | null) {
      return db.transaction(async (tx) => {
        const p = await one(tx, id);
        if (vendorId !== null && p.ownerVendorId !== vendorId) throw notFound(MSG.promoNotFoundRow);
        if (!p.oneTime) throw unprocessable(MSG.promoNotOneTime);
        const [u] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
        if (!u) throw badRequest(MSG.promoUserUnknown);
        const code = `${(p.name.replace(/[^A-Za-z0-9]/g, '').slice(0, 6) || 'SOUQ').toUpperCase()}-${randomCode()}`;
        const [row] = await tx.insert(promotionCodes).values({ promotionId: id, code, userId }).returning();
        await audit.record(tx, { actor, action: 'promotion.issue_code', target: { type: 'promotion', id }, changes: { user_id: { before: null, after: userId } } });
        return { id: row!.id, code: row!.code, user_id: row!.userId };
      });
    },

    /**
     * What promotions cost the seller on its sales (decisions 0152, 0158): its own share and the marketplace's, per
     * promotion (its own and the campaigns it joined), from the live redemptions of its sub-orders — a cancelled one
     * counts no more — less the shares given back by units returned (received): each line's shares by the returns'
     * own rule (`returnedShare`, in proportion to the units, cumulative), so the figure is what the ledger kept.
     */
    async costForVendor(vendorId: number): Promise<VendorPromotionCost> {
      const [uses, given, back] = await Promise.all([
        db.select({ id: promotions.id, name: promotions.name, uses: sql<number>`count(*) filter (where ${promotionRedemptions.counted})::int` })
          .from(promotionRedemptions)
          .innerJoin(promotions, eq(promotions.id, promotionRedemptions.promotionId))
          .innerJoin(sql`orders o`, sql`o.id = ${promotionRedemptions.orderId}`)
          .where(and(sql`o.seller_vendor_id = ${vendorId}`, eq(promotionRedemptions.status, 'live')))
          .groupBy(promotions.id, promotions.name),
        // the shares of its live redemptions, per promotion
        db.select({ id: promotionRedemptions.promotionId, seller: sql<number>`sum(${promotionRedemptions.sellerCents})::int`, market: sql<number>`sum(${promotionRedemptions.marketplaceCents})::int` })
          .from(promotionRedemptions).innerJoin(sql`orders o`, sql`o.id = ${promotionRedemptions.orderId}`)
          .where(and(sql`o.seller_vendor_id = ${vendorId}`, eq(promotionRedemptions.status, 'live')))
          .groupBy(promotionRedemptions.promotionId),
        givenBack(db, { vendorId }),
      ]);
      const net = new Map<number, { seller: number; market: number }>();
      for (const g of given) {
        const b = back.get(`${g.id}:${vendorId}`) ?? { seller: 0, market: 0 };
        net.set(g.id, { seller: g.seller - b.seller, market: g.market - b.market });
      }
      const list = uses.map((r) => ({ id: r.id, name: r.name, uses: r.uses, seller_cost_cents: net.get(r.id)?.seller ?? 0, marketplace_cost_cents: net.get(r.id)?.market ?? 0 }))
        .sort((x, y) => y.seller_cost_cents - x.seller_cost_cents || x.id - y.id);
      return {
        seller_cost_cents: list.reduce((s, r) => s + r.seller_cost_cents, 0),
        marketplace_cost_cents: list.reduce((s, r) => s + r.marketplace_cost_cents, 0),
        promotions: list,
      };
    },

    /** Promotions' names by id (what an agent's applied discounts are titled). */
    async names(ids: number[]): Promise<Map<number, string>> {
      if (!ids.length) return new Map();
      const rows = await db.select({ id: promotions.id, name: promotions.name }).from(promotions).where(inArray(promotions.id, ids));
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    async listForVendor(vendorId: number): Promise<PromotionDto[]> {
      return dtos(db, await db.select().from(promotions).where(eq(promotions.ownerVendorId, vendorId)).orderBy(desc(promotions.createdAt), desc(promotions.id)));
    },

    /** The marketplace's campaigns a seller may opt in to (still running), with its own opted-in products. */
    async campaignsForVendor(vendorId: number, now = new Date()): Promise<PromotionDto[]> {
      const rows = await db.select().from(promotions).where(and(isNull(promotions.ownerVendorId), eq(promotions.status, 'active'), sql`${promotions.endsAt} > ${now}`))
        .orderBy(asc(promotions.endsAt), asc(promotions.id));
      const list = await dtos(db, rows);
      const mine = new Set((await db.select({ id: products.id }).from(products).where(eq(products.vendorId, vendorId))).map((r) => r.id));
      // a seller sees only its own products and its own cost
      return list.map((d) => ({ ...d, product_ids: d.product_ids.filter((id) => mine.has(id)), sellers: d.sellers.filter((s) => s.vendor_id === vendorId) }));
    },

    async listAll(): Promise<PromotionDto[]> {
      return dtos(db, await db.select().from(promotions).orderBy(desc(promotions.createdAt), desc(promotions.id)));
    },

    async setStacking(value: boolean, actor: Actor) {
      await db.transaction(async (tx) => {
        const before = await dealsStack(tx);
        await tx.insert(settings).values({ key: STACK_SETTING, value: String(value) })
          .onConflictDoUpdate({ target: settings.key, set: { value: String(value), updatedAt: new Date() } });
        await audit.record(tx, { actor, action: 'promotion.stacking', target: { type: 'setting', id: STACK_SETTING }, changes: { deals_stack_with_coupons: { before, after: value } } });
      });
      return { deals_stack_with_coupons: value };
    },
  };
}

/** 10 characters from an alphabet without look-alikes (about 50 bits). */
function randomCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
}

export type PromotionsService = ReturnType<typeof createPromotionsService>;
