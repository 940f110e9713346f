import { z } from 'zod';

/** POST /api/image-search: base64 image (data URL prefix allowed) and its declared type (never trusted). */
export const imageSearchRequestSchema = z.object({
  image: z.string().min(1, { error: 'Please select an image first' }),
  imageType: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(24).optional(),
});

export const imageSearchResultSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The product's Arabic name ('' when it has none): the results read in the shopper's language (issue 34 item 11). */
  name_ar: z.string(),
  price: z.number(),
  category: z.string(),
  image: z.string().nullable(),
  images: z.array(z.string()),
  similarity: z.number(),
});
export const imageSearchResponseSchema = z.object({ products: z.array(imageSearchResultSchema) });
