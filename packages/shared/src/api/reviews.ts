import { z } from 'zod';
import { MSG } from '../messages.js';
import { pageQuerySchema } from './common.js';

// Verified reviews (issue 28, decision 0092): one review per delivered purchase line, written by its buyer.

export const REVIEW_STARS_MIN = 1;
export const REVIEW_STARS_MAX = 5;
export const REVIEW_TITLE_MAX = 120;
export const REVIEW_BODY_MAX = 4000;
export const REVIEW_REPLY_MAX = 2000;
export const REVIEW_REASON_MAX = 500;
/** A review can be edited by its author for this many days after it was written. */
export const REVIEW_EDIT_DAYS = 30;
/** Photos per review (same types and size as product photos). */
export const REVIEW_PHOTOS_MAX = 4;
/** A product shows a summary of what buyers say once it has this many visible reviews (decision 0093). */
export const REVIEW_SUMMARY_MIN_REVIEWS = 5;
export const REVIEW_SORTS = ['newest', 'helpful', 'lowest'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const REVIEW_SORT_LABELS: Record<ReviewSort, string> = { newest: 'Newest', helpful: 'Most helpful', lowest: 'Lowest rating' };
export const REVIEW_STATUSES = ['visible', 'hidden'] as const;
export const VERIFIED_PURCHASE_LABEL = 'Verified purchase';

const text = (max: number, required: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: MSG.reviewTooLong(max) });

export const reviewIdParamSchema = z.object({ id: z.coerce.number().int().positive() });

/** What a shopper writes. The photos come as files in a multipart request (field `photos`). */
export const reviewCreateSchema = z.object({
  order_item_id: z.coerce.number().int().positive(),
  stars: z.coerce.number({ error: MSG.reviewStarsRange }).int({ error: MSG.reviewStarsRange })
    .min(REVIEW_STARS_MIN, { error: MSG.reviewStarsRange }).max(REVIEW_STARS_MAX, { error: MSG.reviewStarsRange }),
  title: text(REVIEW_TITLE_MAX, MSG.reviewTitleRequired),
  body: text(REVIEW_BODY_MAX, MSG.reviewBodyRequired),
});
export type ReviewCreate = z.infer<typeof reviewCreateSchema>;

export const reviewUpdateSchema = reviewCreateSchema.omit({ order_item_id: true });
export type ReviewUpdate = z.infer<typeof reviewUpdateSchema>;

export const reviewReplyBodySchema = z.object({ body: text(REVIEW_REPLY_MAX, MSG.reviewReplyRequired) });
export const reviewReportBodySchema = z.object({ reason: text(REVIEW_REASON_MAX, MSG.reviewReasonRequired) });
export const reviewHideBodySchema = z.object({ reason: text(REVIEW_REASON_MAX, MSG.reviewReasonRequired) });

export const reviewListQuerySchema = pageQuerySchema.extend({
  sort: z.enum(REVIEW_SORTS).default('newest'),
  stars: z.coerce.number().int().min(REVIEW_STARS_MIN).max(REVIEW_STARS_MAX).optional(),
});
export type ReviewListQuery = z.infer<typeof reviewListQuerySchema>;

export const reviewReplySchema = z.object({ body: z.string(), vendor_name: z.string(), created_at: z.string() });

/** A review as the storefront shows it. */
export const reviewSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  stars: z.number().int(),
  title: z.string(),
  body: z.string(),
  photos: z.array(z.string()),
  author_name: z.string(),
  verified_purchase: z.literal(true),
  helpful_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Until when its author may edit it. */
  editable_until: z.string(),
  reply: reviewReplySchema.nullable(),
  /** For the signed-in caller: their own review, and whether they voted it helpful. */
  mine: z.boolean(),
  voted_helpful: z.boolean(),
});
export type Review = z.infer<typeof reviewSchema>;

export const helpfulVoteSchema = z.object({ helpful_count: z.number().int(), voted_helpful: z.literal(true) });
export const reviewReportedSchema = z.object({ reported: z.literal(true) });

/** A delivered purchase line the caller has not reviewed yet. */
export const reviewableLineSchema = z.object({
  order_item_id: z.number().int(),
  order_number: z.string(),
  product_id: z.number().int(),
  product_name: z.string(),
  image: z.string().nullable(),
});
export type ReviewableLine = z.infer<typeof reviewableLineSchema>;
export const reviewableQuerySchema = z.object({ product_id: z.coerce.number().int().positive().optional() });

/** One claim of a summary: a sentence of a review that says it, so a shopper can check it. */
export const summaryQuoteSchema = z.object({ review_id: z.number().int(), quote: z.string(), sentiment: z.enum(['positive', 'negative']) });
export const summaryAspectSchema = z.object({
  aspect: z.string(),
  label: z.string(),
  positive: z.number().int(),
  negative: z.number().int(),
  quotes: z.array(summaryQuoteSchema).min(1),
});
export type SummaryAspect = z.infer<typeof summaryAspectSchema>;

export const reviewStatsSchema = z.object({
  product_id: z.number().int(),
  rating: z.number().nullable(),
  review_count: z.number().int(),
  /** Visible reviews per star, index 0 = one star. */
  star_counts: z.array(z.number().int()).length(5),
  /** What buyers praise and criticise; null below REVIEW_SUMMARY_MIN_REVIEWS visible reviews. */
  summary: z.object({ praise: z.array(summaryAspectSchema), criticism: z.array(summaryAspectSchema), based_on: z.number().int() }).nullable(),
});
export type ReviewStats = z.infer<typeof reviewStatsSchema>;

/** A review in the vendor's and the admin's lists. */
export const managedReviewSchema = reviewSchema.extend({
  product_name: z.string(),
  status: z.enum(REVIEW_STATUSES),
  hidden_reason: z.string().nullable(),
  report_count: z.number().int(),
  reports: z.array(z.object({ reason: z.string(), created_at: z.string() })),
});
export type ManagedReview = z.infer<typeof managedReviewSchema>;

export const vendorReviewsQuerySchema = pageQuerySchema.extend({
  replied: z.enum(['yes', 'no']).optional(),
});
export const adminReviewsQuerySchema = pageQuerySchema.extend({
  status: z.enum(REVIEW_STATUSES).optional(),
  reported: z.enum(['yes', 'no']).optional(),
});
