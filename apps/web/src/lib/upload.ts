import { currentMsg } from './use-msg';
import { ApiError, errorMessageFrom } from './api-client';
import { tokens } from './storage';

/**
 * Sends a multipart form with upload progress (fetch cannot report it), answering like api(): the parsed JSON, or an
 * ApiError with the spec's message rules. `onProgress` gets 0–1 while the body goes up.
 */
export function sendForm<T>(path: string, form: FormData, opts: { method?: string; auth: 'vendor' | 'admin' | 'customer'; onProgress?: (fraction: number) => void }): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(opts.method ?? 'POST', path);
    xhr.setRequestHeader('accept', 'application/json');
    const token = tokens[opts.auth]();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    if (opts.onProgress) {
      const report = opts.onProgress;
      xhr.upload.onprogress = (e) => e.lengthComputable && report(e.loaded / e.total);
    }
    xhr.onerror = () => reject(new ApiError(currentMsg().requestFailed, 0));
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        const { message, body } = errorMessageFrom(xhr.status, xhr.responseText);
        reject(new ApiError(message, xhr.status, body));
        return;
      }
      try {
        resolve(JSON.parse(xhr.responseText) as T);
      } catch {
        reject(new ApiError(currentMsg().unexpectedResponse, xhr.status));
      }
    };
    xhr.send(form);
  });
}
