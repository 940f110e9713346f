// Sellers held to their promises (issue 40 item 7, decision 0154): a seller's five rates over 30 and 90 days, the
// thresholds (a setting) and its state; the admin lifts a pause.
import { z } from 'zod';
import { MSG } from '../messages.js';
import {
  PERFORMANCE_RATES, PERFORMANCE_STATES, levelsInOrder, type PerformanceRate,
} from '../rules/seller-performance.js';

const figureSchema = z.object({
  numerator: z.number().int(),
  denominator: z.number().int(),
  /** numerator / denominator, or null when there were no sub-orders to count ("no orders yet"). */
  rate: z.number().nullable(),
});
const figuresSchema = z.object(Object.fromEntries(PERFORMANCE_RATES.map((r) => [r, figureSchema])) as Record<PerformanceRate, typeof figureSchema>);

const levelsSchema = z.strictObject({
  warn_bps: z.number().int().min(0, { error: MSG.performanceLevelRange }).max(10_000, { error: MSG.performanceLevelRange }),
  pause_bps: z.number().int().min(0, { error: MSG.performanceLevelRange }).max(10_000, { error: MSG.performanceLevelRange }),
});

/** The thresholds as stored and answered. */
export const performanceThresholdsShape = z.strictObject({
  rates: z.strictObject(Object.fromEntries(PERFORMANCE_RATES.map((r) => [r, levelsSchema])) as Record<PerformanceRate, typeof levelsSchema>),
  min_orders: z.number().int().min(1, { error: MSG.performanceMinOrders }).max(1000, { error: MSG.performanceMinOrders }),
});
/** The admin's thresholds: each level in basis points (250 = 2.5 %), the warn level before the pause level. */
export const performanceThresholdsSchema = performanceThresholdsShape.superRefine((t, ctx) => {
  for (const r of PERFORMANCE_RATES) {
    if (!levelsInOrder(r, t.rates[r])) ctx.addIssue({ code: 'custom', path: ['rates', r], message: MSG.performanceLevelsOrder });
  }
});
export type PerformanceThresholdsInput = z.infer<typeof performanceThresholdsSchema>;

export const rateVerdictSchema = z.object({
  rate: z.enum(PERFORMANCE_RATES),
  /** The window the rate was judged over (30 days with enough orders, else 90), or null: too few orders to judge. */
  window: z.union([z.literal(30), z.literal(90)]).nullable(),
  level: z.enum(['fine', 'warn', 'pause']),
});

export const sellerPerformanceSchema = z.object({
  vendor_id: z.number().int(),
  state: z.enum(PERFORMANCE_STATES),
  /** The figures as counted now, over the sub-orders handed to the seller in the last 30 and 90 days. */
  windows: z.object({ d30: figuresSchema, d90: figuresSchema }),
  /** The judgement of the figures now (what the next evaluation would decide), per rate. */
  verdict: z.object({ level: z.enum(['fine', 'warn', 'pause']), rates: z.array(rateVerdictSchema) }),
  /** After a lift the seller is judged only on sub-orders handed to it since; null before any lift. */
  judged_since: z.string().nullable(),
  /** When the levels began to apply: sub-orders handed over before it are shown, not judged; null when always. */
  counted_from: z.string().nullable(),
  thresholds: performanceThresholdsShape,
  evaluated_at: z.string().nullable(),
  warned_at: z.string().nullable(),
  paused_at: z.string().nullable(),
  /** Listings the pause hid (back on sale when an admin lifts it). */
  paused_listings: z.number().int(),
  lifted_at: z.string().nullable(),
  lift_note: z.string(),
});
export type SellerPerformance = z.infer<typeof sellerPerformanceSchema>;

export const performanceLiftSchema = z.strictObject({
  note: z.string().trim().min(1, { error: MSG.performanceLiftNote }).max(500),
});
export type PerformanceLift = z.infer<typeof performanceLiftSchema>;
