import { eq } from 'drizzle-orm';
import { MSG } from '@souq/shared/messages';
import type { PerformanceThresholdsInput, SellerPerformance } from '@souq/shared/api/seller-performance';
import type { HolidaySet } from '@souq/shared/rules/delivery-promise';
import {
  DEFAULT_PERFORMANCE_THRESHOLDS, PERFORMANCE_RATES, PERFORMANCE_WINDOWS, figuresOf, judge, levelsInOrder, nextState, rateOf,
  type PerformanceState, type PerformanceThresholds, type PerformanceWindow, type RateFigures, type Verdict,
} from '@souq/shared/rules/seller-performance';
import { settings } from '../../db/schema/accounts.js';
import { sellerPerformance } from '../../db/schema/seller-performance.js';
import { vendors } from '../../db/schema/vendors.js';
import type { Database, Db, Tx } from '../../platform/db.js';
import type { Bus } from '../../platform/bus.js';
import type { Actor, AuditLog } from '../../platform/audit.js';
import { conflict, notFound } from '../../platform/errors.js';
import { periodicJob } from '../../platform/periodic-job.js';
import { pauseVendorListings, resumeVendorListings } from '../catalogue/listing-pause.js';
import { activeSellers, sellerSubOrders, type SellerSubOrder } from './performance.facts.js';

declare module '../../platform/bus.js' {
  interface BusEvents {
    /** A seller passed a warn or a pause level (decision 0154): its owner is told by push in their language. */
    'sellerPerformance.notice': { vendorId: number; userId: number; state: 'warned' | 'paused'; rates: string[] };
  }
}

export const THRESHOLDS_KEY = 'seller_performance.thresholds';
/**
 * When the levels began to apply (written once, at the first start of a Souq that judges sellers): a rule is not
 * retroactive, so sub-orders handed to a seller before it are shown but not judged — a shop's history shipped with
 * numbers typed by hand, before carriers could be booked, pauses nobody.
 */
export const COUNTED_FROM_KEY = 'seller_performance.counted_from';
const DAY_MS = 86_400_000;
const EVERY_MS = 60 * 60_000;

type Row = typeof sellerPerformance.$inferSelect;
type Exec = Db | Tx;

/** The stored thresholds, or the defaults when none (or nothing sensible) is stored. */
function thresholdsOf(value: string | null): PerformanceThresholds {
  if (value === null) return DEFAULT_PERFORMANCE_THRESHOLDS;
  try {
    const t = JSON.parse(value) as PerformanceThresholds;
    const ok = Number.isInteger(t.min_orders) && PERFORMANCE_RATES.every((r) => t.rates?.[r] && levelsInOrder(r, t.rates[r]));
    return ok ? t : DEFAULT_PERFORMANCE_THRESHOLDS;
  } catch {
    return DEFAULT_PERFORMANCE_THRESHOLDS;
  }
}

const dto = (f: RateFigures) =>
  Object.fromEntries(PERFORMANCE_RATES.map((r) => [r, { ...f[r], rate: rateOf(f[r]) }])) as SellerPerformance['windows']['d30'];

export type SellerPerformanceService = ReturnType<typeof createSellerPerformanceService>;

/**
 * Sellers held to their promises (issue 40 item 7, decision 0154): the five rates counted from the sub-orders, the
 * thresholds (a setting), and the state each evaluation leaves — warned (the seller is told), paused (its listings off
 * sale until an admin lifts it). An evaluation is idempotent: the same figures leave the same state and write nothing
 * new; only a change of state is audited (and, on demand, the evaluation itself).
 */
export function createSellerPerformanceService(deps: {
  db: Db;
  database: Pick<Database, 'background'>;
  bus: Bus;
  audit: AuditLog;
  holidays: () => Promise<HolidaySet>;
  log?: (msg: string) => void;
}) {
  const { db, bus, audit } = deps;
  const log = deps.log ?? (() => {});

  async function thresholds(exec: Exec = db): Promise<PerformanceThresholds> {
    const [row] = await exec.select({ value: settings.value }).from(settings).where(eq(settings.key, THRESHOLDS_KEY));
    return thresholdsOf(row?.value ?? null);
  }

  async function countedFrom(exec: Exec = db): Promise<Date | null> {
    const [row] = await exec.select({ value: settings.value }).from(settings).where(eq(settings.key, COUNTED_FROM_KEY));
    const at = row ? new Date(row.value) : null;
    return at && !Number.isNaN(at.getTime()) ? at : null;
  }
  const later = (a: Date | null, b: Date | null) => (!a ? b : !b ? a : a > b ? a : b);

  async function stateRow(exec: Exec, vendorId: number, lock = false): Promise<Row | null> {
    const q = exec.select().from(sellerPerformance).where(eq(sellerPerformance.vendorId, vendorId));
    const [row] = lock ? await q.for('update') : await q;
    return row ?? null;
  }

  /** Each window's figures; `since` clips the windows to the sub-orders handed over after it (a lift). */
  function windowsOf(subOrders: SellerSubOrder[], now: Date, holidays: HolidaySet, since: Date | null): Record<PerformanceWindow, RateFigures> {
    const out = {} as Record<PerformanceWindow, RateFigures>;
    for (const w of PERFORMANCE_WINDOWS) {
      const from = Math.max(now.getTime() - w * DAY_MS, since?.getTime() ?? 0);
      out[w] = figuresOf(subOrders.filter((o) => o.releasedAt.getTime() >= from), now, holidays);
    }
    return out;
  }

  /** `holidays` are read before any transaction: the embedded database has one connection, which the transaction holds. */
  async function measure(exec: Exec, vendorId: number, row: Row | null, now: Date, holidays: HolidaySet) {
    const [t, subOrders, from] = await Promise.all([thresholds(exec), sellerSubOrders(exec, [vendorId], new Date(now.getTime() - 90 * DAY_MS), now), countedFrom(exec)]);
    const shown = windowsOf(subOrders, now, holidays, null);
    const verdict = judge(windowsOf(subOrders, now, holidays, later(from, row?.liftedAt ?? null)), t);
    return { t, shown, verdict, from };
  }

  async function vendorExists(exec: Exec, vendorId: number) {
    const [v] = await exec.select({ userId: vendors.userId }).from(vendors).where(eq(vendors.id, vendorId));
    if (!v) throw notFound(MSG.vendorNotFound);
    return v;
  }

  /** A seller's figures now, its thresholds and the state its last evaluation left. */
  async function read(vendorId: number, now = new Date()): Promise<SellerPerformance> {
    await vendorExists(db, vendorId);
    const row = await stateRow(db, vendorId);
    const { t, shown, verdict, from } = await measure(db, vendorId, row, now, await deps.holidays());
    return {
      vendor_id: vendorId,
      state: row?.state ?? 'fine',
      windows: { d30: dto(shown[30]), d90: dto(shown[90]) },
      verdict,
      judged_since: row?.liftedAt?.toISOString() ?? null,
      counted_from: from?.toISOString() ?? null,
      thresholds: t,
      evaluated_at: row?.evaluatedAt?.toISOString() ?? null,
      warned_at: row?.warnedAt?.toISOString() ?? null,
      paused_at: row?.pausedAt?.toISOString() ?? null,
      paused_listings: row?.pausedProductIds.length ?? 0,
      lifted_at: row?.liftedAt?.toISOString() ?? null,
      lift_note: row?.liftNote ?? '',
    };
  }

  const passed = (v: Verdict) => v.rates.filter((r) => r.level !== 'fine');

  /**
   * Evaluates one seller at `now`: the state moves as the verdict says (a pause takes its listings off sale). Audited
   * when the state changes, or always when `auditAlways` (an admin asked). Answers the state before and after.
   */
  async function evaluate(vendorId: number, actor: Actor, opts: { auditAlways?: boolean; now?: Date } = {}): Promise<{ before: PerformanceState; after: PerformanceState }> {
    const now = opts.now ?? new Date();
    const { userId } = await vendorExists(db, vendorId);
    const holidays = await deps.holidays();
    let paused: number[] = [];
    const result = await db.transaction(async (tx) => {
      await tx.insert(sellerPerformance).values({ vendorId }).onConflictDoNothing();
      const row = (await stateRow(tx, vendorId, true))!;
      const { verdict } = await measure(tx, vendorId, row, now, holidays);
      const before = row.state;
      const after = nextState(before, verdict.level);
      const changed = after !== before;
      const reasons = passed(verdict);
      if (after === 'paused' && before !== 'paused') paused = await pauseVendorListings(tx, vendorId);
      await tx.update(sellerPerformance).set({
        state: after,
        evaluatedAt: now,
        updatedAt: now,
        ...(changed ? { reasons } : {}),
        ...(changed && after === 'warned' ? { warnedAt: now } : {}),
        ...(changed && after === 'paused' ? { pausedAt: now, pausedProductIds: paused } : {}),
      }).where(eq(sellerPerformance.vendorId, vendorId));
      if (changed || opts.auditAlways) {
        await audit.record(tx, {
          actor, action: 'seller_performance.evaluate', target: { type: 'vendor', id: vendorId },
          changes: {
            state: { before, after },
            rates: { before: row.reasons.map((r) => `${r.rate}:${r.level}`), after: reasons.map((r) => `${r.rate}:${r.level}`) },
            ...(paused.length ? { listings_paused: { before: 0, after: paused.length } } : {}),
          },
        });
      }
      return { before, after, reasons };
    });
    for (const id of paused) void bus.emit('product.changed', { id });
    if (result.after !== result.before && (result.after === 'warned' || result.after === 'paused')) {
      void bus.emit('sellerPerformance.notice', { vendorId, userId, state: result.after, rates: result.reasons.map((r) => r.rate) });
    }
    return { before: result.before, after: result.after };
  }

  /** Every seller with sub-orders in the last 90 days or a state to keep: one seller per background step. */
  async function evaluateAll(now: Date = new Date()): Promise<number> {
    const ids = await deps.database.background(async () => {
      const recent = await activeSellers(db, new Date(now.getTime() - 90 * DAY_MS));
      const kept = await db.select({ id: sellerPerformance.vendorId }).from(sellerPerformance);
      return [...new Set([...recent, ...kept.map((k) => k.id)])];
    });
    let changed = 0;
    for (const id of ids) {
      const r = await deps.database.background(() => evaluate(id, { userId: null, role: 'system', name: 'seller performance', ip: null }, { now }));
      if (r.before !== r.after) changed++;
    }
    if (changed) log(`seller performance: ${changed} of ${ids.length} sellers changed state`);
    return changed;
  }

  return {
    read,
    evaluate,
    thresholds: () => thresholds(),

    /** Whether the seller's listings are paused (the catalogue refuses to put its products on sale then). */
    async isPaused(vendorId: number): Promise<boolean> {
      return (await stateRow(db, vendorId))?.state === 'paused';
    },

    /** An admin lifts a pause after review: the paused listings go back on sale; the seller is judged from now on. */
    async lift(vendorId: number, note: string, actor: Actor): Promise<SellerPerformance> {
      await vendorExists(db, vendorId);
      const now = new Date();
      const restored = await db.transaction(async (tx) => {
        const row = await stateRow(tx, vendorId, true);
        if (row?.state !== 'paused') throw conflict(MSG.performanceNotPaused);
        const back = await resumeVendorListings(tx, vendorId, row.pausedProductIds);
        await tx.update(sellerPerformance).set({
          state: 'fine', reasons: [], pausedProductIds: [], liftedAt: now, liftedBy: actor.userId, liftNote: note, updatedAt: now,
        }).where(eq(sellerPerformance.vendorId, vendorId));
        await audit.record(tx, {
          actor, action: 'seller_performance.lift', target: { type: 'vendor', id: vendorId },
          changes: { state: { before: 'paused', after: 'fine' }, listings_back: { before: 0, after: back.length }, note: { before: row.liftNote || null, after: note } },
        });
        return back;
      });
      for (const id of restored) void bus.emit('product.changed', { id });
      return read(vendorId);
    },

    async saveThresholds(input: PerformanceThresholdsInput, actor: Actor): Promise<PerformanceThresholds> {
      return db.transaction(async (tx) => {
        const before = await thresholds(tx);
        const value = JSON.stringify(input);
        await tx.insert(settings).values({ key: THRESHOLDS_KEY, value }).onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
        const changes: Record<string, { before: unknown; after: unknown }> = {};
        if (before.min_orders !== input.min_orders) changes.min_orders = { before: before.min_orders, after: input.min_orders };
        for (const r of PERFORMANCE_RATES) {
          for (const k of ['warn_bps', 'pause_bps'] as const) {
            if (before.rates[r][k] !== input.rates[r][k]) changes[`${r}.${k}`] = { before: before.rates[r][k], after: input.rates[r][k] };
          }
        }
        await audit.record(tx, { actor, action: 'seller_performance.settings', target: { type: 'settings', id: THRESHOLDS_KEY }, changes });
        return input;
      });
    },

    evaluateAll,
    /** Hourly, idempotent: a seller whose figures did not move is left as it was. */
    job: periodicJob('seller performance', evaluateAll, { everyMs: EVERY_MS, log }),
    /** The levels apply from now on, unless they already did (the first start of a shop; kept across restarts). */
    async beginCounting(now = new Date()): Promise<void> {
      await db.insert(settings).values({ key: COUNTED_FROM_KEY, value: now.toISOString() }).onConflictDoNothing({ target: settings.key });
    },
  };
}
