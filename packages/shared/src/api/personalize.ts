import { z } from 'zod';
import { EVENT_TYPES } from '../constants.js';

export const personalizeEventSchema = z.object({
  userId: z.union([z.string(), z.number()]).transform(String).pipe(z.string().min(1).max(100)),
  itemId: z.union([z.string(), z.number()]).transform(String).pipe(z.string().min(1).max(100)),
  eventType: z.enum(EVENT_TYPES),
  sessionId: z.string().max(100).optional(),
  properties: z.record(z.string(), z.unknown()).optional().default({}),
  timestamp: z.union([z.string(), z.number()]).optional(),
});

/** One event, or a batch as the cloud API shape sends them. */
export const personalizeEventsRequestSchema = z.union([
  personalizeEventSchema,
  z.object({ events: z.array(personalizeEventSchema).min(1).max(100) }),
]);

export const recommendationSchema = z.object({
  itemId: z.string(),
  itemName: z.string(),
  /** The product's Arabic name ('' when none: the card shows `itemName`), issue 26 item 1. */
  itemNameAr: z.string(),
  itemImage: z.string().nullable(),
  itemCategory: z.string(),
  /** The department's Arabic name ('' when none: the card shows `itemCategory`). */
  itemCategoryAr: z.string(),
  itemPrice: z.number(),
  score: z.number().min(0).max(1),
});
export type Recommendation = z.infer<typeof recommendationSchema>;

export const recommendationsResponseSchema = z.object({
  success: z.boolean(),
  recommendations: z.array(recommendationSchema),
  error: z.string().optional(),
});

export const historyResponseSchema = z.object({
  success: z.boolean(),
  interactions: z.array(
    z.object({ itemId: z.string(), eventType: z.enum(EVENT_TYPES), timestamp: z.string(), properties: z.record(z.string(), z.unknown()) }),
  ),
});

export const similarResponseSchema = z.object({ success: z.boolean(), similarItems: z.array(recommendationSchema) });

/** Answer of POST /api/personalize/events: how many events were stored. */
export const personalizeEventsResponseSchema = z.object({ success: z.literal(true), recorded: z.number().int() });

/** Query of GET /api/personalize/recommendations/:userId and /similar/:itemId. */
export const recommendationsQuerySchema = z.object({
  numResults: z.coerce.number().int().min(1).max(100).optional(),
  itemId: z.string().trim().min(1).max(100).optional(),
});
export const historyQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(200).optional() });
