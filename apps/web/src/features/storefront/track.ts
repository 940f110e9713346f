import type { EventType } from '@souq/shared/constants';

type TrackerModule = typeof import('@/features/tracking/tracker');

// The tracker loads after first paint: tracking must never cost the storefront's first load or break a click.
let loading: Promise<TrackerModule['tracker'] | null> | null = null;
function loadTracker() {
  loading ??= import('@/features/tracking/tracker').then((m) => m.tracker).catch(() => null);
  return loading;
}

/** Records a usage event (view, click, add_to_cart, purchase, search, chat_interaction); starts the session on first use. */
export function track(eventType: EventType, itemId: string | number, properties: Record<string, unknown> = {}): void {
  void loadTracker().then((tracker) => {
    if (!tracker) return;
    tracker.init(); // same user: keeps the running session; another user: ends the old one first
    tracker.track(eventType, itemId, properties);
  });
}

/** The tracking session id, so one visit's chat exchanges form one stored chat session. */
export async function trackingSessionId(): Promise<string | undefined> {
  const tracker = await loadTracker();
  if (!tracker) return undefined;
  return tracker.init().sessionId;
}
