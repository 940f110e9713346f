import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import {
  REVIEW_EDIT_DAYS, REVIEW_SUMMARY_MIN_REVIEWS, type ManagedReview, type Review, type ReviewCreate, type ReviewListQuery,
  type ReviewStats, type ReviewUpdate, type ReviewableLine,
} from '@souq/shared/api/reviews';
import { MSG } from '@souq/shared/messages';
import { products } from '../../db/schema/catalogue.js';
import { reviewReports, reviewVotes, reviews } from '../../db/schema/reviews.js';
import { vendors } from '../../db/schema/vendors.js';
import type { Db } from '../../platform/db.js';
import type { Bus } from '../../platform/bus.js';
import { changesBetween, type Actor, type AuditLog } from '../../platform/audit.js';
import { conflict, forbidden, notFound, unprocessable, say } from '../../platform/errors.js';
import type { FilesService, NewFile } from '../files/files.service.js';
import { deliveredLine, refreshProductRating, unreviewedLines } from './reviews.queries.js';
import { sentencesOf, summarize } from './review-summary.js';

/** The newest reviews whose sentences the assistant may quote when no sentence makes a claim. */
const EVIDENCE_SENTENCE_REVIEWS = 3;
export type ReviewsService = ReturnType<typeof createReviewsService>;
type Row = typeof reviews.$inferSelect;
type Page = { limit: number; offset: number };
/** The signed-in shopper writing or voting. */
export type Shopper = { userId: number; name: string };

const DAY_MS = 24 * 60 * 60 * 1000;
/** A summary reads at most this many of the newest visible reviews, so a best-seller's summary stays quick. */
const SUMMARY_READS = 500;

const editableUntil = (r: Row) => new Date(r.createdAt.getTime() + REVIEW_EDIT_DAYS * DAY_MS);

function toDto(r: Row, viewer: { userId: number | null; voted: Set<number> }): Review {
  return {
    id: r.id,
    product_id: r.productId,
    stars: r.stars,
    title: r.title,
    body: r.body,
    photos: r.photos,
    author_name: r.authorName,
    verified_purchase: true,
    helpful_count: r.helpfulCount,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    editable_until: editableUntil(r).toISOString(),
    reply: r.replyBody && r.repliedAt ? { body: r.replyBody, vendor_name: r.replyVendorName ?? '', created_at: r.repliedAt.toISOString() } : null,
    mine: viewer.userId !== null && viewer.userId === r.userId,
    voted_helpful: viewer.voted.has(r.id),
  };
}

const SORTS: Record<ReviewListQuery['sort'], SQL[]> = {
  newest: [desc(reviews.createdAt), desc(reviews.id)],
  helpful: [desc(reviews.helpfulCount), desc(reviews.createdAt), desc(reviews.id)],
  lowest: [asc(reviews.stars), desc(reviews.createdAt), desc(reviews.id)],
};

/**
 * Verified reviews (issue 28, decision 0092): written by the buyer of a delivered purchase line, once per line;
 * the product's rating and count follow its visible reviews in the same transaction; the vendor replies once;
 * anyone signed in reports; an admin hides (audited). The summary of what buyers say is decision 0093.
 */
export function createReviewsService(deps: {
  db: Db; audit: AuditLog; bus: Bus; files: Pick<FilesService, 'storeWith'>; now?: () => Date;
}) {
  const { db, audit, bus } = deps;
  const now = deps.now ?? (() => new Date());
  const changed = (productId: number) => void bus.emit('product.changed', { id: productId });

  async function votedBy(userId: number | null, ids: number[]): Promise<Set<number>> {
    if (userId === null || !ids.length) return new Set();
    const rows = await db.select({ id: reviewVotes.reviewId }).from(reviewVotes)
      .where(and(eq(reviewVotes.userId, userId), inArray(reviewVotes.reviewId, ids)));
    return new Set(rows.map((r) => r.id));
  }

  async function visible(id: number): Promise<Row> {
    const [row] = await db.select().from(reviews).where(and(eq(reviews.id, id), eq(reviews.status, 'visible')));
    if (!row) throw notFound(MSG.reviewNotFound);
    return row;
  }

  async function managedPage(where: SQL | undefined, page: Page): Promise<{ items: ManagedReview[]; total: number }> {
    const [rows, total] = await Promise.all([
      db.select({ r: reviews, productName: products.name }).from(reviews).innerJoin(products, eq(products.id, reviews.productId))
        .where(where).orderBy(desc(reviews.createdAt), desc(reviews.id)).limit(page.limit).offset(page.offset),
      db.$count(db.select({ id: reviews.id }).from(reviews).innerJoin(products, eq(products.id, reviews.productId)).where(where).as('q')),
    ]);
    const ids = rows.map((x) => x.r.id);
    const reports = ids.length
      ? await db.select().from(reviewReports).where(inArray(reviewReports.reviewId, ids)).orderBy(desc(reviewReports.createdAt))
      : [];
    const items = rows.map(({ r, productName }) => {
      const mine = reports.filter((x) => x.reviewId === r.id);
      return {
        ...toDto(r, { userId: null, voted: new Set() }),
        product_name: productName,
        status: r.status,
        hidden_reason: r.hiddenReason,
        report_count: mine.length,
        reports: mine.map((x) => ({ reason: x.reason, created_at: x.createdAt.toISOString() })),
      };
    });
    return { items, total };
  }

  async function setStatus(actor: Actor, id: number, to: 'visible' | 'hidden', reason: string | null): Promise<ManagedReview> {
    const productId = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
      if (!before) throw notFound(MSG.reviewNotFound);
      if (before.status === to) throw conflict(to === 'hidden' ? MSG.reviewAlreadyHidden : MSG.reviewNotHidden);
      const [after] = await tx.update(reviews).set({ status: to, hiddenReason: reason }).where(eq(reviews.id, id)).returning();
      await refreshProductRating(tx, before.productId);
      await audit.record(tx, {
        actor, action: to === 'hidden' ? 'review.hide' : 'review.restore', target: { type: 'review', id },
        changes: changesBetween(before, after!, ['status', 'hiddenReason']),
      });
      return before.productId;
    });
    changed(productId);
    const { items } = await managedPage(eq(reviews.id, id), { limit: 1, offset: 0 });
    return items[0]!;
  }

  return {
    /** Visible reviews of a product, sorted and filtered by stars; `viewer` marks their own review and votes. */
    async list(productId: number, q: ReviewListQuery, viewerId: number | null): Promise<{ items: Review[]; total: number }> {
      const where = and(eq(reviews.productId, productId), eq(reviews.status, 'visible'), q.stars ? eq(reviews.stars, q.stars) : undefined);
      const [rows, total] = await Promise.all([
        db.select().from(reviews).where(where).orderBy(...SORTS[q.sort]).limit(q.limit).offset(q.offset),
        db.$count(reviews, where),
      ]);
      const voted = await votedBy(viewerId, rows.map((r) => r.id));
      return { items: rows.map((r) => toDto(r, { userId: viewerId, voted })), total };
    },

    /** Rating, count, stars histogram and, from REVIEW_SUMMARY_MIN_REVIEWS visible reviews, the summary. */
    async stats(productId: number): Promise<ReviewStats> {
      const [product] = await db.select({ rating: products.rating, count: products.reviewCount }).from(products).where(eq(products.id, productId));
      if (!product) throw notFound(MSG.productNotFound);
      const perStar = await db.select({ stars: reviews.stars, n: sql<number>`count(*)::int` }).from(reviews)
        .where(and(eq(reviews.productId, productId), eq(reviews.status, 'visible'))).groupBy(reviews.stars);
      const star_counts = [1, 2, 3, 4, 5].map((s) => perStar.find((p) => p.stars === s)?.n ?? 0);
      let summary: ReviewStats['summary'] = null;
      if (product.count >= REVIEW_SUMMARY_MIN_REVIEWS) {
        const texts = await db.select({ id: reviews.id, title: reviews.title, body: reviews.body, stars: reviews.stars }).from(reviews)
          .where(and(eq(reviews.productId, productId), eq(reviews.status, 'visible'))).orderBy(desc(reviews.id)).limit(SUMMARY_READS);
        summary = { ...summarize(texts), based_on: texts.length };
      }
      return { product_id: productId, rating: product.rating, review_count: product.count, star_counts, summary };
    },

    /**
     * What buyers say, for the assistant (decision 0102): the same grounded claims as the summary, from any number of
     * visible reviews (the assistant quotes one or two claims, each linked to its review, so it needs no minimum).
     */
    async evidence(productId: number): Promise<{ count: number; sentences: { review_id: number; quote: string }[] } & ReturnType<typeof summarize>> {
      const texts = await db.select({ id: reviews.id, title: reviews.title, body: reviews.body, stars: reviews.stars }).from(reviews)
        .where(and(eq(reviews.productId, productId), eq(reviews.status, 'visible'))).orderBy(desc(reviews.id)).limit(SUMMARY_READS);
      // reviews whose sentences make no claim can still be quoted, as written, when there is no claim to cite
      const sentences = texts.slice(0, EVIDENCE_SENTENCE_REVIEWS).flatMap((r) => sentencesOf(r.body).map((quote) => ({ review_id: r.id, quote })));
      return { count: texts.length, sentences, ...summarize(texts) };
    },

    /** The shopper's delivered lines not reviewed yet (what /profile and the product dialog offer to review). */
    async reviewable(userId: number, productId?: number): Promise<ReviewableLine[]> {
      const lines = await unreviewedLines(db, userId, productId);
      return lines.map((l) => ({ order_item_id: l.orderItemId, order_number: l.orderNumber, product_id: l.productId, product_name: l.productName, image: l.image }));
    },

    /**
     * A review of one delivered purchase line of the shopper (403 otherwise; 409 when the line has one). The photos
     * are stored with the review in one transaction (files.storeWith), and the rating follows in it too.
     */
    async create(shopper: Shopper, input: ReviewCreate, photos: NewFile[] = [], opts: { createdAt?: Date } = {}): Promise<Review> {
      const row = await deps.files.storeWith(photos, async (tx, stored) => {
        const line = await deliveredLine(tx, shopper.userId, input.order_item_id);
        if (!line) throw forbidden(MSG.reviewNotDelivered);
        const at = opts.createdAt ?? now();
        const [inserted] = await tx.insert(reviews).values({
          productId: line.productId, orderItemId: line.orderItemId, userId: shopper.userId, authorName: shopper.name,
          stars: input.stars, title: input.title, body: input.body, photos: stored.map((s) => s.url), createdAt: at, updatedAt: at,
        }).onConflictDoNothing({ target: reviews.orderItemId }).returning();
        if (!inserted) throw conflict(MSG.reviewAlreadyWritten);
        await refreshProductRating(tx, line.productId);
        return inserted;
      });
      changed(row.productId);
      return toDto(row, { userId: shopper.userId, voted: new Set() });
    },

    /** The author edits stars, title and text within REVIEW_EDIT_DAYS of writing it. */
    async update(userId: number, id: number, input: ReviewUpdate): Promise<Review> {
      const row = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(reviews).where(and(eq(reviews.id, id), eq(reviews.userId, userId))).for('update');
        if (!before) throw notFound(MSG.reviewNotFound);
        if (now() > editableUntil(before)) throw unprocessable(say.reviewEditWindowClosed(REVIEW_EDIT_DAYS));
        const [after] = await tx.update(reviews).set({ ...input, updatedAt: now() }).where(eq(reviews.id, id)).returning();
        await refreshProductRating(tx, before.productId);
        return after!;
      });
      changed(row.productId);
      return toDto(row, { userId, voted: await votedBy(userId, [id]) });
    },

    /** One helpful vote per person; voting again changes nothing. Not for one's own review. */
    async voteHelpful(userId: number, id: number) {
      const review = await visible(id);
      if (review.userId === userId) throw unprocessable(MSG.reviewOwnVote);
      const count = await db.transaction(async (tx) => {
        const added = await tx.insert(reviewVotes).values({ reviewId: id, userId }).onConflictDoNothing().returning({ id: reviewVotes.reviewId });
        const [r] = added.length
          ? await tx.update(reviews).set({ helpfulCount: sql`${reviews.helpfulCount} + 1` }).where(eq(reviews.id, id)).returning({ n: reviews.helpfulCount })
          : await tx.select({ n: reviews.helpfulCount }).from(reviews).where(eq(reviews.id, id));
        return r!.n;
      });
      return { helpful_count: count, voted_helpful: true as const };
    },

    /** A report from anyone signed in, once per person (a second report keeps the first reason). */
    async report(userId: number, id: number, reason: string) {
      await visible(id);
      await db.insert(reviewReports).values({ reviewId: id, userId, reason }).onConflictDoNothing();
      return { reported: true as const };
    },

    /** The product's vendor replies once, publicly (404 for another vendor's product, 409 for a second reply). */
    async reply(actor: Actor, vendorId: number, id: number, body: string): Promise<ManagedReview> {
      await db.transaction(async (tx) => {
        const [found] = await tx.select({ r: reviews, company: vendors.companyName }).from(reviews)
          .innerJoin(products, eq(products.id, reviews.productId)).innerJoin(vendors, eq(vendors.id, products.vendorId))
          .where(and(eq(reviews.id, id), eq(products.vendorId, vendorId))).for('update', { of: reviews });
        if (!found) throw notFound(MSG.reviewNotFound);
        if (found.r.replyBody !== null) throw conflict(MSG.reviewReplyExists);
        const [after] = await tx.update(reviews)
          .set({ replyBody: body, replyVendorId: vendorId, replyVendorName: found.company, repliedAt: now() })
          .where(eq(reviews.id, id)).returning();
        await audit.record(tx, { actor, action: 'review.reply', target: { type: 'review', id }, changes: changesBetween(found.r, after!, ['replyBody']) });
      });
      const { items } = await managedPage(eq(reviews.id, id), { limit: 1, offset: 0 });
      return items[0]!;
    },

    /** The vendor's reviews (of its products), newest first; `replied` filters answered or waiting ones. */
    vendorList(vendorId: number, q: Page & { replied?: 'yes' | 'no' }) {
      const replied = q.replied === 'yes' ? isNotNull(reviews.replyBody) : q.replied === 'no' ? isNull(reviews.replyBody) : undefined;
      return managedPage(and(eq(products.vendorId, vendorId), eq(reviews.status, 'visible'), replied), q);
    },

    /** The moderation list: by status, and reported ones (any report) first when asked. */
    adminList(q: Page & { status?: 'visible' | 'hidden'; reported?: 'yes' | 'no' }) {
      const reported = sql`exists (select 1 from ${reviewReports} where ${reviewReports.reviewId} = ${reviews.id})`;
      const where = and(
        q.status ? eq(reviews.status, q.status) : undefined,
        q.reported === 'yes' ? reported : q.reported === 'no' ? sql`not ${reported}` : undefined,
      );
      return managedPage(where, q);
    },

    /** An admin hides a review with a reason (audited); the rating leaves it in the same transaction. */
    hide: (actor: Actor, id: number, reason: string) => setStatus(actor, id, 'hidden', reason),
    /** An admin shows a hidden review again (audited). */
    restore: (actor: Actor, id: number) => setStatus(actor, id, 'visible', null),
  };
}

