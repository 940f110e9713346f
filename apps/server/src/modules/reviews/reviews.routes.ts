import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@souq/shared/messages';
import { PRODUCT_PHOTO_MAX_BYTES, PRODUCT_PHOTO_TYPES } from '@souq/shared/constants';
import { errorBodySchema, idParamSchema } from '@souq/shared/api/common';
import {
  REVIEW_PHOTOS_MAX, adminReviewsQuerySchema, helpfulVoteSchema, managedReviewSchema, reviewCreateSchema, reviewHideBodySchema,
  reviewIdParamSchema, reviewListQuerySchema, reviewReplyBodySchema, reviewReportBodySchema, reviewReportedSchema, reviewSchema,
  reviewStatsSchema, reviewUpdateSchema, reviewableLineSchema, reviewableQuerySchema, vendorReviewsQuerySchema,
} from '@souq/shared/api/reviews';
import { principalOf, requireAdmin, requireSignedIn, requireUser, requireVendor } from '../../platform/auth.js';
import { actorOf } from '../../platform/audit.js';
import { sendPage } from '../../platform/paging.js';
import { readJsonWithPhotos, type PublicPhoto } from '../../platform/uploads.js';
import type { ReviewsService } from './reviews.service.js';

const security = [{ bearer: [] }];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const publicErrors = { 400: errorBodySchema, 404: errorBodySchema };
const PHOTO_RULE = { maxBytes: PRODUCT_PHOTO_MAX_BYTES, accept: PRODUCT_PHOTO_TYPES, tooLarge: MSG.fileTooLarge, wrongType: MSG.productPhotoType };
/** The multipart field names of a review with photos: the review's JSON and its photo files. */
export const REVIEW_FIELD = 'review';
export const REVIEW_PHOTOS_FIELD = 'photos';

const photosOf = new WeakMap<FastifyRequest, PublicPhoto[]>();

/** A review may come as JSON, or as multipart with the JSON in `review` and photos in `photos` (product photo rules). */
async function readMultipartReview(req: FastifyRequest) {
  if (!req.isMultipart()) return;
  const { body, photos } = await readJsonWithPhotos(req, {
    jsonField: REVIEW_FIELD, photosField: REVIEW_PHOTOS_FIELD, maxPhotos: REVIEW_PHOTOS_MAX,
    tooMany: MSG.reviewPhotosTooMany(REVIEW_PHOTOS_MAX), rule: PHOTO_RULE, ownerUserId: principalOf(req).userId,
  });
  req.body = body;
  photosOf.set(req, photos);
}

/** Verified reviews (issue 28): the storefront's reading and writing, the vendor's replies, the admin's moderation. */
export function reviewsRoutes(deps: { reviews: ReviewsService }) {
  const { reviews } = deps;
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['reviews'];

    // ---- anyone ----
    r.get('/api/product-reviews/:id', {
      schema: {
        tags, operationId: 'listProductReviews', security: [{}, { bearer: [] }], params: idParamSchema, querystring: reviewListQuerySchema,
        summary: "A product's visible reviews, sorted (newest, helpful, lowest) and filtered by stars (total in X-Total-Count); with a session, `mine` and `voted_helpful` are the caller's",
        response: { 200: z.array(reviewSchema), ...publicErrors },
      },
    }, async (req, reply) => sendPage(reply, await reviews.list(req.params.id, req.query, req.principal?.userId ?? null)));

    r.get('/api/product-reviews/:id/summary', {
      schema: {
        tags, operationId: 'getProductReviewSummary', params: idParamSchema,
        summary: 'Rating and count from visible reviews, reviews per star, and from 5 reviews what buyers praise and criticise, each claim quoted from a review',
        response: { 200: reviewStatsSchema, ...publicErrors },
      },
    }, async (req) => reviews.stats(req.params.id));

    // ---- shoppers ----
    r.get('/api/reviews/reviewable', {
      preHandler: requireUser,
      schema: {
        tags, operationId: 'listReviewableLines', security, querystring: reviewableQuerySchema,
        summary: "The caller's delivered purchase lines without a review yet (optionally of one product)",
        response: { 200: z.array(reviewableLineSchema), ...errors },
      },
    }, async (req) => reviews.reviewable(principalOf(req).userId, req.query.product_id));

    r.post('/api/reviews', {
      preHandler: requireUser,
      preValidation: readMultipartReview,
      schema: {
        tags, operationId: 'createReview', security, consumes: ['application/json', 'multipart/form-data'], body: reviewCreateSchema,
        summary: 'Review a delivered purchase line of the caller (403 otherwise, 409 when already reviewed). JSON, or multipart with the JSON in "review" and up to 4 photos in "photos"',
        response: { 201: reviewSchema, 409: errorBodySchema, 413: errorBodySchema, 415: errorBodySchema, ...errors },
      },
    }, async (req, reply) => {
      const p = principalOf(req);
      return reply.status(201).send(await reviews.create({ userId: p.userId, name: p.name }, req.body, photosOf.get(req)));
    });

    r.put('/api/reviews/:id', {
      preHandler: requireUser,
      schema: {
        tags, operationId: 'updateReview', security, params: reviewIdParamSchema, body: reviewUpdateSchema,
        summary: "Edit the caller's own review (stars, title, text) within 30 days of writing it (422 after)",
        response: { 200: reviewSchema, 422: errorBodySchema, ...errors },
      },
    }, async (req) => reviews.update(principalOf(req).userId, req.params.id, req.body));

    r.post('/api/reviews/:id/helpful', {
      preHandler: requireSignedIn,
      schema: {
        tags, operationId: 'voteReviewHelpful', security, params: reviewIdParamSchema,
        summary: 'Mark a review helpful: one vote per person, a second vote changes nothing; not for one\'s own review (422)',
        response: { 200: helpfulVoteSchema, 422: errorBodySchema, ...errors },
      },
    }, async (req) => reviews.voteHelpful(principalOf(req).userId, req.params.id));

    r.post('/api/reviews/:id/report', {
      preHandler: requireSignedIn,
      schema: {
        tags, operationId: 'reportReview', security, params: reviewIdParamSchema, body: reviewReportBodySchema,
        summary: 'Report a review to the moderators, with a reason (one report per person)',
        response: { 200: reviewReportedSchema, ...errors },
      },
    }, async (req) => reviews.report(principalOf(req).userId, req.params.id, req.body.reason));

    // ---- vendors ----
    r.get('/api/vendor/reviews', {
      preHandler: requireVendor,
      schema: {
        tags: [...tags, 'vendor'], operationId: 'listVendorReviews', security, querystring: vendorReviewsQuerySchema,
        summary: "Visible reviews of the vendor's own products, newest first; `replied=no` lists those waiting for a reply",
        response: { 200: z.array(managedReviewSchema), ...errors },
      },
    }, async (req, reply) => sendPage(reply, await reviews.vendorList(principalOf(req).vendorId!, req.query)));

    r.post('/api/vendor/reviews/:id/reply', {
      preHandler: requireVendor,
      schema: {
        tags: [...tags, 'vendor'], operationId: 'replyToReview', security, params: reviewIdParamSchema, body: reviewReplyBodySchema,
        summary: "The product's vendor replies once, publicly (404 for another vendor's product, 409 for a second reply; audited)",
        response: { 200: managedReviewSchema, 409: errorBodySchema, ...errors },
      },
    }, async (req) => reviews.reply(actorOf(req), principalOf(req).vendorId!, req.params.id, req.body.body));

    // ---- admin moderation (the /api/admin prefix is guarded centrally as well) ----
    r.get('/api/admin/reviews', {
      preHandler: requireAdmin,
      schema: {
        tags: [...tags, 'admin'], operationId: 'listReviewsForModeration', security, querystring: adminReviewsQuerySchema,
        summary: 'Every review with its reports, newest first, filtered by status and by whether it was reported',
        response: { 200: z.array(managedReviewSchema), ...errors },
      },
    }, async (req, reply) => sendPage(reply, await reviews.adminList(req.query)));

    r.post('/api/admin/reviews/:id/hide', {
      preHandler: requireAdmin,
      schema: {
        tags: [...tags, 'admin'], operationId: 'hideReview', security, params: reviewIdParamSchema, body: reviewHideBodySchema,
        summary: "Hide a review with a reason (audited); it leaves the product's rating at once",
        response: { 200: managedReviewSchema, 409: errorBodySchema, ...errors },
      },
    }, async (req) => reviews.hide(actorOf(req), req.params.id, req.body.reason));

    r.post('/api/admin/reviews/:id/restore', {
      preHandler: requireAdmin,
      schema: {
        tags: [...tags, 'admin'], operationId: 'restoreReview', security, params: reviewIdParamSchema,
        summary: "Show a hidden review again (audited); it counts in the product's rating again",
        response: { 200: managedReviewSchema, 409: errorBodySchema, ...errors },
      },
    }, async (req) => reviews.restore(actorOf(req), req.params.id));
  };
}

