import { ApiError, errorMessageFrom } from './api-client';
import { forget } from './session';
import { tokens } from './storage';

/**
 * Downloads a file answer (a CSV export) with the area's session token and saves it under the server's file name.
 * Answers the server's `X-Export-Lines` count (0 when it sends none). A 401 forgets the session.
 */
export async function downloadFile(path: string, auth: 'vendor' | 'admin', fallbackName: string): Promise<number> {
  const token = tokens[auth]();
  const res = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    if (res.status === 401) forget(auth);
    const failure = errorMessageFrom(res.status, await res.text());
    throw new ApiError(failure.message, res.status, failure.body);
  }
  const blob = await res.blob();
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return Number(res.headers.get('x-export-lines') ?? 0);
}
