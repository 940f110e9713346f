import { z } from 'zod';
import { MSG } from '../messages.js';
import { pageQuerySchema } from './common.js';
import { productFiltersSchema, productSchema } from './catalogue.js';

export const SEARCH_QUERY_MAX = 1000;

/**
 * GET /api/products/search/{query} and /api/embedded-products/search/{query}. A blank query (after trimming) is a
 * 400 'Search query is required'; a query with no searchable words (only punctuation, '%', '_') is an empty list.
 */
export const searchParamsSchema = z.object({
  query: z.string().trim().min(1, { error: MSG.searchQueryRequired }).max(SEARCH_QUERY_MAX),
});

/** Paging and the product filters in the query string. */
export const searchQuerySchema = pageQuerySchema.extend(productFiltersSchema.shape);

/** A product with its embed record merged on (GET /api/embedded-products/detailed, embedded search). */
export const embeddedProductSchema = productSchema.extend({
  product_id: z.number().int(),
  /** Null for a product nobody embedded yet. */
  embed_code: z.string().nullable(),
});
export type EmbeddedProduct = z.infer<typeof embeddedProductSchema>;
