import { asc, eq } from 'drizzle-orm';
import type { Holiday, HolidayInput } from '@souq/shared/api/delivery';
import { DEFAULT_TRANSIT_DAYS, deliveryPromise, holidaySet, type DeliveryPromise, type HolidaySet } from '@souq/shared/rules/delivery-promise';
import { UAE_HOLIDAYS_SEED } from '@souq/shared/rules/uae-holidays';
import type { Emirate } from '@souq/shared/rules/uae-address';
import { MSG } from '@souq/shared/messages';
import { publicHolidays } from '../../db/schema/delivery.js';
import { settings } from '../../db/schema/accounts.js';
import type { Db } from '../../platform/db.js';
import type { Actor, AuditLog } from '../../platform/audit.js';
import { conflict, notFound } from '../../platform/errors.js';

/** The settings row that says the 2026–2027 holidays were seeded once (an admin's later removal stays removed). */
const SEEDED_KEY = 'public_holidays_seeded_2026_2027';
/** How long an instance trusts its copy of the holiday table (another instance's edit reaches it within this). */
const HOLIDAYS_TTL_MS = 60_000;

/** A seller's dispatch rule as the promise reads it (vendors' settings, decision 0151). */
export type DispatchRule = { handlingDays: number; cutoff: string };

type Row = typeof publicHolidays.$inferSelect;
const toDto = (r: Row): Holiday => ({ date: r.date, name_en: r.nameEn, name_ar: r.nameAr, estimated: r.estimated });

export type DeliveryService = ReturnType<typeof createDeliveryService>;

/**
 * The delivery promise (issue 40 item 5, decision 0151): the public holidays the admin keeps (audited) and the
 * promise of each seller's part, from its dispatch rule, the transit days to the emirate, the weekend and the holidays.
 * The holidays are read once a minute at most: a quote computes its promises without a query.
 */
export function createDeliveryService(deps: { db: Db; audit: AuditLog; now?: () => Date }) {
  const { db } = deps;
  let cache: { set: HolidaySet; at: number } | null = null;
  let loading: Promise<HolidaySet> | null = null;

  async function holidays(): Promise<HolidaySet> {
    if (cache && Date.now() - cache.at < HOLIDAYS_TTL_MS) return cache.set;
    loading ??= db.select({ date: publicHolidays.date }).from(publicHolidays)
      .then((rows) => {
        cache = { set: holidaySet(rows.map((r) => r.date)), at: Date.now() };
        return cache.set;
      })
      .finally(() => { loading = null; });
    return loading;
  }

  return {
    holidays,

    /** Seeds the announced 2026 and 2027 holidays once (on start-up); later starts leave the admin's table alone. */
    async seedHolidays(): Promise<void> {
      await db.transaction(async (tx) => {
        const marked = await tx.insert(settings).values({ key: SEEDED_KEY, value: new Date().toISOString() }).onConflictDoNothing().returning({ key: settings.key });
        if (marked.length === 0) return;
        await tx.insert(publicHolidays).values(UAE_HOLIDAYS_SEED.map((h) => ({ date: h.date, nameEn: h.name_en, nameAr: h.name_ar, estimated: h.estimated }))).onConflictDoNothing();
      });
      cache = null;
    },

    async list(): Promise<Holiday[]> {
      return (await db.select().from(publicHolidays).orderBy(asc(publicHolidays.date))).map(toDto);
    },

    async add(input: { date: string; name_en: string; name_ar: string; estimated: boolean }, actor: Actor): Promise<Holiday> {
      const row = await db.transaction(async (tx) => {
        const [row] = await tx.insert(publicHolidays).values({ date: input.date, nameEn: input.name_en, nameAr: input.name_ar, estimated: input.estimated })
          .onConflictDoNothing().returning();
        if (!row) throw conflict(MSG.holidayExists);
        await deps.audit.record(tx, {
          actor, action: 'holiday.add', target: { type: 'holiday', id: row.date },
          changes: { name_en: { before: null, after: row.nameEn }, name_ar: { before: null, after: row.nameAr }, estimated: { before: null, after: row.estimated } },
        });
        return row;
      });
      cache = null;
      return toDto(row);
    },

    async remove(date: string, actor: Actor): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(publicHolidays).where(eq(publicHolidays.date, date)).returning();
        if (!row) throw notFound(MSG.holidayNotFound);
        await deps.audit.record(tx, {
          actor, action: 'holiday.remove', target: { type: 'holiday', id: row.date },
          changes: { name_en: { before: row.nameEn, after: null }, name_ar: { before: row.nameAr, after: null }, estimated: { before: row.estimated, after: null } },
        });
      });
      cache = null;
    },

    /** Each seller's promise for an order placed `at` to `emirate` (the same holiday set for all of them). */
    async promises<K>(sellers: { key: K; rule: DispatchRule }[], emirate: Emirate, at: Date = deps.now?.() ?? new Date()): Promise<Map<K, DeliveryPromise>> {
      const set = await holidays();
      const transit = DEFAULT_TRANSIT_DAYS[emirate];
      return new Map(sellers.map((s) => [s.key, deliveryPromise({ at, handlingDays: s.rule.handlingDays, cutoff: s.rule.cutoff, transit, holidays: set })]));
    },
  };
}

export type { HolidayInput };
