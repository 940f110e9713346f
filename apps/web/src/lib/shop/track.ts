import { useEffect, useRef } from 'react';
import { CHAT_TRACKING_SOURCE, type EventType } from '@souq/shared/constants';

type TrackerModule = typeof import('@/lib/tracking/tracker');

// The tracker loads after first paint: tracking must never cost the storefront's first load or break a click.
let loading: Promise<TrackerModule['tracker'] | null> | null = null;
function loadTracker() {
  loading ??= import('@/lib/tracking/tracker').then((m) => m.tracker).catch(() => null);
  return loading;
}

/**
 * Records a usage event (view, click, add_to_cart, chat_interaction, …); starts the session on first use.
 * Purchases are not tracked here: the server records them from the placed order (decision 0010).
 */
export function track(eventType: Exclude<EventType, 'purchase'>, itemId: string | number, properties: Record<string, unknown> = {}): void {
  void loadTracker().then((tracker) => {
    if (!tracker) return;
    tracker.init(); // same user: keeps the running session; another user: ends the old one first
    tracker.track(eventType, itemId, properties);
  });
}

/** A search event with the query and how many results it found (admin spec §3). */
export function trackSearch(query: string, resultCount: number, properties: Record<string, unknown> = {}): void {
  void loadTracker().then((tracker) => {
    if (!tracker) return;
    tracker.init();
    tracker.trackSearch(query, resultCount, properties);
  });
}

/** What a chat message is, for chat_interaction events: never its text (admin spec §3). */
export type ChatMessageType = 'question' | 'cart_command' | 'clear_context' | 'product_drop';

/** A chat_interaction: the message's type and length, source 'ai_chat_assistant'; the words stay in the chat. */
export function trackChat(itemId: string | number, messageType: ChatMessageType, text: string): void {
  track('chat_interaction', itemId, { messageType, messageLength: text.length, source: CHAT_TRACKING_SOURCE });
}

/**
 * One search event per submitted search, once its results are known. `run` changes on every submit (a repeated
 * query too); `results` are the current query's results (undefined while loading).
 */
export function useSearchTracking(run: { query: string; seq: number } | null, results: readonly unknown[] | undefined, source: string) {
  const done = useRef(0);
  useEffect(() => {
    if (!run || !results || done.current === run.seq) return;
    done.current = run.seq;
    trackSearch(run.query, results.length, { source });
  }, [run, results, source]);
}

/** The tracking session id, so one visit's chat exchanges form one stored chat session. */
export async function trackingSessionId(): Promise<string | undefined> {
  const tracker = await loadTracker();
  if (!tracker) return undefined;
  return tracker.init().sessionId;
}
