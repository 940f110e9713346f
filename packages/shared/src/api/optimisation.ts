import { z } from 'zod';

// The AI optimisation dashboard's server side (vendor §2, §9): settings per vendor, optimisation runs computed on the
// server with the shared scoring rules, the activity log and the performance monitor's history.

export const optimiserSettingsSchema = z.object({
  /** Re-run the analysis every 30 minutes while the dashboard is open. */
  autoOptimize: z.boolean().default(false),
  /** Re-measure the performance monitor every 10 minutes while it is open. */
  performanceMonitoring: z.boolean().default(true),
  /** Analyse drafts and inactive products too (archived products never). */
  includeDrafts: z.boolean().default(true),
});
export type OptimiserSettings = z.infer<typeof optimiserSettingsSchema>;
export const optimiserSettingsUpdateSchema = optimiserSettingsSchema.partial();

const scoresSchema = z.object({ seo: z.number(), performance: z.number(), conversion: z.number(), overall: z.number() });

export const recommendationSchema = z.object({
  area: z.enum(['seo', 'performance', 'conversion']),
  priority: z.enum(['critical', 'high', 'medium']),
  message: z.string(),
});

/** One product's scores in a run, with the optimised title and description the SEO Content tab proposes. */
export const productResultSchema = scoresSchema.extend({
  product_id: z.number().int(),
  name: z.string(),
  status: z.string(),
  image: z.string().nullable(),
  recommendations: z.array(recommendationSchema),
  optimised_title: z.string(),
  optimised_description: z.string(),
  optimised_keywords: z.array(z.string()),
  median_competitor_price_cents: z.number().nullable(),
});
export type ProductResult = z.infer<typeof productResultSchema>;

/** A run as the history keeps it (10 most recent, vendor §9). */
export const optimiserRunSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  products: z.number().int(),
  averages: scoresSchema,
  below_threshold: z.number().int(),
  recommendations: z.object({ critical: z.number().int(), high: z.number().int(), medium: z.number().int() }),
  duration_ms: z.number(),
});
export type OptimiserRun = z.infer<typeof optimiserRunSchema>;

export const runResponseSchema = z.object({
  run: optimiserRunSchema,
  /** Every analysed product, lowest overall score first (bounded). */
  results: z.array(productResultSchema),
});
export type RunResponse = z.infer<typeof runResponseSchema>;

export const activityKinds = ['run', 'settings', 'applied'] as const;
export const activityEntrySchema = z.object({ id: z.number().int(), created_at: z.string(), kind: z.enum(activityKinds), message: z.string() });
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** A performance monitor reading (vendor §9 targets: load < 3000 ms, render < 100 ms, memory < 80%, latency < 200 ms). */
export const performanceSampleInputSchema = z.object({
  load_ms: z.number().min(0).max(600_000).nullable(),
  render_ms: z.number().min(0).max(600_000).nullable(),
  /** Percent of the JS heap limit in use; null where the browser does not tell. */
  memory_pct: z.number().min(0).max(100).nullable(),
  latency_ms: z.number().min(0).max(600_000),
});
export const performanceSampleSchema = performanceSampleInputSchema.extend({ id: z.number().int(), created_at: z.string() });
export type PerformanceSample = z.infer<typeof performanceSampleSchema>;

/** The vendor applied an optimised title or description to a product (the change itself goes through PUT /api/products/{id}). */
export const appliedActivitySchema = z.object({ product_id: z.number().int().positive(), field: z.enum(['title', 'description', 'keywords']) });

export const optimiserStateSchema = z.object({
  settings: optimiserSettingsSchema,
  runs: z.array(optimiserRunSchema),
  activity: z.array(activityEntrySchema),
  performance: z.array(performanceSampleSchema),
});
export type OptimiserState = z.infer<typeof optimiserStateSchema>;
