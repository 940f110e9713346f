import type { EventType } from '@souq/shared/constants';
import { CHAT_TRACKING_SOURCE } from '@souq/shared/constants';
import type { Principal } from '../../platform/auth.js';

/**
 * What a client may add to the interaction history (decision 0010):
 * - purchases come only from placed orders (the orders module's `order.placed` event). A purchase posted by a
 *   browser or an API client would count the same order line twice, so it is not stored; only the admin's
 *   personalize test console may post one (synthetic events for test users).
 * - a chat_interaction keeps its shape (admin spec §3: message type, message length, source), never the text.
 */
export function isStoredFromClient(eventType: EventType, principal: Principal | null): boolean {
  return eventType !== 'purchase' || principal?.kind === 'admin';
}

const CHAT_TYPE_MAX = 40;

/** The properties stored for an event: a chat_interaction is reduced to type, length and source. */
export function storedProperties(eventType: EventType, properties: Record<string, unknown>): Record<string, unknown> {
  if (eventType !== 'chat_interaction') return properties;
  const { messageType, messageLength } = properties;
  return {
    ...(typeof messageType === 'string' && messageType.length <= CHAT_TYPE_MAX ? { messageType } : {}),
    ...(typeof messageLength === 'number' && Number.isInteger(messageLength) && messageLength >= 0 ? { messageLength } : {}),
    source: CHAT_TRACKING_SOURCE,
  };
}
