import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The local providers answer plain requests (method, URL, lower-case headers, body as text): the same handler is
 * served over a real HTTP listener (the demo, the browser's 3-D Secure page, clients pointed at host and port) or
 * called in-process through a `fetch` (tests without a port).
 */
export type LocalRequest = { method: string; url: string; headers: Record<string, string | undefined>; body: string };
export type LocalResponse = {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The work was done but the answer never reaches the client (a timeout, as the client sees it). */
  drop?: boolean;
};
export type LocalHandler = (req: LocalRequest) => LocalResponse | Promise<LocalResponse>;

const MAX_BODY = 1024 * 1024;

export async function startLocalServer(handler: LocalHandler, opts: { host?: string; port?: number } = {}) {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) req.destroy();
      else chunks.push(c);
    });
    req.on('end', () => {
      const headers: Record<string, string | undefined> = {};
      for (const [k, v] of Object.entries(req.headers)) headers[k] = Array.isArray(v) ? v.join(', ') : v;
      Promise.resolve()
        .then(() => handler({ method: req.method ?? 'GET', url: req.url ?? '/', headers, body: Buffer.concat(chunks).toString('utf8') }))
        .then((r) => {
          if (r.drop) {
            res.socket?.destroy();
            return;
          }
          res.writeHead(r.status, r.headers).end(r.body);
        })
        .catch((err: unknown) => {
          res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { type: 'api_error', message: (err as Error).message } }));
        });
    });
  });
  // Node's own default (5 s). Node 24's agent keeps a socket only while the server's `Keep-Alive: timeout` hint is
  // more than its 1 s buffer: at 1 s every call of the official client opened and closed a connection.
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = opts.host && opts.host !== '0.0.0.0' ? opts.host : '127.0.0.1';
  return {
    port,
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type LocalServer = Awaited<ReturnType<typeof startLocalServer>>;

/** A `fetch` that reaches the handler in-process (a dropped answer fails as a network error would). */
export function fetchBridge(handler: LocalHandler): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(input, init);
    const url = new URL(req.url);
    const headers: Record<string, string> = {};
    req.headers.forEach((v, k) => (headers[k] = v));
    const r = await handler({ method: req.method, url: url.pathname + url.search, headers, body: req.body ? await req.text() : '' });
    if (r.drop) throw new TypeError('fetch failed');
    return new Response(r.status === 204 ? null : r.body, { status: r.status, headers: r.headers });
  }) as typeof fetch;
}

/** Splits `a=1&b=2` bodies of the providers' HTML forms. */
export const formFields = (body: string) => Object.fromEntries(new URLSearchParams(body));
