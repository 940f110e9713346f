import {
  EVENT_QUEUE_CAP,
  EVENT_TYPES,
  LOCAL_EVENT_STORE_CAP,
  STORAGE_KEYS,
  type EventType,
} from '@souq/shared/constants';

/**
 * Usage tracking client (customer spec §3 "Usage tracking", admin spec §4 "Tracking session" and
 * "Recommendation service"): a per-user session with a client-generated id, an in-memory queue of the last
 * EVENT_QUEUE_CAP events, sends to POST /api/personalize/events, and a localStorage store of failed sends
 * (capped at LOCAL_EVENT_STORE_CAP, oldest dropped first) that is re-sent later.
 *
 * Relative imports only: this file is unit-tested under Vitest's node environment with injected
 * storage and fetch, so it must not depend on the DOM or on the web app's path alias.
 */

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export type TrackedEvent = {
  userId: string;
  itemId: string;
  eventType: EventType;
  sessionId: string;
  properties: Record<string, unknown>;
  timestamp: string;
};

export type TrackResult =
  | { ok: true; event: TrackedEvent }
  | { ok: false; reason: 'not_initialised' | 'no_session' };

export type SessionStats = {
  sessionId: string | null;
  userId: string | null;
  startTime: number | null;
  totalEvents: number;
  eventCounts: Partial<Record<EventType, number>>;
  /** Milliseconds since the session started (0 without a session). */
  duration: number;
};

export type TrackerDeps = {
  storage?: StorageLike | null;
  fetch?: FetchLike;
  now?: () => number;
  endpoint?: string;
  /** Bearer token to send, when the visitor is signed in (numeric user ids are guarded by the server). */
  getToken?: () => string | null;
  /** Where to listen for 'online' (re-send stored events) and 'pagehide' (end the session): the window. */
  onlineTarget?: Pick<EventTarget, 'addEventListener'> | null;
};

export const PERSONALIZE_EVENTS_ENDPOINT = '/api/personalize/events';
/** The server accepts at most this many events per request. */
const SEND_BATCH_MAX = 100;

function defaultStorage(): StorageLike | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // access denied (privacy mode): tracking still works in memory
  }
}

export function randomId(): string {
  const c = (globalThis as { crypto?: Crypto }).crypto;
  // randomUUID exists only in secure contexts; plain http on a LAN address falls back to getRandomValues
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function readJson<T>(storage: StorageLike | null, key: string): T | null {
  if (!storage) return null;
  try {
    const raw = storage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

function idOf(value: unknown): string | null {
  if (value && typeof value === 'object' && 'id' in value) {
    const id = (value as { id: unknown }).id;
    if ((typeof id === 'string' && id.trim() !== '') || typeof id === 'number') return String(id);
  }
  return null;
}

/**
 * The id recommendations and events are keyed by: the signed-in user's id (STORAGE_KEYS.user, else the
 * stored auth user), otherwise a persisted anonymous id so that visitors get personalisation too.
 */
export function resolveUserId(storage: StorageLike | null = defaultStorage()): string {
  const signedIn = idOf(readJson(storage, STORAGE_KEYS.user)) ?? idOf(readJson(storage, STORAGE_KEYS.authUser));
  if (signedIn) return signedIn;
  return anonymousId(storage);
}

export function anonymousId(storage: StorageLike | null = defaultStorage()): string {
  const existing = storage?.getItem(STORAGE_KEYS.anonymousId);
  if (existing && existing.startsWith('anon-')) return existing;
  const id = `anon-${randomId().replace(/-/g, '').slice(0, 16)}`;
  try {
    storage?.setItem(STORAGE_KEYS.anonymousId, id);
  } catch {
    /* storage full: the id lives for this visit only */
  }
  return id;
}

function isTrackedEvent(value: unknown): value is TrackedEvent {
  if (!value || typeof value !== 'object') return false;
  const e = value as Record<string, unknown>;
  return (
    typeof e.userId === 'string' &&
    typeof e.itemId === 'string' &&
    typeof e.eventType === 'string' &&
    (EVENT_TYPES as readonly string[]).includes(e.eventType)
  );
}

export class Tracker {
  private readonly storage: StorageLike | null;
  private readonly fetchImpl: FetchLike;
  private readonly now: () => number;
  private readonly endpoint: string;
  private readonly getToken: () => string | null;
  private readonly onlineTarget: Pick<EventTarget, 'addEventListener'> | null;

  private initialised = false;
  private session: { id: string; userId: string; startTime: number } | null = null;
  private queue: TrackedEvent[] = [];
  private outbox: TrackedEvent[] = [];
  private counts: Partial<Record<EventType, number>> = {};
  private total = 0;
  /** Serialises sends so stored events are never re-sent twice by overlapping flushes. */
  private chain: Promise<void> = Promise.resolve();
  private flushScheduled = false;
  private listening = false;

  constructor(deps: TrackerDeps = {}) {
    this.storage = deps.storage === undefined ? defaultStorage() : deps.storage;
    this.fetchImpl = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.now = deps.now ?? Date.now;
    this.endpoint = deps.endpoint ?? PERSONALIZE_EVENTS_ENDPOINT;
    this.getToken =
      deps.getToken ??
      (() => {
        try {
          return this.storage?.getItem(STORAGE_KEYS.authToken) ?? null;
        } catch {
          return null;
        }
      });
    this.onlineTarget =
      deps.onlineTarget === undefined
        ? typeof window !== 'undefined' && typeof window.addEventListener === 'function'
          ? window
          : null
        : deps.onlineTarget;
  }

  get sessionId(): string | null {
    return this.session?.id ?? null;
  }

  get userId(): string | null {
    return this.session?.userId ?? null;
  }

  get isActive(): boolean {
    return this.session !== null;
  }

  /**
   * Starts a session for the user (default: the signed-in user, else the anonymous id). Calling it again for the
   * same user keeps the running session; for another user (sign-in, sign-out) it ends the old one first.
   */
  init(options: { userId?: string | number | null } = {}): { sessionId: string; userId: string } {
    const userId =
      options.userId !== undefined && options.userId !== null && String(options.userId).trim() !== ''
        ? String(options.userId)
        : resolveUserId(this.storage);
    if (this.session && this.session.userId === userId) {
      return { sessionId: this.session.id, userId };
    }
    if (this.session) void this.end();
    this.initialised = true;
    this.session = { id: randomId(), userId, startTime: this.now() };
    this.queue = [];
    this.counts = {};
    this.total = 0;
    if (!this.listening && this.onlineTarget) {
      this.listening = true;
      this.onlineTarget.addEventListener('online', () => void this.resendStored());
      // leaving the page ends the visit's session; the next track() after a back/forward restore starts a new one
      this.onlineTarget.addEventListener('pagehide', () => void this.end());
    }
    this.track('session_start', 'session', { startTime: new Date(this.session.startTime).toISOString() });
    return { sessionId: this.session.id, userId };
  }

  /** Records an event and sends it (batched per tick). Ignored until a session exists. */
  track(eventType: EventType, itemId: string | number, properties: Record<string, unknown> = {}): TrackResult {
    if (!this.initialised) return { ok: false, reason: 'not_initialised' };
    if (!this.session) return { ok: false, reason: 'no_session' };
    const event: TrackedEvent = {
      userId: this.session.userId,
      itemId: String(itemId),
      eventType,
      sessionId: this.session.id,
      properties,
      timestamp: new Date(this.now()).toISOString(),
    };
    this.queue.push(event);
    if (this.queue.length > EVENT_QUEUE_CAP) this.queue.splice(0, this.queue.length - EVENT_QUEUE_CAP);
    this.total += 1;
    this.counts[eventType] = (this.counts[eventType] ?? 0) + 1;
    this.outbox.push(event);
    this.scheduleFlush();
    return { ok: true, event };
  }

  /** A search event: item id 'search' and the query as a property (customer spec §3). */
  trackSearch(query: string, properties: Record<string, unknown> = {}): TrackResult {
    return this.track('search', 'search', { ...properties, query });
  }

  /** Ends the session with a session_end event carrying its duration, and sends what is pending. */
  async end(): Promise<TrackResult> {
    if (!this.session) return { ok: false, reason: this.initialised ? 'no_session' : 'not_initialised' };
    const duration = this.now() - this.session.startTime;
    const result = this.track('session_end', 'session', { duration });
    this.session = null;
    await this.flush();
    return result;
  }

  getStats(): SessionStats {
    return {
      sessionId: this.session?.id ?? null,
      userId: this.session?.userId ?? null,
      startTime: this.session?.startTime ?? null,
      totalEvents: this.total,
      eventCounts: { ...this.counts },
      duration: this.session ? this.now() - this.session.startTime : 0,
    };
  }

  /** The last EVENT_QUEUE_CAP events of this session, oldest first. */
  getQueue(): TrackedEvent[] {
    return [...this.queue];
  }

  /** Events that failed to send and wait in localStorage. */
  getStoredEvents(): TrackedEvent[] {
    const stored = readJson<unknown>(this.storage, STORAGE_KEYS.personalizeEvents);
    return Array.isArray(stored) ? stored.filter(isTrackedEvent) : [];
  }

  /** Sends everything pending now; resolves when the attempt (and any re-send of stored events) is over. */
  flush(): Promise<void> {
    this.flushScheduled = false;
    const batch = this.outbox.splice(0);
    this.chain = this.chain.then(async () => {
      if (batch.length > 0) {
        const sent = await this.sendAll(batch);
        if (!sent) return;
      }
      await this.resendStoredNow();
    });
    return this.chain;
  }

  /** Re-sends the stored failed events (on init, on 'online', after a successful send). */
  resendStored(): Promise<void> {
    this.chain = this.chain.then(() => this.resendStoredNow());
    return this.chain;
  }

  private scheduleFlush() {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    // one request per burst of synchronous track() calls
    queueMicrotask(() => {
      if (this.flushScheduled) void this.flush();
    });
  }

  private async resendStoredNow(): Promise<void> {
    const stored = this.getStoredEvents();
    if (stored.length === 0) return;
    this.writeStored([]);
    await this.sendAll(stored);
  }

  /** Sends in server-sized batches; whatever fails goes to the local store. Returns false on any failure. */
  private async sendAll(events: TrackedEvent[]): Promise<boolean> {
    for (let i = 0; i < events.length; i += SEND_BATCH_MAX) {
      const chunk = events.slice(i, i + SEND_BATCH_MAX);
      if (!(await this.post(chunk))) {
        this.store(events.slice(i));
        return false;
      }
    }
    return true;
  }

  private async post(events: TrackedEvent[]): Promise<boolean> {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    const token = this.getToken();
    if (token) headers.authorization = `Bearer ${token}`;
    try {
      const body = JSON.stringify({ events });
      const res = await this.fetchImpl(this.endpoint, {
        method: 'POST',
        headers,
        body,
        // lets the final session_end leave while the page unloads; browsers cap keepalive bodies at 64 KB
        keepalive: body.length < 60_000,
      });
      // a 4xx other than 408/429 means the server refuses these events: keeping them would retry forever
      if (res.ok) return true;
      return !(res.status >= 500 || res.status === 408 || res.status === 429);
    } catch {
      return false;
    }
  }

  private store(events: TrackedEvent[]) {
    const merged = [...this.getStoredEvents(), ...events];
    this.writeStored(merged.length > LOCAL_EVENT_STORE_CAP ? merged.slice(merged.length - LOCAL_EVENT_STORE_CAP) : merged);
  }

  private writeStored(events: TrackedEvent[]) {
    if (!this.storage) return;
    try {
      if (events.length === 0) this.storage.removeItem(STORAGE_KEYS.personalizeEvents);
      else this.storage.setItem(STORAGE_KEYS.personalizeEvents, JSON.stringify(events));
    } catch {
      /* storage full: these events are lost, tracking carries on */
    }
  }
}

/** The app-wide tracker. Call `tracker.init()` once per visit (and again after sign-in/out). */
export const tracker = new Tracker();
