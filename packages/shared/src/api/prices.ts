import { z } from 'zod';
import { MSG } from '../messages.js';

// Price history and price alerts (issue 28, decision 0101). Amounts are integer minor units (fils), as stored.

/** The days of history a product's page shows and the assistant looks back over. */
export const PRICE_HISTORY_DAYS = 90;
/** Alerts one shopper may keep (a bound like any list). */
export const PRICE_ALERTS_MAX = 50;

export const priceHistoryParamSchema = z.object({ id: z.coerce.number().int().positive() });

export const pricePointSchema = z.object({
  /** When the price was set (ISO); the first point may be the window's start, carrying the price then in force. */
  at: z.string(),
  price_cents: z.number().int(),
});
export type PricePoint = z.infer<typeof pricePointSchema>;

export const priceHistorySchema = z.object({
  product_id: z.number().int(),
  currency: z.string(),
  days: z.number().int(),
  current_cents: z.number().int(),
  /** Oldest first: the price in force at the window's start, then every change inside it. */
  points: z.array(pricePointSchema),
  /** The lowest price in the window and the last moment it was set to it. */
  lowest: pricePointSchema,
  highest: pricePointSchema,
});
export type PriceHistory = z.infer<typeof priceHistorySchema>;

export const priceAlertCreateSchema = z.object({
  product_id: z.coerce.number().int().positive(),
  /** Tell me when the price drops below this (minor units). */
  below_cents: z.coerce.number({ error: MSG.priceAlertInvalid }).int({ error: MSG.priceAlertInvalid }).positive({ error: MSG.priceAlertInvalid })
    .max(1_000_000_000, { error: MSG.priceAlertInvalid }),
});
export type PriceAlertCreate = z.infer<typeof priceAlertCreateSchema>;

export const priceAlertIdParamSchema = z.object({ id: z.coerce.number().int().positive() });

export const priceAlertSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  currency: z.string(),
  below_cents: z.number().int(),
  current_cents: z.number().int(),
  created_at: z.string(),
  /** When it fired (once), and at which price; null while it waits. */
  fired_at: z.string().nullable(),
  fired_cents: z.number().int().nullable(),
});
export type PriceAlert = z.infer<typeof priceAlertSchema>;
export const priceAlertListSchema = z.object({ items: z.array(priceAlertSchema) });
