import { describe, expect, it } from 'vitest';
import { EVENT_QUEUE_CAP, LOCAL_EVENT_STORE_CAP, STORAGE_KEYS } from '@souq/shared/constants';
import { Tracker, resolveUserId, type StorageLike, type TrackedEvent } from './tracker';

class MemoryStorage implements StorageLike {
  readonly map = new Map<string, string>();
  getItem(key: string) {
    return this.map.has(key) ? this.map.get(key)! : null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
}

type Sent = { url: string; events: TrackedEvent[]; auth: string | null };

/** A fetch that records what arrives and answers with the status of `mode` (or throws for 'offline'). */
function fakeServer() {
  const sent: Sent[] = [];
  const state = { mode: 'ok' as 'ok' | 'offline' | 500 | 400 };
  const fetch = async (url: string, init?: RequestInit) => {
    if (state.mode === 'offline') throw new TypeError('Failed to fetch');
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const body = JSON.parse(String(init?.body)) as { events: TrackedEvent[] };
    if (state.mode !== 'ok') return new Response('{"error":"nope"}', { status: state.mode });
    sent.push({ url, events: body.events, auth: headers.authorization ?? null });
    return new Response(null, { status: 204 });
  };
  return { sent, state, fetch, received: () => sent.flatMap((s) => s.events) };
}

function setup(opts: { storage?: MemoryStorage; now?: () => number } = {}) {
  const storage = opts.storage ?? new MemoryStorage();
  const server = fakeServer();
  const tracker = new Tracker({ storage, fetch: server.fetch, onlineTarget: null, now: opts.now });
  return { storage, server, tracker };
}

describe('tracker', () => {
  it('ignores events until a session exists, and again after it ended', async () => {
    const { tracker, server } = setup();
    expect(tracker.track('view', 1)).toEqual({ ok: false, reason: 'not_initialised' });
    tracker.init({ userId: 'u1' });
    expect(tracker.track('view', 1).ok).toBe(true);
    await tracker.end();
    expect(tracker.track('view', 2)).toEqual({ ok: false, reason: 'no_session' });
    expect(server.received().map((e) => e.eventType)).toEqual(['session_start', 'view', 'session_end']);
  });

  it('starts a session with a generated id and ends it with the duration', async () => {
    let clock = 1_000_000;
    const { tracker, server } = setup({ now: () => clock });
    const { sessionId } = tracker.init({ userId: 42 });
    expect(sessionId).toMatch(/^[0-9a-f-]{16,}$/);
    clock += 5_000;
    await tracker.end();
    const [start, end] = server.received();
    expect(start).toMatchObject({ eventType: 'session_start', userId: '42', sessionId });
    expect(end).toMatchObject({ eventType: 'session_end', userId: '42', sessionId, properties: { duration: 5_000 } });
  });

  it('keeps only the last 100 events in memory and counts every one', async () => {
    const { tracker } = setup();
    tracker.init({ userId: 'u1' });
    for (let i = 0; i < 150; i++) tracker.track('click', i);
    const queue = tracker.getQueue();
    expect(queue).toHaveLength(EVENT_QUEUE_CAP);
    expect(queue[0]!.itemId).toBe('50');
    expect(queue.at(-1)!.itemId).toBe('149');
    const stats = tracker.getStats();
    expect(stats.totalEvents).toBe(151);
    expect(stats.eventCounts).toEqual({ session_start: 1, click: 150 });
    await tracker.flush();
  });

  it('batches a burst into one request and records searches under item id "search"', async () => {
    const { tracker, server } = setup();
    tracker.init({ userId: 'u1' });
    tracker.trackSearch('red shoes', { resultCount: 3 });
    tracker.track('add_to_cart', 7, { quantity: 2 });
    await tracker.flush();
    expect(server.sent).toHaveLength(1);
    expect(server.sent[0]!.url).toBe('/api/personalize/events');
    expect(server.sent[0]!.events[1]).toMatchObject({ itemId: 'search', eventType: 'search', properties: { query: 'red shoes', resultCount: 3 } });
  });

  it('stores failed sends and re-sends them after the next successful send', async () => {
    const { tracker, server, storage } = setup();
    server.state.mode = 'offline';
    tracker.init({ userId: 'u1' });
    tracker.track('view', 1);
    await tracker.flush();
    expect(server.sent).toHaveLength(0);
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.personalizeEvents)!)).toHaveLength(2);

    server.state.mode = 500; // server errors are kept too
    tracker.track('view', 2);
    await tracker.flush();
    expect(tracker.getStoredEvents().map((e) => e.itemId)).toEqual(['session', '1', '2']);

    server.state.mode = 'ok';
    tracker.track('view', 3);
    await tracker.flush();
    expect(server.received().map((e) => e.itemId)).toEqual(['3', 'session', '1', '2']);
    expect(storage.getItem(STORAGE_KEYS.personalizeEvents)).toBeNull();
  });

  it('re-sends stored events of an earlier visit when a new tracker starts', async () => {
    const storage = new MemoryStorage();
    const first = setup({ storage });
    first.server.state.mode = 'offline';
    first.tracker.init({ userId: 'u1' });
    first.tracker.track('purchase', 9);
    await first.tracker.flush();

    const second = setup({ storage });
    second.tracker.init({ userId: 'u1' });
    await second.tracker.flush();
    expect(second.server.received().map((e) => e.eventType)).toEqual(['session_start', 'session_start', 'purchase']);
    expect(second.tracker.getStoredEvents()).toEqual([]);
  });

  it('caps the local store at 1000 events, dropping the oldest', async () => {
    const { tracker, server } = setup();
    server.state.mode = 'offline';
    tracker.init({ userId: 'u1' });
    for (let i = 0; i < 1100; i++) tracker.track('view', i);
    await tracker.flush();
    const stored = tracker.getStoredEvents();
    expect(stored).toHaveLength(LOCAL_EVENT_STORE_CAP);
    // session_start and items 0..99 were the 101 oldest
    expect(stored[0]!.itemId).toBe('100');
    expect(stored.at(-1)!.itemId).toBe('1099');
  });

  it('drops events the server rejects as invalid instead of retrying them forever', async () => {
    const { tracker, server } = setup();
    server.state.mode = 400;
    tracker.init({ userId: 'u1' });
    await tracker.flush();
    expect(tracker.getStoredEvents()).toEqual([]);
  });

  it('sends the customer token when signed in and uses the stored user id', async () => {
    const storage = new MemoryStorage();
    storage.setItem(STORAGE_KEYS.user, JSON.stringify({ id: 12 }));
    storage.setItem(STORAGE_KEYS.authToken, 'tok');
    const { tracker, server } = setup({ storage });
    expect(tracker.init().userId).toBe('12');
    await tracker.flush();
    expect(server.sent[0]!.auth).toBe('Bearer tok');
  });

  it('gives anonymous visitors a persisted anonymous id', () => {
    const storage = new MemoryStorage();
    const id = resolveUserId(storage);
    expect(id).toMatch(/^anon-[0-9a-f]{16}$/);
    expect(resolveUserId(storage)).toBe(id);
  });

  it('starts a new session when another user signs in', async () => {
    const { tracker, server } = setup();
    const a = tracker.init({ userId: 'anon-1' });
    expect(tracker.init({ userId: 'anon-1' }).sessionId).toBe(a.sessionId);
    const b = tracker.init({ userId: '5' });
    expect(b.sessionId).not.toBe(a.sessionId);
    await tracker.flush();
    expect(server.received().map((e) => `${e.userId}:${e.eventType}`)).toEqual([
      'anon-1:session_start',
      'anon-1:session_end',
      '5:session_start',
    ]);
  });

  it('re-sends stored events when the browser comes back online and ends the session when the page is hidden', async () => {
    const storage = new MemoryStorage();
    const server = fakeServer();
    const target = new EventTarget();
    const tracker = new Tracker({ storage, fetch: server.fetch, onlineTarget: target });
    server.state.mode = 'offline';
    tracker.init({ userId: 'u1' });
    await tracker.flush();
    expect(tracker.getStoredEvents()).toHaveLength(1);

    server.state.mode = 'ok';
    target.dispatchEvent(new Event('online'));
    await tracker.resendStored();
    expect(server.received().map((e) => e.eventType)).toEqual(['session_start']);
    expect(tracker.getStoredEvents()).toEqual([]);

    target.dispatchEvent(new Event('pagehide'));
    await tracker.flush();
    expect(server.received().map((e) => e.eventType)).toEqual(['session_start', 'session_end']);
    expect(tracker.isActive).toBe(false);
  });
});
