import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, idParamSchema } from '@souq/shared/api/common';
import { embedListQuerySchema, embedRecordSchema, embedSaveSchema } from '@souq/shared/api/embeds';
import { embedSettingsFromQuery, EMBED_PATH_PREFIX, productPageUrl } from '@souq/shared/rules/embed';
import { principalOf, requireVendorOrAdmin } from '../../platform/auth.js';
import { actorOf } from '../../platform/audit.js';
import { AppError } from '../../platform/errors.js';
import type { Offer } from '@souq/shared/api/promotions';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import { EMBED_CARD_HEADERS, renderEmbedCard, renderEmbedGone } from './embed-card.js';
import type { EmbedsService } from './embeds.service.js';
import { sendPage } from '../../platform/paging.js';

const security = [{ bearer: [] }];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/**
 * `publicUrl` (PUBLIC_URL) is the Souq address embed codes and cards point at. Never the request's Host header:
 * anyone can send one, and a code saved from a request with a forged Host would send shoppers elsewhere (issue 23).
 */
export function embedsRoutes(deps: {
  embeds: EmbedsService; catalogue: CatalogueService; publicUrl: string;
  /** the storefront's offers (deal and honest "was" price, decision 0163) */
  offersById: (ids: readonly number[]) => Promise<Map<number, Offer>>;
}) {
  const { embeds, catalogue, publicUrl } = deps;
  return async function plugin(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post('/api/embedded-products', {
      preHandler: requireVendorOrAdmin,
      schema: {
        tags: ['embeds'],
        summary: "Save a product's embed (created, or replaced with new settings). Vendors: their own products only. The stored embed_code is computed by the server",
        security,
        body: embedSaveSchema,
        response: { 200: embedRecordSchema, 201: embedRecordSchema, ...errors, 422: errorBodySchema },
      },
    }, async (req, reply) => {
      const p = principalOf(req);
      const { record, created } = await embeds.save(
        { productId: req.body.product_id, vendorId: req.body.vendor_id, settings: req.body.embed_settings },
        { actor: actorOf(req), ownerVendorId: p.kind === 'vendor' ? p.vendorId! : undefined, origin: publicUrl },
      );
      return reply.status(created ? 201 : 200).send(record);
    });

    r.get('/api/embedded-products', {
      preHandler: requireVendorOrAdmin,
      schema: {
        tags: ['embeds'],
        summary: "Embed records, newest first: a vendor's own, or every vendor's for admins. Total in X-Total-Count",
        security,
        querystring: embedListQuerySchema,
        response: { 200: z.array(embedRecordSchema), 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    }, async (req, reply) => {
      const p = principalOf(req);
      return sendPage(reply, await embeds.list(
        { vendorId: p.kind === 'vendor' ? p.vendorId! : undefined, productId: req.query.product_id },
        { limit: req.query.limit, offset: req.query.offset },
      ));
    });

    // The card other sites frame: a page, not an API call (hidden from the API document like /media).
    r.get(`${EMBED_PATH_PREFIX}:id`, {
      schema: { hide: true, params: idParamSchema, querystring: z.record(z.string(), z.unknown()) },
    }, async (req, reply) => {
      const settings = embedSettingsFromQuery(req.query);
      // the app's own headers forbid framing; this page alone may be framed by any site
      void reply.removeHeader('x-frame-options').headers(EMBED_CARD_HEADERS).type('text/html; charset=utf-8');
      try {
        const product = await catalogue.getProduct(req.params.id);
        const offer = settings.showPrice ? (await deps.offersById([product.id])).get(product.id) ?? null : null;
        return reply.send(renderEmbedCard(product, settings, productPageUrl(publicUrl, product.id), offer));
      } catch (err) {
        if (err instanceof AppError && err.status === 404) return reply.status(404).send(renderEmbedGone(settings.theme));
        throw err;
      }
    });
  };
}
