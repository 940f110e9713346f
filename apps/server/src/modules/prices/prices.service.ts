import { and, asc, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { PRICE_ALERTS_MAX, PRICE_HISTORY_DAYS, type PriceAlert, type PriceHistory, type PricePoint } from '@souq/shared/api/prices';
import { MSG } from '@souq/shared/messages';
import { formatMoney } from '@souq/shared/rules/money';
import { products } from '../../db/schema/catalogue.js';
import { priceAlerts, priceChanges } from '../../db/schema/prices.js';
import type { Db, Tx } from '../../platform/db.js';
import type { Bus } from '../../platform/bus.js';
import { notFound, unprocessable, say } from '../../platform/errors.js';

declare module '../../platform/bus.js' {
  interface BusEvents {
    /** A shopper's price alert fired (once): their browsers get a push and the open page an in-app notice. */
    'price.alertFired': { alertId: number; userId: number; productId: number; productName: string; priceCents: number; belowCents: number; currency: string };
  }
}

const DAY_MS = 86_400_000;

/** One price change, as the catalogue writes it inside its own transaction. */
export type PriceChange = { productId: number; productName: string; currency: string; fromCents: number | null; toCents: number; source: 'create' | 'edit' };

/** Runs after the catalogue's transaction committed: announces the alerts the change fired. */
export type AfterCommit = () => Promise<void>;

export type PricesService = ReturnType<typeof createPricesService>;

/**
 * The price log and the alerts on it (decision 0101). `record` is called by the catalogue inside the transaction that
 * changes a price: the log row and the firing of the alerts the new price crosses commit (or roll back) with the price.
 * An alert fires in the one UPDATE that also marks it fired, so two concurrent changes cannot fire it twice.
 */
export function createPricesService(deps: { db: Db; bus: Bus }) {
  const { db, bus } = deps;

  /** The log's points for one product over the window: the price in force at its start, then every change in it. */
  async function pointsOf(productId: number, days: number, now: Date): Promise<PricePoint[]> {
    const since = new Date(now.getTime() - days * DAY_MS);
    const [before] = await db.select({ cents: priceChanges.newCents }).from(priceChanges)
      .where(and(eq(priceChanges.productId, productId), lt(priceChanges.changedAt, since)))
      .orderBy(desc(priceChanges.changedAt), desc(priceChanges.id)).limit(1);
    const inside = await db.select({ cents: priceChanges.newCents, at: priceChanges.changedAt }).from(priceChanges)
      .where(and(eq(priceChanges.productId, productId), gte(priceChanges.changedAt, since)))
      .orderBy(asc(priceChanges.changedAt), asc(priceChanges.id));
    return [
      ...(before ? [{ at: since.toISOString(), price_cents: before.cents }] : []),
      ...inside.map((r) => ({ at: r.at.toISOString(), price_cents: r.cents })),
    ];
  }

  /** Lowest and highest of the points; ties go to the latest (the shopper asks when it was last that cheap). */
  function extremes(points: PricePoint[]): { lowest: PricePoint; highest: PricePoint } {
    let lowest = points[0]!;
    let highest = points[0]!;
    for (const p of points) {
      if (p.price_cents <= lowest.price_cents) lowest = p;
      if (p.price_cents >= highest.price_cents) highest = p;
    }
    return { lowest, highest };
  }

  async function productOf(id: number) {
    const [row] = await db.select({ id: products.id, name: products.name, priceCents: products.priceCents, currency: products.currency, status: products.status })
      .from(products).where(eq(products.id, id));
    return row ?? null;
  }

  async function listAlerts(userId: number): Promise<PriceAlert[]> {
    const rows = await db
      .select({ a: priceAlerts, name: products.name, priceCents: products.priceCents, currency: products.currency })
      .from(priceAlerts).innerJoin(products, eq(products.id, priceAlerts.productId))
      .where(eq(priceAlerts.userId, userId)).orderBy(desc(priceAlerts.createdAt), desc(priceAlerts.id)).limit(PRICE_ALERTS_MAX);
    return rows.map(({ a, name, priceCents, currency }) => ({
      id: a.id, product_id: a.productId, product_name: name, currency, below_cents: a.belowCents, current_cents: priceCents,
      created_at: a.createdAt.toISOString(), fired_at: a.firedAt?.toISOString() ?? null, fired_cents: a.firedCents,
    }));
  }

  return {
    /**
     * Logs a price change inside the caller's transaction and fires the alerts it crosses (unfired, below_cents above
     * the new price). Returns what to run once the transaction committed. No change, no row.
     */
    async record(tx: Tx, change: PriceChange): Promise<AfterCommit> {
      if (change.fromCents === change.toCents) return async () => {};
      await tx.insert(priceChanges).values({ productId: change.productId, oldCents: change.fromCents, newCents: change.toCents, source: change.source });
      if (change.fromCents === null) return async () => {};
      const fired = await tx.update(priceAlerts).set({ firedAt: new Date(), firedCents: change.toCents })
        .where(and(eq(priceAlerts.productId, change.productId), isNull(priceAlerts.firedAt), sql`${priceAlerts.belowCents} > ${change.toCents}`))
        .returning({ id: priceAlerts.id, userId: priceAlerts.userId, belowCents: priceAlerts.belowCents });
      return async () => {
        for (const a of fired) {
          void bus.emit('price.alertFired', {
            alertId: a.id, userId: a.userId, productId: change.productId, productName: change.productName,
            priceCents: change.toCents, belowCents: a.belowCents, currency: change.currency,
          });
        }
      };
    },

    /**
     * The demo's history (seed only): replaces a product's log with these prices at these moments, oldest first; the
     * last one must be the product's price. One transaction.
     */
    async seedHistory(productId: number, history: { at: Date; cents: number }[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(priceChanges).where(eq(priceChanges.productId, productId));
        let previous: number | null = null;
        const rows = history.map((h) => {
          const row = { productId, oldCents: previous, newCents: h.cents, source: 'seed' as const, changedAt: h.at };
          previous = h.cents;
          return row;
        });
        if (rows.length) await tx.insert(priceChanges).values(rows);
      });
    },

    /** GET /api/price-history/{id}: the last 90 days of an active product (404 otherwise). */
    async history(productId: number, opts: { days?: number; now?: Date } = {}): Promise<PriceHistory> {
      const product = await productOf(productId);
      if (!product || product.status !== 'active') throw notFound(MSG.productNotFound);
      const days = opts.days ?? PRICE_HISTORY_DAYS;
      let points = await pointsOf(productId, days, opts.now ?? new Date());
      // a product older than the log (none before this feature) still has its current price
      if (points.length === 0) points = [{ at: new Date().toISOString(), price_cents: product.priceCents }];
      return { product_id: productId, currency: product.currency, days, current_cents: product.priceCents, points, ...extremes(points) };
    },

    /** The caller's alerts, newest first, with each product's name and current price. */
    listAlerts,

    /**
     * Sets (or replaces) the caller's alert on an active product: 404 for an unknown product, 422 when the price is
     * already below the amount (it could never drop below it) or the caller has too many alerts.
     */
    async setAlert(userId: number, productId: number, belowCents: number): Promise<PriceAlert> {
      const product = await productOf(productId);
      if (!product || product.status !== 'active') throw notFound(MSG.productNotFound);
      if (product.priceCents < belowCents) throw unprocessable(say.priceAlertNotBelow(formatMoney(product.priceCents / 100, product.currency)));
      const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(priceAlerts)
        .where(and(eq(priceAlerts.userId, userId), sql`${priceAlerts.productId} <> ${productId}`));
      if ((counted?.n ?? 0) >= PRICE_ALERTS_MAX) throw unprocessable(say.priceAlertsTooMany(PRICE_ALERTS_MAX));
      await db.insert(priceAlerts).values({ userId, productId, belowCents })
        .onConflictDoUpdate({ target: [priceAlerts.userId, priceAlerts.productId], set: { belowCents, createdAt: new Date(), firedAt: null, firedCents: null } });
      return (await listAlerts(userId)).find((a) => a.product_id === productId)!;
    },

    /** Removes one of the caller's alerts; another person's (or none) is a 404. */
    async removeAlert(userId: number, alertId: number): Promise<void> {
      const gone = await db.delete(priceAlerts).where(and(eq(priceAlerts.id, alertId), eq(priceAlerts.userId, userId))).returning({ id: priceAlerts.id });
      if (gone.length === 0) throw notFound(MSG.priceAlertNotFound);
    },

    /**
     * Each product's whole price log, oldest first (the honest "was" price of decision 0158 looks 30 days back from a
     * reduction that may itself be old); at most a page of products at a time.
     */
    async logsOf(productIds: readonly number[]): Promise<Map<number, { at: Date; cents: number }[]>> {
      const out = new Map<number, { at: Date; cents: number }[]>(productIds.map((id) => [id, []]));
      if (!productIds.length) return out;
      const rows = await db.select({ productId: priceChanges.productId, cents: priceChanges.newCents, at: priceChanges.changedAt }).from(priceChanges)
        .where(inArray(priceChanges.productId, [...productIds])).orderBy(asc(priceChanges.productId), asc(priceChanges.changedAt), asc(priceChanges.id));
      for (const r of rows) out.get(r.productId)?.push({ at: r.at, cents: r.cents });
      return out;
    },

    /** For the assistant: the lowest price in the last 90 days (and when it was last set to it), null without a log. */
    async lowestRecent(productId: number, now = new Date()): Promise<{ lowest: PricePoint; changes: number; days: number } | null> {
      const points = await pointsOf(productId, PRICE_HISTORY_DAYS, now);
      if (points.length === 0) return null;
      return { lowest: extremes(points).lowest, changes: points.length - 1, days: PRICE_HISTORY_DAYS };
    },
  };
}
