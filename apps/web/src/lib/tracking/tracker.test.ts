import { describe, expect, it } from 'vitest';
import { EVENT_QUEUE_CAP, LOCAL_EVENT_STORE_CAP, STORAGE_KEYS, TRACKING_SESSION_IDLE_MS } from '@souq/shared/constants';
import { OPEN_SESSIONS_KEY, TAB_SESSION_KEY, Tracker, resolveUserId, type StorageLike, type TrackedEvent, type TrackerDeps } from './tracker';

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
    tracker.trackSearch('red shoes', 3, { source: 'storefront' });
    tracker.track('add_to_cart', 7, { quantity: 2 });
    await tracker.flush();
    expect(server.sent).toHaveLength(1);
    expect(server.sent[0]!.url).toBe('/api/personalize/events');
    expect(server.sent[0]!.events[1]).toMatchObject({ itemId: 'search', eventType: 'search', properties: { query: 'red shoes', resultCount: 3, source: 'storefront' } });
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

  it('re-sends stored events when the browser comes back online; leaving the page sends what is pending but keeps the session', async () => {
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

    tracker.track('view', 1);
    target.dispatchEvent(new Event('pagehide'));
    await tracker.flush();
    expect(server.received().map((e) => e.eventType)).toEqual(['session_start', 'view']);
    expect(tracker.isActive).toBe(true);
  });
});

/** A tab: its own sessionStorage and page (tracker), the browser's localStorage, one clock and one server. */
function browser() {
  const local = new MemoryStorage();
  const server = fakeServer();
  const clock = { now: 1_700_000_000_000 };
  const timers: { run: () => void; at: number; id: number }[] = [];
  let nextId = 0;
  const deps = (tab: MemoryStorage): TrackerDeps => ({
    storage: local,
    tabStorage: tab,
    fetch: server.fetch,
    onlineTarget: null,
    now: () => clock.now,
    setTimer: (run, ms) => {
      const timer = { run, at: clock.now + ms, id: ++nextId };
      timers.push(timer);
      return timer.id;
    },
    clearTimer: (id) => {
      const i = timers.findIndex((t) => t.id === id);
      if (i >= 0) timers.splice(i, 1);
    },
  });
  /** Moves the clock on and runs the timers that came due. */
  const advance = (ms: number) => {
    clock.now += ms;
    for (const t of timers.filter((x) => x.at <= clock.now)) {
      timers.splice(timers.indexOf(t), 1);
      t.run();
    }
  };
  const types = () => server.received().map((e) => e.eventType);
  return { local, server, clock, deps, advance, types };
}

describe('tracker sessions: one per visit', () => {
  const MINUTE = 60_000;

  it('a reload (a new page in the same tab) continues the session: no second session_start', async () => {
    const b = browser();
    const tab = new MemoryStorage();
    const first = new Tracker(b.deps(tab));
    const { sessionId } = first.init({ userId: 'anon-a' });
    first.track('view', 1);
    await first.flush();

    b.advance(5 * MINUTE);
    const reloaded = new Tracker(b.deps(tab));
    expect(reloaded.init({ userId: 'anon-a' }).sessionId).toBe(sessionId);
    reloaded.track('add_to_cart', 1);
    await reloaded.flush();
    expect(b.types()).toEqual(['session_start', 'view', 'add_to_cart']);
    expect(new Set(b.server.received().map((e) => e.sessionId))).toEqual(new Set([sessionId]));
    expect(reloaded.getStats()).toMatchObject({ totalEvents: 3, eventCounts: { session_start: 1, view: 1, add_to_cart: 1 } });
  });

  it('ends the session after 30 idle minutes with session_end (duration up to the last activity), then starts a new one', async () => {
    const b = browser();
    const tracker = new Tracker(b.deps(new MemoryStorage()));
    const { sessionId } = tracker.init({ userId: 'anon-a' });
    b.advance(10 * MINUTE);
    tracker.track('view', 1);
    b.advance(TRACKING_SESSION_IDLE_MS - 1);
    await tracker.flush();
    expect(b.types()).toEqual(['session_start', 'view']);

    b.advance(1); // the idle timer fires in the open tab
    await tracker.flush();
    const end = b.server.received().at(-1)!;
    expect(end).toMatchObject({ eventType: 'session_end', sessionId, properties: { duration: 10 * MINUTE } });
    expect(tracker.isActive).toBe(false);

    const next = tracker.init({ userId: 'anon-a' });
    expect(next.sessionId).not.toBe(sessionId);
    await tracker.flush();
    expect(b.types()).toEqual(['session_start', 'view', 'session_end', 'session_start']);
  });

  it('a reload after a long pause ends the old visit first (its timer never ran) and starts a new one', async () => {
    const b = browser();
    const tab = new MemoryStorage();
    const first = new Tracker({ ...b.deps(tab), setTimer: null });
    const { sessionId } = first.init({ userId: 'anon-a' });
    await first.flush();
    b.clock.now += 2 * TRACKING_SESSION_IDLE_MS;

    const later = new Tracker({ ...b.deps(tab), setTimer: null });
    const next = later.init({ userId: 'anon-a' });
    await later.flush();
    expect(next.sessionId).not.toBe(sessionId);
    expect(b.server.received().map((e) => `${e.eventType}:${e.sessionId === sessionId ? 'old' : 'new'}`)).toEqual([
      'session_start:old',
      'session_end:old',
      'session_start:new',
    ]);
  });

  it('an event after a long pause without a timer rolls over to a new session', async () => {
    const b = browser();
    const tracker = new Tracker({ ...b.deps(new MemoryStorage()), setTimer: null });
    const { sessionId } = tracker.init({ userId: 'anon-a' });
    b.clock.now += TRACKING_SESSION_IDLE_MS + MINUTE;
    const view = tracker.track('view', 3);
    await tracker.flush();
    expect(b.types()).toEqual(['session_start', 'session_end', 'session_start', 'view']);
    expect(view.ok && view.event.sessionId).not.toBe(sessionId);
  });

  it('a closed tab gets its session_end from the next tab once it ran out, and only once', async () => {
    const b = browser();
    const closed = new Tracker({ ...b.deps(new MemoryStorage()), setTimer: null });
    const { sessionId } = closed.init({ userId: 'anon-a' });
    await closed.flush();

    // a second tab while the first visit is still alive leaves it alone
    b.clock.now += 5 * MINUTE;
    const second = new Tracker({ ...b.deps(new MemoryStorage()), setTimer: null });
    second.init({ userId: 'anon-a' });
    await second.flush();
    expect(b.types()).toEqual(['session_start', 'session_start']);

    b.clock.now += TRACKING_SESSION_IDLE_MS + MINUTE;
    const third = new Tracker({ ...b.deps(new MemoryStorage()), setTimer: null });
    third.init({ userId: 'anon-a' });
    await third.flush();
    const ends = b.server.received().filter((e) => e.eventType === 'session_end');
    expect(ends.map((e) => e.sessionId)).toContain(sessionId);
    expect(ends).toHaveLength(2); // the first tab's and the second tab's visits both ran out

    const fourth = new Tracker({ ...b.deps(new MemoryStorage()), setTimer: null });
    fourth.init({ userId: 'anon-a' });
    await fourth.flush();
    expect(b.server.received().filter((e) => e.eventType === 'session_end')).toHaveLength(2);
    expect(JSON.parse(b.local.getItem(OPEN_SESSIONS_KEY)!)).toHaveLength(2); // the third and fourth tabs' visits
  });

  it('keeps the tab session in sessionStorage and forgets it when the session ends', async () => {
    const b = browser();
    const tab = new MemoryStorage();
    const tracker = new Tracker(b.deps(tab));
    const { sessionId } = tracker.init({ userId: 'anon-a' });
    expect(JSON.parse(tab.getItem(TAB_SESSION_KEY)!)).toMatchObject({ id: sessionId, userId: 'anon-a' });
    await tracker.end();
    expect(tab.getItem(TAB_SESSION_KEY)).toBeNull();
    expect(b.local.getItem(OPEN_SESSIONS_KEY)).toBeNull();
  });

  it("sends a signed-out account's session_end apart from the visitor's new events", async () => {
    const b = browser();
    const refusing = async (url: string, init?: RequestInit) => {
      const events = (JSON.parse(String(init?.body)) as { events: TrackedEvent[] }).events;
      // the account's token is gone: its events are refused, as the server does
      if (events.some((e) => e.userId === '5')) return new Response('{"error":"Authentication required"}', { status: 401 });
      return b.server.fetch(url, init);
    };
    const tracker = new Tracker({ ...b.deps(new MemoryStorage()), fetch: refusing });
    tracker.init({ userId: '5' });
    tracker.init({ userId: 'anon-a' });
    await tracker.flush();
    expect(b.server.received().map((e) => `${e.userId}:${e.eventType}`)).toEqual(['anon-a:session_start']);
  });
});
