import {
  EVENT_QUEUE_CAP,
  EVENT_TYPES,
  LOCAL_EVENT_STORE_CAP,
  STORAGE_KEYS,
  TRACKING_SESSION_IDLE_MS,
  type EventType,
} from '@souq/shared/constants';

/**
 * Usage tracking client (customer spec §3 "Usage tracking", admin spec §4 "Tracking session" and
 * "Recommendation service"): a per-user session with a client-generated id, an in-memory queue of the last
 * EVENT_QUEUE_CAP events, sends to POST /api/personalize/events, and a localStorage store of failed sends
 * (capped at LOCAL_EVENT_STORE_CAP, oldest dropped first) that is re-sent later.
 *
 * A session is one visit (decision 0011): it lives in the tab (sessionStorage, so a reload or a link to /checkout
 * keeps it) until TRACKING_SESSION_IDLE_MS pass without an event, as web analytics count visits. Its session_end
 * is sent when it really ends: by a timer in the open tab, on the next event after a longer pause, when another
 * user signs in, or — for a tab that was closed — by the next tab of the same visitor, which finds the stale
 * session in a small localStorage registry of open sessions.
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
  /** Where this tab keeps its running session (sessionStorage): a reload resumes it. */
  tabStorage?: StorageLike | null;
  /** Timer for the idle end of the session; default the window's setTimeout (none outside a browser). */
  setTimer?: ((run: () => void, ms: number) => unknown) | null;
  clearTimer?: (handle: unknown) => void;
  fetch?: FetchLike;
  now?: () => number;
  endpoint?: string;
  /** Bearer token to send, when the visitor is signed in (numeric user ids are guarded by the server). */
  getToken?: () => string | null;
  /** Where to listen for 'online' (re-send stored events) and 'pagehide' (send what is pending): the window. */
  onlineTarget?: Pick<EventTarget, 'addEventListener'> | null;
};

export const PERSONALIZE_EVENTS_ENDPOINT = '/api/personalize/events';
/** The server accepts at most this many events per request. */
const SEND_BATCH_MAX = 100;
/** sessionStorage: this tab's running session. */
export const TAB_SESSION_KEY = 'personalize_session';
/** localStorage: the sessions of this browser's tabs that have not sent their session_end yet. */
export const OPEN_SESSIONS_KEY = 'personalize_open_sessions';
const OPEN_SESSIONS_MAX = 50;
/** Older sessions are forgotten without a session_end (the server would not date an event that far back). */
const OPEN_SESSION_FORGET_MS = 7 * 86_400_000;

/** A running visit: ids, first and last activity (ms), and its counters (session stats survive a reload). */
type Session = {
  id: string;
  userId: string;
  startTime: number;
  lastActivity: number;
  total: number;
  counts: Partial<Record<EventType, number>>;
};

function defaultStorage(): StorageLike | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // access denied (privacy mode): tracking still works in memory
  }
}

function defaultTabStorage(): StorageLike | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** Numeric ids are accounts: only that account's session may send their events (the server checks). */
const isAccountId = (userId: string) => /^\d+$/.test(userId);

function isSession(value: unknown): value is Session {
  if (!value || typeof value !== 'object') return false;
  const s = value as Record<string, unknown>;
  return (
    typeof s.id === 'string' &&
    typeof s.userId === 'string' &&
    typeof s.startTime === 'number' &&
    typeof s.lastActivity === 'number' &&
    typeof s.total === 'number' &&
    !!s.counts &&
    typeof s.counts === 'object'
  );
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

  private readonly tabStorage: StorageLike | null;
  private readonly setTimer: ((run: () => void, ms: number) => unknown) | null;
  private readonly clearTimer: (handle: unknown) => void;

  private initialised = false;
  private session: Session | null = null;
  private idleTimer: unknown = null;
  private queue: TrackedEvent[] = [];
  private outbox: TrackedEvent[] = [];
  /** Serialises sends so stored events are never re-sent twice by overlapping flushes. */
  private chain: Promise<void> = Promise.resolve();
  private flushScheduled = false;
  private listening = false;

  constructor(deps: TrackerDeps = {}) {
    this.storage = deps.storage === undefined ? defaultStorage() : deps.storage;
    this.tabStorage = deps.tabStorage === undefined ? defaultTabStorage() : deps.tabStorage;
    const inBrowser = typeof window !== 'undefined' && typeof window.setTimeout === 'function';
    this.setTimer = deps.setTimer === undefined ? (inBrowser ? (run, ms) => window.setTimeout(run, ms) : null) : deps.setTimer;
    this.clearTimer = deps.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
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
   * Starts or resumes the session for the user (default: the signed-in user, else the anonymous id). The same
   * user keeps the running session — also across reloads of the tab — until it has been idle for
   * TRACKING_SESSION_IDLE_MS; another user (sign-in, sign-out) ends the old one first.
   */
  init(options: { userId?: string | number | null } = {}): { sessionId: string; userId: string } {
    const userId =
      options.userId !== undefined && options.userId !== null && String(options.userId).trim() !== ''
        ? String(options.userId)
        : resolveUserId(this.storage);
    const now = this.now();
    this.initialised = true;
    this.listen();
    if (this.session && this.session.userId === userId && !this.isIdle(this.session, now)) {
      return { sessionId: this.session.id, userId };
    }
    const first = !this.session;
    if (this.session) this.finish(this.session, this.isIdle(this.session, now) ? this.session.lastActivity : now);
    else {
      const saved = this.readTabSession();
      if (saved && saved.userId === userId && !this.isIdle(saved, now)) {
        this.session = saved; // a reload or a new page of the same visit
        this.armIdleTimer();
      } else if (saved) {
        this.finish(saved, this.isIdle(saved, now) ? saved.lastActivity : now);
      }
    }
    if (first) this.endAbandoned(userId, now);
    if (!this.session) this.begin(userId, now);
    return { sessionId: this.session!.id, userId };
  }

  /** Records an event and sends it (batched per tick). Ignored until a session exists. */
  track(eventType: EventType, itemId: string | number, properties: Record<string, unknown> = {}): TrackResult {
    if (!this.initialised) return { ok: false, reason: 'not_initialised' };
    if (!this.session) return { ok: false, reason: 'no_session' };
    const now = this.now();
    if (this.isIdle(this.session, now)) {
      // the visit ended during the pause (the timer may not have run: a sleeping laptop, a throttled tab)
      const userId = this.session.userId;
      this.finish(this.session, this.session.lastActivity);
      this.begin(userId, now);
    }
    return { ok: true, event: this.record(this.session!, eventType, itemId, properties, now) };
  }

  /** A search event: item id 'search', the query and how many results it found (customer §3, admin §3). */
  trackSearch(query: string, resultCount: number, properties: Record<string, unknown> = {}): TrackResult {
    return this.track('search', 'search', { ...properties, query, resultCount });
  }

  /** Ends the session now with a session_end event carrying its duration, and sends what is pending. */
  async end(): Promise<TrackResult> {
    if (!this.session) return { ok: false, reason: this.initialised ? 'no_session' : 'not_initialised' };
    const event = this.finish(this.session, this.now());
    await this.flush();
    return event ? { ok: true, event } : { ok: false, reason: 'no_session' };
  }

  private begin(userId: string, now: number) {
    this.session = { id: randomId(), userId, startTime: now, lastActivity: now, total: 0, counts: {} };
    this.queue = [];
    this.record(this.session, 'session_start', 'session', { startTime: new Date(now).toISOString() }, now);
  }

  /**
   * Ends a session at `at` (its last activity when it ran out, else now): session_end with the duration, unless
   * another tab already ended it (it is then gone from the registry of open sessions).
   */
  private finish(session: Session, at: number): TrackedEvent | null {
    const current = session === this.session;
    if (current) {
      this.session = null;
      if (this.tabStorage) this.writeJson(this.tabStorage, TAB_SESSION_KEY, null);
      if (this.idleTimer !== null) this.clearTimer(this.idleTimer);
      this.idleTimer = null;
    }
    const stillOpen = this.claimOpenSession(session.id);
    if (!stillOpen && this.storage) return null;
    const duration = Math.max(0, at - session.startTime);
    return this.record(session, 'session_end', 'session', { duration }, at, { count: current, persist: false });
  }

  /** Sessions of closed tabs of this visitor that ran out: they get their session_end now. */
  private endAbandoned(userId: string, now: number) {
    for (const s of this.readOpenSessions()) {
      if (s.id === this.session?.id || !this.isIdle(s, now)) continue;
      if (now - s.lastActivity > OPEN_SESSION_FORGET_MS) {
        this.claimOpenSession(s.id);
        continue;
      }
      // another account's events need that account's token: they wait until it signs in here again
      if (isAccountId(s.userId) && s.userId !== userId) continue;
      this.finish(s, s.lastActivity);
    }
  }

  private isIdle(session: Session, now: number) {
    return now - session.lastActivity >= TRACKING_SESSION_IDLE_MS;
  }

  /** Builds an event for `session`, queues it for sending, and (for the running session) counts and saves. */
  private record(
    session: Session,
    eventType: EventType,
    itemId: string | number,
    properties: Record<string, unknown>,
    at: number,
    opts: { count?: boolean; persist?: boolean } = {},
  ): TrackedEvent {
    const event: TrackedEvent = {
      userId: session.userId,
      itemId: String(itemId),
      eventType,
      sessionId: session.id,
      properties,
      timestamp: new Date(at).toISOString(),
    };
    if (opts.count ?? session === this.session) {
      this.queue.push(event);
      if (this.queue.length > EVENT_QUEUE_CAP) this.queue.splice(0, this.queue.length - EVENT_QUEUE_CAP);
      session.total += 1;
      session.counts[eventType] = (session.counts[eventType] ?? 0) + 1;
    }
    if ((opts.persist ?? true) && session === this.session) {
      session.lastActivity = at;
      this.saveSession(session);
      this.armIdleTimer();
    }
    this.outbox.push(event);
    this.scheduleFlush();
    return event;
  }

  /** The tab keeps its session; the registry lets a later tab end it if this one closes. */
  private saveSession(session: Session) {
    if (this.tabStorage) this.writeJson(this.tabStorage, TAB_SESSION_KEY, session);
    if (!this.storage) return;
    const open = this.readOpenSessions().filter((s) => s.id !== session.id);
    open.push({ ...session, counts: {} });
    this.writeJson(this.storage, OPEN_SESSIONS_KEY, open.slice(-OPEN_SESSIONS_MAX));
  }

  /** Removes a session from the registry; true when it was there (whoever removes it sends its end). */
  private claimOpenSession(id: string): boolean {
    if (!this.storage) return true;
    const open = this.readOpenSessions();
    const rest = open.filter((s) => s.id !== id);
    if (rest.length === open.length) return false;
    this.writeJson(this.storage, OPEN_SESSIONS_KEY, rest.length ? rest : null);
    return true;
  }

  private armIdleTimer() {
    if (!this.setTimer) return;
    if (this.idleTimer !== null) this.clearTimer(this.idleTimer);
    this.idleTimer = this.setTimer(() => {
      this.idleTimer = null;
      const s = this.session;
      if (!s) return;
      if (this.isIdle(s, this.now())) void this.finishAndFlush(s);
      else this.armIdleTimer(); // another event came in meanwhile
    }, TRACKING_SESSION_IDLE_MS);
  }

  private finishAndFlush(session: Session) {
    this.finish(session, session.lastActivity);
    return this.flush();
  }

  private listen() {
    if (this.listening || !this.onlineTarget) return;
    this.listening = true;
    this.onlineTarget.addEventListener('online', () => void this.resendStored());
    // leaving the page does not end the visit (a reload or the next page continues it): send what is pending
    this.onlineTarget.addEventListener('pagehide', () => void this.flush());
  }

  private readTabSession(): Session | null {
    const saved = readJson<unknown>(this.tabStorage, TAB_SESSION_KEY);
    return isSession(saved) ? saved : null;
  }

  private readOpenSessions(): Session[] {
    const open = readJson<unknown>(this.storage, OPEN_SESSIONS_KEY);
    return Array.isArray(open) ? open.filter(isSession) : [];
  }

  private writeJson(storage: StorageLike, key: string, value: unknown) {
    try {
      if (value === null) storage.removeItem(key);
      else storage.setItem(key, JSON.stringify(value));
    } catch {
      /* storage full: the session lives in memory for this page */
    }
  }

  getStats(): SessionStats {
    return {
      sessionId: this.session?.id ?? null,
      userId: this.session?.userId ?? null,
      startTime: this.session?.startTime ?? null,
      totalEvents: this.session?.total ?? 0,
      eventCounts: { ...this.session?.counts },
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
    // one request per user: a signed-out account's last session_end (refused without its token) must not take
    // the anonymous visitor's first events down with it
    const byUser = new Map<string, TrackedEvent[]>();
    for (const e of events) {
      const group = byUser.get(e.userId);
      if (group) group.push(e);
      else byUser.set(e.userId, [e]);
    }
    let allSent = true;
    for (const group of byUser.values()) {
      for (let i = 0; i < group.length; i += SEND_BATCH_MAX) {
        if (!(await this.post(group.slice(i, i + SEND_BATCH_MAX)))) {
          this.store(group.slice(i));
          allSent = false;
          break;
        }
      }
    }
    return allSent;
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
