import { useEffect, useRef } from 'react';
import { EVENTS_HEARTBEAT_MS, EVENTS_RECONNECT_MS } from '@souq/shared/constants';
import type { LiveEvent } from '@souq/shared/api/events';
import { tokens } from './storage';

// The live stream of GET /api/events (decision 0045). EventSource cannot send the bearer header, so the stream is
// read with fetch and parsed here. One connection per door (and assistant chat) is shared by every screen that
// listens; it reconnects with backoff, treats silence longer than two heartbeats as a dead connection, and says
// 'ready' on every (re)connect so screens refetch what they may have missed. The spec's polling stays the fallback.

export type LiveDoor = 'customer' | 'vendor' | 'admin';
type Listener = (event: LiveEvent) => void;

/** Silence after which the connection is considered dead (two missed heartbeats, plus slack). */
const SILENCE_MS = EVENTS_HEARTBEAT_MS * 2 + 5000;
/** A stream that stayed open this long resets the backoff. */
const HEALTHY_MS = 30_000;

class LiveConnection {
  private readonly listeners = new Set<Listener>();
  private controller: AbortController | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  private stopped = false;

  constructor(
    private readonly door: LiveDoor,
    private readonly chat: string | null,
    private readonly onIdle: () => void,
  ) {}

  add(l: Listener) {
    this.listeners.add(l);
    if (this.listeners.size === 1) {
      this.stopped = false;
      void this.run();
    }
  }

  remove(l: Listener) {
    this.listeners.delete(l);
    if (this.listeners.size === 0) {
      this.stopped = true;
      this.controller?.abort();
      if (this.retryTimer) clearTimeout(this.retryTimer);
      this.onIdle();
    }
  }

  private emit(event: LiveEvent) {
    for (const l of [...this.listeners]) {
      try {
        l(event);
      } catch (err) {
        console.error('live event listener failed', err);
      }
    }
  }

  private async run() {
    if (this.stopped) return;
    const token = tokens[this.door]();
    if (!token && !this.chat) return; // signed out: nothing to listen to until someone subscribes again
    const controller = new AbortController();
    this.controller = controller;
    let silence: ReturnType<typeof setTimeout> | undefined;
    const alive = () => {
      clearTimeout(silence);
      silence = setTimeout(() => controller.abort(), SILENCE_MS);
    };
    const started = Date.now();
    let retry = true;
    try {
      const res = await fetch(`/api/events${this.chat ? `?chat=${encodeURIComponent(this.chat)}` : ''}`, {
        headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        signal: controller.signal,
        cache: 'no-store',
      });
      // refused (signed out, not yours, gone): retrying would be refused again
      if (res.status >= 400 && res.status < 500) retry = false;
      if (res.ok && res.body) {
        alive();
        await readEvents(res.body, (event) => {
          alive();
          if (event) this.emit(event);
        });
      }
    } catch {
      // network failure, silence or stop: handled below
    } finally {
      clearTimeout(silence);
    }
    if (this.stopped || !retry) return;
    if (Date.now() - started > HEALTHY_MS) this.attempt = 0;
    const base = Math.min(EVENTS_RECONNECT_MS.max, EVENTS_RECONNECT_MS.first * 2 ** this.attempt++);
    this.retryTimer = setTimeout(() => void this.run(), base * (0.5 + Math.random() / 2));
  }
}

/** Parses a text/event-stream body; calls back for every event, and with null for comments (heartbeats). */
export async function readEvents(body: ReadableStream<Uint8Array>, onEvent: (event: LiveEvent | null) => void) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      let type = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) type = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      if (data.length === 0) {
        onEvent(null);
        continue;
      }
      try {
        onEvent({ type, data: JSON.parse(data.join('\n')) } as LiveEvent);
      } catch {
        onEvent(null);
      }
    }
  }
}

const connections = new Map<string, LiveConnection>();

/** Listens to the live stream of a door (or of an anonymous shopper's assistant chat) while mounted. */
export function subscribeLive(door: LiveDoor, listener: Listener, chat: string | null = null): () => void {
  const key = `${door}|${chat ?? ''}|${tokens[door]() ?? ''}`;
  let conn = connections.get(key);
  if (!conn) {
    conn = new LiveConnection(door, chat, () => connections.delete(key));
    connections.set(key, conn);
  }
  const c = conn;
  c.add(listener);
  return () => c.remove(listener);
}

/**
 * React hook over subscribeLive: `onEvent` always sees the latest props. Reconnects when the door's token
 * (sign-in) or the chat changes.
 */
export function useLiveEvents(door: LiveDoor, onEvent: Listener, opts: { enabled?: boolean; chat?: string | null; token?: string | null } = {}) {
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  const enabled = opts.enabled ?? true;
  useEffect(() => {
    if (!enabled) return;
    return subscribeLive(door, (e) => handler.current(e), opts.chat ?? null);
  }, [door, enabled, opts.chat, opts.token]);
}
