import { z } from 'zod';
import { EMBED_DEFAULTS, EMBED_SIZE_PATTERN } from '../constants.js';
import { pageQuerySchema } from './common.js';

const size = (fallback: string) =>
  z.string().trim().toLowerCase().regex(EMBED_SIZE_PATTERN, { error: 'Use a size such as 100%, 400px or auto' }).default(fallback);

/** Embed settings (vendor §2, admin §3): theme, size and which parts of the card show. Defaults from the spec. */
export const embedSettingsSchema = z.object({
  theme: z.enum(['light', 'dark', 'auto']).default(EMBED_DEFAULTS.theme),
  width: size(EMBED_DEFAULTS.width),
  height: size(EMBED_DEFAULTS.height),
  showPrice: z.boolean().default(EMBED_DEFAULTS.showPrice),
  showImage: z.boolean().default(EMBED_DEFAULTS.showImage),
  showDescription: z.boolean().default(EMBED_DEFAULTS.showDescription),
  showTags: z.boolean().default(EMBED_DEFAULTS.showTags),
  showKeywords: z.boolean().default(EMBED_DEFAULTS.showKeywords),
});
export type EmbedSettings = z.infer<typeof embedSettingsSchema>;

/**
 * POST /api/embedded-products (vendor §7, admin §7): vendor_id, product_id, embed_code, embed_settings. The stored
 * embed code is always the server's own for this product and these settings; vendor_id, when given, must be the
 * product's vendor (a vendor session may only embed its own products).
 */
export const embedSaveSchema = z.object({
  vendor_id: z.number().int().positive().nullable().optional(),
  product_id: z.number().int().positive(),
  embed_code: z.string().max(10_000).optional(),
  embed_settings: embedSettingsSchema.default(embedSettingsSchema.parse({})),
});
export type EmbedSave = z.input<typeof embedSaveSchema>;

export const embedRecordSchema = z.object({
  id: z.number().int(),
  vendor_id: z.number().int().nullable(),
  product_id: z.number().int(),
  product_name: z.string(),
  embed_code: z.string(),
  embed_settings: embedSettingsSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type EmbedRecord = z.infer<typeof embedRecordSchema>;

export const embedListQuerySchema = pageQuerySchema.extend({
  product_id: z.coerce.number().int().positive().optional(),
});
