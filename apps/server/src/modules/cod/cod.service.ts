import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { MSG } from '@souq/shared/messages';
import {
  COD_REFUSAL_THRESHOLD_DEFAULT, COD_REMITTANCE_MAX_ROWS, type CashToCollect, type CodEligibility, type CodSettings, type Courier, type CourierCreate,
  type RemittanceResult,
} from '@souq/shared/api/cod';
import type { Order } from '@souq/shared/api/orders';
import { codRemittanceLines, codRemittances, codShipments, couriers } from '../../db/schema/cod.js';
import { settings } from '../../db/schema/accounts.js';
import { ledgerEntries } from '../../db/schema/ledger.js';
import { orders } from '../../db/schema/orders.js';
import type { Database, Db, Tx } from '../../platform/db.js';
import type { Actor, AuditLog } from '../../platform/audit.js';
import { AppError, conflict, notFound, say, unprocessable, type MsgText } from '../../platform/errors.js';
import { hashToken, newToken } from '../../platform/tokens.js';
import { rowsOf } from '../../platform/sql-rows.js';
import { isUniqueViolation } from '../../platform/pg-errors.js';
import { post as postToLedger } from '../ledger/ledger.post.js';
import type { SetStatusOptions } from '../orders/set-status.js';
import type { NumberedRecord } from './cod.csv.js';
import { remittedEntries } from './cod.postings.js';
import { shipmentOf } from './cod.status.js';

// Cash on delivery settled (issue 36 item 6, decision 0140): couriers and their tokens, remittances that bring each
// delivered sub-order's cash in, refused deliveries, the card-only rule and the cash still to collect. The money is the
// ledger's (courier_cash, bank, cod_differences, posted through `post`); these tables say who carried what and when.

export const COD_THRESHOLD_KEY = 'cod.refusal_threshold';

type CourierRow = typeof couriers.$inferSelect;
const courierDto = (c: CourierRow): Courier => ({ id: c.id, code: c.code, name: c.name, name_ar: c.nameAr, active: c.active, has_token: c.tokenHash !== null });

/** AED as a courier writes it ("125.50", "AED 1,250", 99.5) → fils, or null when it is not a plain amount. */
export function aedToFils(value: string | number): number | null {
  const text = String(value).trim().replace(/^(AED|د\.إ)\s*/i, '').replace(/,(?=\d{3}(\D|$))/g, '');
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** A day (YYYY-MM-DD) that exists and is not after tomorrow in UTC (a courier in the Gulf is ahead of UTC). */
export function validDay(value: string, now = new Date()): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const t = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== value) return false;
  return t <= now.getTime() + 86_400_000;
}

type RemitOptions = { courierId: number | null; source: 'csv' | 'api'; actor: Actor };

export function createCodService(deps: {
  db: Db;
  /** Raw (named, prepared) queries: checkout's eligibility read. */
  query: Database['query'];
  audit: AuditLog;
  currency: string;
  setStatus: (orderId: number, status: 'cancelled', opts: SetStatusOptions) => Promise<Order>;
}) {
  const { db, audit } = deps;

  async function listCouriers(): Promise<Courier[]> {
    return (await db.select().from(couriers).orderBy(asc(couriers.id))).map(courierDto);
  }

  async function createCourier(input: CourierCreate, actor: Actor): Promise<Courier> {
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx.insert(couriers).values({ code: input.code, name: input.name, nameAr: input.name_ar }).returning();
        await audit.record(tx, { actor, action: 'courier.create', target: { type: 'courier', id: row!.id }, changes: { name: { before: null, after: row!.name }, code: { before: null, after: row!.code } } });
        return courierDto(row!);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(say.courierCodeTaken);
      throw err;
    }
  }

  /** A new API token for the courier (the old one stops working): returned once, stored as its hash. */
  async function issueToken(courierId: number, actor: Actor): Promise<{ courier: Courier; token: string }> {
    const token = `cour_${newToken()}`;
    return db.transaction(async (tx) => {
      const [row] = await tx.update(couriers).set({ tokenHash: hashToken(token) }).where(eq(couriers.id, courierId)).returning();
      if (!row) throw notFound(say.courierNotFound);
      await audit.record(tx, { actor, action: 'courier.token', target: { type: 'courier', id: courierId }, changes: { api_access: { before: null, after: 'renewed' } } });
      return { courier: courierDto(row), token };
    });
  }

  /** The active courier a bearer token belongs to, or null. */
  async function courierByToken(token: string): Promise<Courier | null> {
    const [row] = await db.select().from(couriers).where(and(eq(couriers.tokenHash, hashToken(token)), eq(couriers.active, true)));
    return row ? courierDto(row) : null;
  }

  /** The stored threshold, or the default when none (or nothing sensible) is stored. */
  const thresholdOf = (value: string | null) => {
    const n = value === null ? COD_REFUSAL_THRESHOLD_DEFAULT : Number(value);
    return Number.isInteger(n) && n >= 0 ? n : COD_REFUSAL_THRESHOLD_DEFAULT;
  };

  async function readSettings(exec: Db | Tx = db): Promise<CodSettings> {
    const [row] = await exec.select({ value: settings.value }).from(settings).where(eq(settings.key, COD_THRESHOLD_KEY));
    return { refusal_threshold: thresholdOf(row?.value ?? null) };
  }

  async function saveSettings(input: CodSettings, actor: Actor): Promise<CodSettings> {
    return db.transaction(async (tx) => {
      const before = await readSettings(tx);
      const value = String(input.refusal_threshold);
      await tx.insert(settings).values({ key: COD_THRESHOLD_KEY, value }).onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
      await audit.record(tx, { actor, action: 'cod.settings', target: { type: 'settings', id: COD_THRESHOLD_KEY }, changes: { refusal_threshold: { before: before.refusal_threshold, after: input.refusal_threshold } } });
      return input;
    });
  }

  /** The shopper's refusals (their account, or the e-mail a guest gave) as a subquery: purchases with a delivery refused at the door. */
  function refusalsSql(who: { userId: number | null; email: string | null }) {
    const email = who.email?.trim().toLowerCase() || null;
    if (who.userId === null && !email) return sql`0`;
    return sql`(
      select count(distinct o.purchase_id)::int
      from cod_shipments s join orders o on o.id = s.order_id
      where s.refused_at is not null
        and (${who.userId === null ? sql`false` : sql`o.user_id = ${who.userId}`} or ${email === null ? sql`false` : sql`lower(o.customer_email) = ${email}`}))`;
  }

  async function refusalsOf(who: { userId: number | null; email: string | null }): Promise<number> {
    const [row] = await rowsOf<{ n: number }>(db, sql`select ${refusalsSql(who)} as n`);
    return Number(row?.n ?? 0);
  }

  /**
   * The threshold and the shopper's refusals in one round trip (it runs on every cash-on-delivery checkout): a named
   * statement, parsed and planned once per pooled connection (decision 0172; Drizzle's text, with the e-mail in it,
   * was planned anew on every checkout).
   */
  async function eligibility(who: { userId: number | null; email: string | null }): Promise<CodEligibility> {
    const email = who.email?.trim().toLowerCase() || null;
    const [row] = await deps.query<{ value: string | null; n: number }>(`
      select (select value from settings where key = $1) as value,
        case when $2::int is null and $3::text is null then 0 else (
          -- the refused shipments first (their partial index), then each one's sub-order by its id ("offset 0" keeps
          -- the lateral read apart, so a generic plan made without the shopper never scans every sub-order for the e-mail)
          select count(distinct o.purchase_id)::int from cod_shipments s
          cross join lateral (select o.purchase_id from orders o
            where o.id = s.order_id and (o.user_id = $2::int or lower(o.customer_email) = $3::text) offset 0) o
          where s.refused_at is not null) end as n`,
    [COD_THRESHOLD_KEY, who.userId, email], 'cod.eligibility');
    const threshold = thresholdOf(row?.value ?? null);
    const refusals = Number(row?.n ?? 0);
    return { cod_allowed: threshold === 0 || refusals < threshold, refusals, threshold };
  }

  /** Checkout's rule: a shopper with `threshold` refused deliveries pays by card (422 with the reason, nothing placed). */
  async function assertCodAllowed(who: { userId: number | null; email: string | null }): Promise<void> {
    const e = await eligibility(who);
    if (!e.cod_allowed) throw unprocessable(say.codCardOnly(e.refusals));
  }

  /** Cash delivered and not yet remitted, per courier and age (days since delivery), from the courier_cash account. */
  async function cashToCollect(): Promise<CashToCollect> {
    const rows = await rowsOf<{ courier_id: number | null; name: string | null; name_ar: string | null; n: number; total: string; d0_7: string; d8_30: string; d31_plus: string; oldest: Date | string | null }>(db, sql`
      with open as (
        select order_id, sum(amount_cents)::int8 as cents from ledger_entries
        where account = 'courier_cash' and currency = ${deps.currency}
        group by order_id having sum(amount_cents) <> 0
      ), aged as (
        select open.cents, s.courier_id, coalesce(o.delivered_at, s.collected_at, now()) as delivered_at,
               floor(extract(epoch from now() - coalesce(o.delivered_at, s.collected_at, now())) / 86400) as days
        from open join orders o on o.id = open.order_id left join cod_shipments s on s.order_id = open.order_id
      )
      select a.courier_id, c.name, c.name_ar, count(*)::int as n, sum(a.cents)::int8 as total,
             coalesce(sum(a.cents) filter (where a.days <= 7), 0)::int8 as d0_7,
             coalesce(sum(a.cents) filter (where a.days between 8 and 30), 0)::int8 as d8_30,
             coalesce(sum(a.cents) filter (where a.days > 30), 0)::int8 as d31_plus,
             min(a.delivered_at) as oldest
      from aged a left join couriers c on c.id = a.courier_id
      group by a.courier_id, c.name, c.name_ar
      order by sum(a.cents) desc, a.courier_id`);
    const [diff] = await db.select({ cents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` }).from(ledgerEntries)
      .where(and(eq(ledgerEntries.account, 'cod_differences'), eq(ledgerEntries.currency, deps.currency)));
    const list = rows.map((r) => ({
      courier_id: r.courier_id === null ? null : Number(r.courier_id), name: r.name ?? '', name_ar: r.name_ar ?? '', sub_orders: Number(r.n), total_cents: Number(r.total),
      buckets: { d0_7: Number(r.d0_7), d8_30: Number(r.d8_30), d31_plus: Number(r.d31_plus) },
      oldest_delivered_at: r.oldest === null ? null : new Date(r.oldest).toISOString(),
    }));
    const sum = (k: 'd0_7' | 'd8_30' | 'd31_plus') => list.reduce((n, c) => n + c.buckets[k], 0);
    return {
      currency: deps.currency, total_cents: list.reduce((n, c) => n + c.total_cents, 0), buckets: { d0_7: sum('d0_7'), d8_30: sum('d8_30'), d31_plus: sum('d31_plus') },
      couriers: list, differences_cents: Number(diff?.cents ?? 0), refusal_threshold: (await readSettings()).refusal_threshold,
    };
  }

  /**
   * A remittance: every record checked first (a number of a delivered cash sub-order of this courier, an amount in AED,
   * a day), and any error rejects the whole remittance with each row's reason, nothing written. A sub-order's cash is
   * remitted once (its line is unique): a record already remitted is answered as such and posts nothing, so the same
   * file imported twice posts once. Each new line posts `cod-remitted:<line>` (bank what was collected, courier_cash
   * what was held, the difference to cod_differences), in one transaction under the shipments' row locks.
   */
  async function remit(records: readonly NumberedRecord[], opts: RemitOptions): Promise<RemittanceResult> {
    if (!records.length) throw unprocessable(say.codRemittanceEmpty);
    if (records.length > COD_REMITTANCE_MAX_ROWS) throw unprocessable(say.codRemittanceTooLong(COD_REMITTANCE_MAX_ROWS));
    if (opts.courierId !== null) {
      const [c] = await db.select({ id: couriers.id }).from(couriers).where(eq(couriers.id, opts.courierId));
      if (!c) throw notFound(say.courierNotFound);
    }
    const numbers = [...new Set(records.map((r) => r.order_number.trim()).filter(Boolean))];
    const contentHash = createHash('sha256').update(JSON.stringify([opts.courierId, records.map((r) => [r.order_number.trim(), aedToFils(r.amount), r.date.trim()])])).digest('hex');
    return db.transaction(async (tx) => {
      const found = numbers.length
        ? await tx.select({ id: orders.id, number: orders.orderNumber, method: orders.paymentMethod, purchaseId: orders.purchaseId, currency: orders.currency })
          .from(orders).where(inArray(orders.orderNumber, numbers)).orderBy(asc(orders.id))
        : [];
      const byNumber = new Map(found.map((o) => [o.number, o]));
      const ids = found.map((o) => o.id);
      const ships = ids.length ? await tx.select().from(codShipments).where(inArray(codShipments.orderId, ids)).orderBy(asc(codShipments.orderId)).for('update') : [];
      const shipOf = new Map(ships.map((s) => [s.orderId, s]));
      const held = new Map<number, number>();
      if (ids.length) {
        const cash = await tx.select({ orderId: ledgerEntries.orderId, cents: sql<string>`sum(${ledgerEntries.amountCents})` }).from(ledgerEntries)
          .where(and(eq(ledgerEntries.account, 'courier_cash'), inArray(ledgerEntries.orderId, ids))).groupBy(ledgerEntries.orderId);
        for (const c of cash) held.set(c.orderId!, Number(c.cents));
      }
      const earlier = ids.length ? await tx.select().from(codRemittanceLines).where(inArray(codRemittanceLines.orderId, ids)) : [];
      const earlierOf = new Map(earlier.map((l) => [l.orderId, l]));

      const errors: Record<string, MsgText> = {};
      const seen = new Set<string>();
      const lines: (RemittanceResult['lines'][number] & { purchaseId: number | null; courierId: number | null })[] = [];
      for (const r of records) {
        const key = `row_${r.row}`;
        const number = r.order_number.trim();
        const fils = aedToFils(r.amount);
        const order = byNumber.get(number);
        const ship = order ? shipOf.get(order.id) : undefined;
        if (r.columns < 3) errors[key] = say.codRowColumns;
        else if (!order) errors[key] = say.codRowOrderUnknown(number);
        else if (seen.has(number)) errors[key] = say.codRowTwice(number);
        else if (order.method !== 'cod') errors[key] = say.codRowNotCash(number);
        else if (opts.courierId !== null && ship?.courierId != null && ship.courierId !== opts.courierId) errors[key] = say.codRowOtherCourier(number);
        else if (fils === null) errors[key] = say.codRowAmount;
        else if (!validDay(r.date.trim())) errors[key] = say.codRowDate;
        else if (earlierOf.has(order.id)) {
          const l = earlierOf.get(order.id)!;
          lines.push({ order_id: order.id, order_number: number, expected_cents: l.expectedCents, collected_cents: l.collectedCents, difference_cents: l.collectedCents - l.expectedCents, collected_on: String(l.collectedOn), already_remitted: true, purchaseId: order.purchaseId, courierId: ship?.courierId ?? null });
        } else if (!ship?.collectedAt || (held.get(order.id) ?? 0) <= 0) errors[key] = say.codRowNotCollected(number);
        else {
          const expected = held.get(order.id)!;
          lines.push({ order_id: order.id, order_number: number, expected_cents: expected, collected_cents: fils, difference_cents: fils - expected, collected_on: r.date.trim(), already_remitted: false, purchaseId: order.purchaseId, courierId: ship.courierId ?? opts.courierId });
        }
        seen.add(number);
      }
      if (Object.keys(errors).length) {
        const first = Object.values(errors)[0]!;
        throw new AppError(422, MSG.codRemittanceRejected, first, errors);
      }
      const fresh = lines.filter((l) => !l.already_remitted);
      const [twin] = await tx.select({ id: codRemittances.id }).from(codRemittances).where(eq(codRemittances.contentHash, contentHash));
      let remittanceId: number | null = twin?.id ?? null;
      if (fresh.length) {
        const expected = fresh.reduce((n, l) => n + l.expected_cents, 0);
        const collected = fresh.reduce((n, l) => n + l.collected_cents, 0);
        const courierIds = [...new Set(fresh.map((l) => l.courierId))];
        const [rem] = await tx.insert(codRemittances).values({
          courierId: opts.courierId ?? (courierIds.length === 1 ? courierIds[0]! : null), source: opts.source, contentHash: twin ? `${contentHash}:${Date.now()}` : contentHash,
          expectedCents: expected, collectedCents: collected, createdBy: opts.actor.userId,
        }).returning({ id: codRemittances.id });
        remittanceId = rem!.id;
        for (const l of fresh) {
          const [line] = await tx.insert(codRemittanceLines).values({
            remittanceId, orderId: l.order_id, expectedCents: l.expected_cents, collectedCents: l.collected_cents, collectedOn: l.collected_on,
          }).returning({ id: codRemittanceLines.id });
          await postToLedger(tx, {
            kind: 'cod-remitted', ref: line!.id, lines: remittedEntries({ expectedCents: l.expected_cents, collectedCents: l.collected_cents }), currency: deps.currency,
            purchaseId: l.purchaseId, orderId: l.order_id, memo: l.difference_cents ? `difference ${l.difference_cents}` : null, createdBy: opts.actor.userId,
          });
          await tx.update(codShipments).set({ remittedAt: new Date(), ...(l.courierId !== null ? { courierId: l.courierId } : {}) }).where(eq(codShipments.orderId, l.order_id));
        }
        await audit.record(tx, {
          actor: opts.actor, action: 'cod.remittance', target: { type: 'cod_remittance', id: remittanceId },
          changes: { sub_orders: { before: null, after: fresh.length }, expected_cents: { before: null, after: expected }, collected_cents: { before: null, after: collected } },
        });
      }
      const sum = (k: 'expected_cents' | 'collected_cents' | 'difference_cents') => fresh.reduce((n, l) => n + l[k], 0);
      return {
        remittance_id: remittanceId, duplicate: fresh.length === 0, currency: deps.currency, posted: fresh.length,
        expected_cents: sum('expected_cents'), collected_cents: sum('collected_cents'), difference_cents: sum('difference_cents'),
        lines: lines.map(({ purchaseId: _p, courierId: _c, ...l }) => l),
      };
    });
  }

  /**
   * A delivery refused at the door: the shipped cash sub-order is cancelled as any cancellation is (its stock back, its
   * sale reversed, its invoice credited) with the refusal recorded in the same transaction. A courier may refuse only
   * its own sub-orders (another's is a 404).
   */
  async function refuse(orderId: number, opts: { actor: Actor; notes?: string; courierId?: number }): Promise<Order> {
    return deps.setStatus(orderId, 'cancelled', {
      actor: opts.actor,
      notes: opts.notes || 'Refused at delivery',
      expectFrom: { status: 'shipped', conflictMessage: () => say.codRefuseNotShipped },
      within: async (tx, current) => {
        if (current.paymentMethod !== 'cod') throw conflict(say.codNotCashOrder);
        const ship = await shipmentOf(tx, current, null);
        if (opts.courierId !== undefined && ship.courierId !== null && ship.courierId !== opts.courierId) throw notFound(MSG.orderNotFound);
        await tx.update(codShipments).set({ refusedAt: new Date(), courierId: ship.courierId ?? opts.courierId ?? null }).where(eq(codShipments.orderId, current.id));
      },
    });
  }

  /** The sub-order a number names (for the courier API), or 404. */
  async function orderIdOf(number: string): Promise<number> {
    const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, number.trim()));
    if (!row) throw notFound(MSG.orderNotFound);
    return row.id;
  }

  return { listCouriers, createCourier, issueToken, courierByToken, readSettings, saveSettings, refusalsOf, eligibility, assertCodAllowed, cashToCollect, remit, refuse, orderIdOf };
}

export type CodService = ReturnType<typeof createCodService>;
