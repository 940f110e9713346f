import { z } from 'zod';
import type { ShopperChatReply } from './chat-monitor.js';
import type { SupportMessage, SupportPriority, SupportStatus } from './support.js';

// GET /api/events: the live stream (server-sent events) each browser keeps open. Every event names what changed;
// screens apply it or refetch. The spec's polling stays as the fallback, so a missed event only costs a poll.

export type LiveEvents = {
  /** Sent once the stream is authorised and subscribed: a (re)connected client refetches what it shows. */
  ready: { at: string };
  /** A message in a support conversation (to its customer and to staff). */
  'support.message': { conversationId: number; message: SupportMessage };
  /** A conversation's status or priority changed, or a new one was opened (to its customer and to staff). */
  'support.conversation': { conversationId: number; status: SupportStatus; priority: SupportPriority };
  /** An admin answered in an assistant chat (to the shopper of that session). */
  'chat.reply': { sessionId: string; reply: ShopperChatReply };
  /** A chat session changed: a new exchange, an admin action (to staff: the live monitor). */
  'chat.session': { sessionId: string };
  /** An order moved to another status (to its customer). */
  /** A booked parcel moved (decision 0150): out for delivery, a failed attempt, rescheduled… (the sub-order's status may not move). */
  'order.parcel': { orderId: number; orderNumber: string; state: string; reason: string | null };
  'order.status': { orderId: number; orderNumber: string; status: string; tracking?: { number: string; carrier: string } };
  /** A return was asked for, decided or received (to its shopper, its seller and staff; decision 0094). */
  'return.status': { returnId: number; orderId: number; orderNumber: string; status: string; refundCents: number | null; currency: string };
  /** An order holding the vendor's products was placed or changed status (to that vendor: its Orders tab refetches). */
  'vendor.order': { orderId: number; orderNumber: string };
  /** One of the shopper's price alerts fired (once): the in-app notice beside the push (decision 0101). */
  'price.alert': { alertId: number; productId: number; productName: string; priceCents: number; belowCents: number; currency: string };
};
export type LiveEventType = keyof LiveEvents;
export type LiveEvent = { [K in LiveEventType]: { type: K; data: LiveEvents[K] } }[LiveEventType];

/** GET /api/events?chat={sessionId}: an anonymous shopper listens to their own assistant chat by its id. */
export const eventsQuerySchema = z.object({ chat: z.string().uuid().optional() });
