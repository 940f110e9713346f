// Reads GET /api/events the way the browser does (fetch + a bearer header), for API tests.
export type StreamEvent = { type: string; data: any };

export async function openEventStream(baseUrl: string, opts: { token?: string; chat?: string } = {}) {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/events${opts.chat ? `?chat=${opts.chat}` : ''}`, {
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
    signal: controller.signal,
  });
  const events: StreamEvent[] = [];
  let comments = 0;
  let ended = false;
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const w of waiters) w();
  };

  if (res.ok && res.body) {
    void (async () => {
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            if (block.startsWith(':')) comments++;
            const type = /^event: (.+)$/m.exec(block)?.[1];
            const data = /^data: (.+)$/m.exec(block)?.[1];
            if (type && data) events.push({ type, data: JSON.parse(data) });
          }
          wake();
        }
      } catch {
        // aborted by close()
      }
      ended = true;
      wake();
    })();
  }

  /** Waits until `test` holds (or fails after the timeout with what was seen). */
  function until<T>(test: () => T | undefined | false, what: string, timeoutMs = 5000): Promise<T> {
    const now = test();
    if (now) return Promise.resolve(now);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`timed out waiting for ${what}; saw ${JSON.stringify(events.map((e) => e.type))}`));
      }, timeoutMs);
      function check() {
        const v = test();
        if (!v) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(v);
      }
      waiters.add(check);
    });
  }

  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    body: res.ok ? null : await res.json().catch(() => null),
    events,
    get comments() {
      return comments;
    },
    get ended() {
      return ended;
    },
    /** The first event of this type (matching `where`), waiting for it if needed. */
    next: (type: string, where: (data: any) => boolean = () => true, timeoutMs?: number) =>
      until(() => events.find((e) => e.type === type && where(e.data)), `a ${type} event`, timeoutMs),
    until,
    close: () => controller.abort(),
  };
}
export type EventStream = Awaited<ReturnType<typeof openEventStream>>;
