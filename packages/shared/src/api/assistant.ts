import { z } from 'zod';
import { couponCheckRequestSchema } from './promotions.js';

export const chatMessageInSchema = z.object({
  id: z.union([z.string(), z.number()]).optional(),
  isBot: z.boolean(),
  sender: z.string().optional(),
  text: z.string().max(4000),
  timestamp: z.union([z.string(), z.number()]).optional(),
});

/** The product the chat is focused on, as the client holds it. Only the id is trusted; facts come from the database. */
export const productContextSchema = z
  .object({ id: z.union([z.number(), z.string()]), name: z.string().optional() })
  .passthrough()
  .nullable()
  .optional();

/** POST /api/ai/chat (customer spec §7). */
export const chatRequestSchema = z.object({
  message: z.string().trim().min(1, { error: 'Message is required' }).max(2000),
  productContext: productContextSchema,
  conversationHistory: z.array(chatMessageInSchema).max(20).optional().default([]),
  /** Products locked in the side panel's locker, for comparisons. */
  lockedProductIds: z.array(z.coerce.number().int().positive()).max(2).optional(),
  /** The browser's tracking session id, so one visit's exchanges form one stored chat session. */
  sessionId: z.string().max(100).optional(),
  /**
   * This conversation (one chat panel), as the previous answer returned it. What the assistant proposed (a cancel, a
   * return, a person) waits in this conversation only: a 'yes' sent without it, or from another, confirms nothing.
   */
  conversationId: z.string().min(8).max(100).regex(/^[\w-]+$/).optional(),
  /**
   * The cart as the storefront holds it (product, quantity, options), for a coupon code typed in the chat: the code is
   * checked against these lines at database prices, as the checkout's code box checks it. Only ids and quantities are
   * read; prices come from the database.
   */
  cart: couponCheckRequestSchema.shape.items.unwrap().array().max(100).optional(),
});
export type ChatRequest = z.input<typeof chatRequestSchema>;

/** A product the answer names; for add_to_cart the client adds `quantity` (default 1) to the cart. */
export const mentionedProductSchema = z.object({
  id: z.number().int(),
  action: z.enum(['mention', 'focus', 'add_to_cart', 'compare']),
  quantity: z.number().int().min(1).optional(),
});

export const chatResponseSchema = z.object({
  response: z.string(),
  mentionedProducts: z.array(mentionedProductSchema),
  suggestedSearch: z.string().nullable(),
  /** The stored chat session (admin chat monitor) this exchange was saved in. */
  sessionId: z.string().optional(),
  /** The conversation this answer belongs to: sent back with the next message (a new one when none was sent). */
  conversationId: z.string(),
  /**
   * A coupon code the shopper typed in the chat, as checked against the cart sent: when `applies`, the storefront
   * keeps it for the checkout (which checks it again, and the order once more under the promotion's lock).
   */
  coupon: z.object({ code: z.string(), applies: z.boolean() }).optional(),
});
export type ChatResponse = z.infer<typeof chatResponseSchema>;
