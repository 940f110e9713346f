import { and, desc, eq, notInArray } from 'drizzle-orm';
import { z } from 'zod';
import { LIST_MAX_LIMIT, OPTIMISER_ACTIVITY_LOG, OPTIMISER_PERF_HISTORY, OPTIMISER_RUN_HISTORY, SCORE_RECOMMENDATION_BELOW } from '@souq/shared/constants';
import {
  optimiserSettingsSchema, type ActivityEntry, type OptimiserRun, type OptimiserSettings, type OptimiserState, type PerformanceSample,
  type ProductResult, type RunResponse,
} from '@souq/shared/api/optimisation';
import type { ManagedProduct } from '@souq/shared/api/products';
import { median, optimiserInputOf, scoreProduct } from '@souq/shared/rules/product-score';
import { optimiseDescription, optimiseKeywords, optimiseTitle } from '@souq/shared/rules/seo';
import { messagesFor } from '@souq/shared/messages-for';
import type { Locale } from '@souq/shared/rules/locale';
import { ENGLISH_READER, withReader, type Reader } from '../../platform/request-locale.js';
import { optimiserEntries, optimiserSettings } from '../../db/schema/optimisation.js';
import type { Db, Tx } from '../../platform/db.js';
import { changesBetween, type Actor, type AuditLog } from '../../platform/audit.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';

export type OptimisationService = ReturnType<typeof createOptimisationService>;

type Kind = 'run' | 'activity' | 'performance';
const KEEP: Record<Kind, number> = { run: OPTIMISER_RUN_HISTORY, activity: OPTIMISER_ACTIVITY_LOG, performance: OPTIMISER_PERF_HISTORY };
type Entry = typeof optimiserEntries.$inferSelect;

type Field = 'title' | 'description' | 'keywords';

/**
 * An activity line as words to write for its reader (issue 26 item 1): the MSG key and its arguments, kept in the row
 * beside the English `message`. Rows written before the words were kept have only the message and read as written.
 */
const activityWordsSchema = z.discriminatedUnion('key', [
  z.object({ key: z.literal('optimiserActivitySettings'), args: z.tuple([z.boolean(), z.boolean(), z.boolean()]) }),
  z.object({ key: z.literal('optimiserActivityRun'), args: z.tuple([z.number(), z.number(), z.number(), z.number()]) }),
  // the product's Arabic name beside its English one, for a reader in Arabic
  z.object({ key: z.literal('optimiserActivityApplied'), args: z.tuple([z.enum(['title', 'description', 'keywords']), z.string()]), name_ar: z.string().optional() }),
]);
type ActivityWords = z.infer<typeof activityWordsSchema>;

function activityText(words: ActivityWords, locale: Locale): string {
  const say = messagesFor(locale);
  switch (words.key) {
    case 'optimiserActivitySettings': return say.optimiserActivitySettings(...words.args);
    case 'optimiserActivityRun': return say.optimiserActivityRun(...words.args);
    case 'optimiserActivityApplied': return say.optimiserActivityApplied(words.args[0], (locale === 'ar' && words.name_ar) || words.args[1]);
  }
}

/** The row's data for an activity line: the words, and the English line (as rows always held) for other readers of the table. */
const activityData = (kind: ActivityEntry['kind'], words: ActivityWords) => ({ kind, message: activityText(words, 'en'), words });

/**
 * The AI optimisation dashboard's server side: runs score every product of the vendor with the shared rules (the
 * competitor prices are the catalogue's prices in the product's category), and the settings, run history (10),
 * activity log (20) and performance history (10) persist per vendor.
 */
export function createOptimisationService(deps: {
  db: Db;
  catalogue: CatalogueService;
  /** Prices (cents) of the active products in a category (the search index keeps them). */
  categoryPrices: (category: string) => Promise<number[]>;
  audit?: AuditLog;
  now?: () => Date;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /** Adds an entry and prunes that kind's history to its size, in the caller's transaction. */
  async function append(tx: Tx, vendorId: number, kind: Kind, data: Record<string, unknown>): Promise<Entry> {
    const [row] = await tx.insert(optimiserEntries).values({ vendorId, kind, data, createdAt: now() }).returning();
    const keep = tx
      .select({ id: optimiserEntries.id })
      .from(optimiserEntries)
      .where(and(eq(optimiserEntries.vendorId, vendorId), eq(optimiserEntries.kind, kind)))
      .orderBy(desc(optimiserEntries.id))
      .limit(KEEP[kind]);
    await tx.delete(optimiserEntries).where(and(eq(optimiserEntries.vendorId, vendorId), eq(optimiserEntries.kind, kind), notInArray(optimiserEntries.id, keep)));
    return row!;
  }

  const recordAudit = (tx: Tx, actor: Actor, vendorId: number, action: string, changes: Record<string, unknown>) =>
    deps.audit?.record(tx, { actor, action, target: { type: 'vendor', id: vendorId }, changes: changesBetween(null, changes) });

  /** An activity row for `reader`: its words in the reader's language, or the message as written for an older row. */
  const toActivity = (e: Entry, reader: Reader = ENGLISH_READER): ActivityEntry => {
    const words = activityWordsSchema.safeParse(e.data.words);
    const message = words.success ? withReader(reader, () => activityText(words.data, reader.locale)) : String(e.data.message);
    return { id: e.id, created_at: e.createdAt.toISOString(), kind: e.data.kind as ActivityEntry['kind'], message };
  };
  const toRun = (e: Entry): OptimiserRun => ({ ...(e.data as Omit<OptimiserRun, 'id' | 'created_at'>), id: e.id, created_at: e.createdAt.toISOString() });
  const toSample = (e: Entry): PerformanceSample => ({ ...(e.data as Omit<PerformanceSample, 'id' | 'created_at'>), id: e.id, created_at: e.createdAt.toISOString() });

  async function settingsOf(vendorId: number): Promise<OptimiserSettings> {
    const [row] = await db.select().from(optimiserSettings).where(eq(optimiserSettings.vendorId, vendorId));
    return optimiserSettingsSchema.parse(row?.settings ?? {});
  }

  /** Every product the run looks at: all but archived ones (and, unless asked, only active ones). */
  async function productsToAnalyse(vendorId: number, includeDrafts: boolean): Promise<ManagedProduct[]> {
    const out: ManagedProduct[] = [];
    for (let offset = 0; ; offset += LIST_MAX_LIMIT) {
      const page = await deps.catalogue.listManaged({ vendorId, limit: LIST_MAX_LIMIT, offset, ...(includeDrafts ? {} : { status: 'active' as const }) });
      out.push(...page.items.filter((p) => p.status !== 'archived'));
      if (offset + LIST_MAX_LIMIT >= page.total) return out;
    }
  }

  function resultOf(p: ManagedProduct, competitorPrices: number[], at: Date, locale: Locale): ProductResult {
    // the recommendations in the reader's words; the scores and the optimised texts do not depend on it
    const scores = scoreProduct(optimiserInputOf(p, competitorPrices), at, messagesFor(locale));
    const seo = { title: p.name, description: p.description, keywords: p.keywords, brand: p.brand, category: p.category, tags: p.tags, bulletPoints: p.bullet_points };
    return {
      product_id: p.id, name: p.name, status: p.status, image: p.image,
      seo: scores.seo, performance: scores.performance, conversion: scores.conversion, overall: scores.overall,
      recommendations: scores.recommendations,
      optimised_title: optimiseTitle(seo),
      optimised_description: optimiseDescription(seo),
      optimised_keywords: optimiseKeywords(seo),
      median_competitor_price_cents: median(competitorPrices),
    };
  }

  async function score(vendorId: number, locale: Locale = 'en'): Promise<ProductResult[]> {
    const settings = await settingsOf(vendorId);
    const list = await productsToAnalyse(vendorId, settings.includeDrafts);
    const pricesByCategory = new Map<string, number[]>();
    for (const category of new Set(list.map((p) => p.category).filter(Boolean))) pricesByCategory.set(category, await deps.categoryPrices(category));
    const at = now();
    return list.map((p) => resultOf(p, pricesByCategory.get(p.category) ?? [], at, locale)).sort((a, b) => a.overall - b.overall || a.product_id - b.product_id);
  }

  return {
    async state(vendorId: number, reader: Reader = ENGLISH_READER): Promise<OptimiserState> {
      const [settings, entries] = await Promise.all([
        settingsOf(vendorId),
        db.select().from(optimiserEntries).where(eq(optimiserEntries.vendorId, vendorId)).orderBy(desc(optimiserEntries.id)),
      ]);
      const of = (kind: Kind) => entries.filter((e) => e.kind === kind).slice(0, KEEP[kind]);
      return { settings, runs: of('run').map(toRun), activity: of('activity').map((e) => toActivity(e, reader)), performance: of('performance').map(toSample) };
    },

    async updateSettings(vendorId: number, patch: Partial<OptimiserSettings>, actor: Actor): Promise<OptimiserSettings> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(optimiserSettings).where(eq(optimiserSettings.vendorId, vendorId)).for('update');
        const before = optimiserSettingsSchema.parse(row?.settings ?? {});
        const after = optimiserSettingsSchema.parse({ ...before, ...patch });
        await tx
          .insert(optimiserSettings)
          .values({ vendorId, settings: after, updatedAt: now() })
          .onConflictDoUpdate({ target: optimiserSettings.vendorId, set: { settings: after, updatedAt: now() } });
        await append(tx, vendorId, 'activity', activityData('settings', { key: 'optimiserActivitySettings', args: [after.autoOptimize, after.performanceMonitoring, after.includeDrafts] }));
        await deps.audit?.record(tx, { actor, action: 'optimiser.settings', target: { type: 'vendor', id: vendorId }, changes: changesBetween(before, after) });
        return after;
      });
    },

    /** Every product of the vendor scored now (the Product Optimization and SEO Content tabs), lowest first; nothing is recorded. */
    score,

    /** Scores every product of the vendor, keeps the run's summary in the history and logs it. */
    async run(vendorId: number, actor: Actor, locale: Locale = 'en'): Promise<RunResponse> {
      const started = performance.now();
      const results = await score(vendorId, locale);
      const mean = (pick: (r: ProductResult) => number) => (results.length ? Math.round(results.reduce((s, r) => s + pick(r), 0) / results.length) : 0);
      const count = (priority: string) => results.reduce((n, r) => n + r.recommendations.filter((x) => x.priority === priority).length, 0);
      const summary = {
        products: results.length,
        averages: { seo: mean((r) => r.seo), performance: mean((r) => r.performance), conversion: mean((r) => r.conversion), overall: mean((r) => r.overall) },
        below_threshold: results.filter((r) => r.overall < SCORE_RECOMMENDATION_BELOW).length,
        recommendations: { critical: count('critical'), high: count('high'), medium: count('medium') },
        duration_ms: Math.round((performance.now() - started) * 10) / 10,
      };
      const entry = await db.transaction(async (tx) => {
        const row = await append(tx, vendorId, 'run', summary);
        await append(tx, vendorId, 'activity', activityData('run', {
          key: 'optimiserActivityRun', args: [summary.products, summary.averages.overall, summary.below_threshold, SCORE_RECOMMENDATION_BELOW],
        }));
        await recordAudit(tx, actor, vendorId, 'optimiser.run', { products: summary.products, averageScore: summary.averages.overall });
        return row;
      });
      return { run: toRun(entry), results: results.slice(0, LIST_MAX_LIMIT) };
    },

    async recordPerformance(vendorId: number, sample: Omit<PerformanceSample, 'id' | 'created_at'>, actor: Actor): Promise<PerformanceSample> {
      return db.transaction(async (tx) => {
        const row = await append(tx, vendorId, 'performance', sample);
        await recordAudit(tx, actor, vendorId, 'optimiser.performance', sample);
        return toSample(row);
      });
    },

    /** Logs that the vendor applied a proposal to one of its own products (404 for another vendor's product). */
    async recordApplied(vendorId: number, input: { product_id: number; field: Field }, actor: Actor, reader: Reader = ENGLISH_READER): Promise<ActivityEntry> {
      const product = await deps.catalogue.getManaged(input.product_id, { ownerVendorId: vendorId });
      return db.transaction(async (tx) => {
        const row = await append(tx, vendorId, 'activity', activityData('applied', {
          key: 'optimiserActivityApplied', args: [input.field, product.name], ...(product.name_ar ? { name_ar: product.name_ar } : {}),
        }));
        await recordAudit(tx, actor, vendorId, 'optimiser.applied', { productId: product.id, field: input.field });
        return toActivity(row, reader);
      });
    },
  };
}

