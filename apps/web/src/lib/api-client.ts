import { DEV_FALLBACK_PORT } from '@souq/shared/constants';
import { DEV_MSG } from '@souq/shared/dev-messages';
import { currentMsg } from './use-msg';
import { tokens } from './storage';

/** An API failure with the text to show the user (spec §8 rules). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body?: { error?: string; detail?: string; fields?: Record<string, string> },
  ) {
    super(message);
  }
}

type Auth = 'customer' | 'vendor' | 'admin' | 'none';

export type RequestOptions = {
  method?: string;
  body?: unknown;
  /** Which stored token to send as bearer. Default: customer token if present. */
  auth?: Auth;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Retry on the local development server (port 3001) when the network fails (spec §7 catalogue calls); dev builds only. */
  devFallback?: boolean;
};

function tokenFor(auth: Auth): string | null {
  if (auth === 'none') return null;
  return tokens[auth]();
}

/**
 * Turns a failed response into the message the spec prescribes:
 * server `error` plus ': detail'; a plain-text body as it is; else 'Request failed'. 'Proxy error…' comes from the
 * development server's proxy: a dev build says the API is not reachable on the local port; in production (where a
 * vendor or shopper could not act on a port) the proxy's page is a plain 'Request failed'.
 */
export function errorMessageFrom(status: number, text: string): { message: string; body?: ApiError['body'] } {
  const trimmed = text.trim();
  if (trimmed.startsWith('Proxy error')) {
    // import.meta.env.DEV is a build-time constant: a production bundle holds neither the text nor the port
    return { message: import.meta.env.DEV ? DEV_MSG.proxyError(`localhost:${DEV_FALLBACK_PORT}`) : currentMsg().requestFailed };
  }
  try {
    const json = JSON.parse(trimmed) as ApiError['body'];
    if (json && typeof json === 'object' && typeof json.error === 'string') {
      return { message: json.detail && json.detail !== json.error ? `${json.error}: ${json.detail}` : json.error, body: json };
    }
  } catch {
    if (trimmed && !trimmed.startsWith('<')) return { message: trimmed };
  }
  return { message: status === 0 ? currentMsg().requestFailed : currentMsg().requestFailed };
}

async function doFetch(base: string, path: string, opts: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  const token = tokenFor(opts.auth ?? 'customer');
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  return fetch(base + path, { method: opts.method ?? 'GET', headers, body, signal: opts.signal });
}

/** Typed JSON request. Throws ApiError with the user-facing message. */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  let res: Response;
  try {
    res = await doFetch('', path, opts);
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    // the second try on the development server's port exists in dev builds only (it is dead code in production)
    if (!import.meta.env.DEV || !opts.devFallback) throw new ApiError(currentMsg().requestFailed, 0);
    try {
      res = await doFetch(`${location.protocol}//${location.hostname}:${DEV_FALLBACK_PORT}`, path, opts);
    } catch {
      throw new ApiError(currentMsg().requestFailed, 0);
    }
  }
  const text = await res.text();
  if (!res.ok) {
    const { message, body } = errorMessageFrom(res.status, text);
    throw new ApiError(message, res.status, body);
  }
  if (res.status === 204 || text === '') return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError(currentMsg().unexpectedResponse, res.status);
  }
}

/** Same as api() but also returns the X-Total-Count of bounded lists. */
export async function apiList<T>(path: string, opts: RequestOptions = {}): Promise<{ items: T[]; total: number }> {
  const token = tokenFor(opts.auth ?? 'customer');
  const res = await fetch(path, { headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, signal: opts.signal });
  const text = await res.text();
  if (!res.ok) throw new ApiError(errorMessageFrom(res.status, text).message, res.status);
  const items = JSON.parse(text) as T[];
  return { items, total: Number(res.headers.get('x-total-count') ?? items.length) };
}

/**
 * A file download behind a bearer token (tax document PDFs, decision 0099): fetched with the session's token and saved
 * under the server's file name. Throws ApiError with the user-facing message.
 */
export async function downloadFile(path: string, fallbackName: string, opts: RequestOptions = {}): Promise<void> {
  const res = await doFetch('', path, { ...opts, headers: { accept: '*/*', ...opts.headers } });
  if (!res.ok) {
    const { message, body } = errorMessageFrom(res.status, await res.text());
    throw new ApiError(message, res.status, body);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
