import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@souq/shared/messages';
import { MSG_AR } from '@souq/shared/messages.ar';
import { messagesFor, registerArabicMessages, type Messages, type MsgKey } from '@souq/shared/messages-for';
import type { ErrorBody } from '@souq/shared/api/common';
import type { Locale } from '@souq/shared/rules/locale';
import { readerOf, withReader, type Reader } from './request-locale.js';

registerArabicMessages(MSG_AR);

/**
 * A text of MSG named by its key and arguments (decision 0105): the error body is written in the reader's language at
 * the one error serializer, from the same key. `en` is the English text (the error's message, logs, English readers).
 */
export type MsgText = { readonly key: MsgKey; readonly args: readonly unknown[]; readonly en: string };
type Sayer = {
  readonly [K in MsgKey]: Messages[K] extends (...args: infer A) => string ? (...args: A) => MsgText : Messages[K] extends string ? MsgText : never;
};
/** `say.productNotFound`, `say.outOfStock(name, 2)`: an error text that goes out in each reader's language. */
export const say: Sayer = new Proxy({} as Sayer, {
  get(_, key: string) {
    const en = (MSG as Record<string, unknown>)[key];
    if (typeof en === 'function') return (...args: unknown[]) => ({ key, args, en: (en as (...a: unknown[]) => string)(...args) });
    return { key, args: [], en };
  },
});
type Said = string | MsgText;
const english = (text: Said): string => (typeof text === 'string' ? text : text.en);

/** A failure the client should see, with the spec's words. Anything else becomes a generic 500. */
export class AppError extends Error {
  readonly detail?: string;
  readonly fields?: Record<string, string>;
  /** The texts as MSG keys, for readers in another language. */
  readonly said: { error: Said; detail?: Said; fields?: Record<string, Said> };
  constructor(
    readonly status: number,
    message: Said,
    detail?: Said,
    fields?: Record<string, Said>,
  ) {
    super(english(message));
    this.detail = detail === undefined ? undefined : english(detail);
    this.fields = fields && Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, english(v)]));
    this.said = { error: message, ...(detail !== undefined ? { detail } : {}), ...(fields ? { fields } : {}) };
  }
}

export const badRequest = (msg: Said, fields?: Record<string, Said>) => new AppError(400, msg, undefined, fields);
/** One field's rule failed: 'Validation failed', that field's message as detail (what the screen shows) and in fields. */
export const invalidField = (field: string, message: Said) => new AppError(400, MSG.validationFailed, message, { [field]: message });
export const unauthorized = (msg: Said = MSG.authRequired) => new AppError(401, msg);
export const forbidden = (msg: Said = MSG.forbidden) => new AppError(403, msg);
export const notFound = (msg: Said = MSG.notFound) => new AppError(404, msg);
export const conflict = (msg: Said, detail?: Said) => new AppError(409, msg, detail);
export const unprocessable = (msg: Said, detail?: Said) => new AppError(422, msg, detail);
export const serviceUnavailable = (msg: Said) => new AppError(503, msg);

// Every plain text of MSG, English → key: an error thrown with `MSG.x` (a string) is known by its words.
const KEY_OF_TEXT = new Map<string, MsgKey>();
for (const [key, value] of Object.entries(MSG)) if (typeof value === 'string' && !KEY_OF_TEXT.has(value)) KEY_OF_TEXT.set(value, key as MsgKey);

/** A text in `locale`: a keyed text rendered from its key, an English text of MSG by its key; anything else as it is. */
export function textIn(text: Said, locale: Locale): string {
  if (locale === 'en') return english(text);
  const texts = messagesFor(locale) as unknown as Record<string, unknown>;
  if (typeof text !== 'string') {
    const t = texts[text.key];
    return typeof t === 'function' ? String((t as (...a: unknown[]) => unknown)(...text.args)) : typeof t === 'string' ? t : text.en;
  }
  const key = KEY_OF_TEXT.get(text);
  const t = key ? texts[key] : undefined;
  return typeof t === 'string' ? t : text;
}

// zod's own messages (a schema that names none: 'Too small: expected string to have >=1 characters') in Arabic from
// zod's Arabic locale; a schema's own message (an MSG text) goes through textIn.
const ZOD_EN = z.locales.en().localeError;
const ZOD_AR = z.locales.ar().localeError;
type ZodIssue = Parameters<typeof ZOD_EN>[0];
// a reported issue no longer holds its input; the type it received stands in for it (the message names only its type)
const RECEIVED: Record<string, unknown> = { NaN: Number.NaN, undefined, null: null, string: '', number: 0, boolean: false, array: [], object: {}, bigint: 0n, date: new Date(0) };
const zodText = (map: typeof ZOD_EN, issue: ZodIssue): string | undefined => {
  try {
    const received = (issue as { received?: string }).received;
    const out = map(issue.code === 'invalid_type' && received !== undefined && received in RECEIVED ? ({ ...issue, input: RECEIVED[received] } as ZodIssue) : issue);
    return typeof out === 'string' ? out : out?.message;
  } catch {
    return undefined;
  }
};

/** An error body in the reader's language; English (the body as it is) for an English reader. */
export function localiseBody(body: ErrorBody, reader: Reader, said?: AppError['said']): ErrorBody {
  if (reader.locale === 'en') return body;
  // numbers inside keyed texts in the reader's digits
  return withReader(reader, () => {
    const src = said ?? body;
    const out: ErrorBody = { ...body, error: textIn(src.error, reader.locale) };
    if (src.detail !== undefined) out.detail = textIn(src.detail, reader.locale);
    if (src.fields) out.fields = Object.fromEntries(Object.entries(src.fields).map(([k, v]) => [k, textIn(v, reader.locale)]));
    return out;
  });
}

function fieldsFromIssues(issues: { keyword?: string; instancePath?: string; message?: string; params?: { issue?: { path?: PropertyKey[] } } }[], locale: Locale) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.params?.issue?.path?.map(String).join('.') || issue.instancePath?.replace(/^\//, '').replace(/\//g, '.') || '_';
    if (fields[path]) continue;
    const message = issue.message ?? MSG.validationFailed;
    // the type provider hands zod's issue over as its code (keyword) and the rest (params)
    const raw = issue.keyword ? ({ ...issue.params, code: issue.keyword, path: [] } as unknown as ZodIssue) : undefined;
    // zod's own English message → zod's Arabic one; a schema's own text → its MSG translation
    const zodOwn = locale === 'ar' && raw && zodText(ZOD_EN, raw) === message ? zodText(ZOD_AR, raw) : undefined;
    fields[path] = zodOwn ?? textIn(message, locale);
  }
  return fields;
}

/** One error shape for the whole API: {error, detail?, fields?}; no stack or SQL ever leaves the server. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    let status = 500;
    let body: ErrorBody = { error: MSG.internalError };
    const reader = readerOf(req);
    let said: AppError['said'] | undefined;
    if (err instanceof AppError) {
      status = err.status;
      body = { error: err.message, ...(err.detail ? { detail: err.detail } : {}), ...(err.fields ? { fields: err.fields } : {}) };
      said = err.said;
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      status = 400;
      const fields = fieldsFromIssues(err.validation as never, reader.locale);
      const first = Object.values(fields)[0];
      body = { error: MSG.validationFailed, detail: first, fields };
    } else if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'response did not match its schema');
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      status = err.statusCode;
      body = { error: status === 429 ? MSG.tooManyRequests : status === 413 ? 'Payload too large' : err.message };
      if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') body = { error: 'Unsupported content type' };
      if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
        body = { error: 'Invalid JSON body' };
      }
    }
    if (status >= 500) req.log.error({ err }, 'request failed');
    void reply.status(status).send(localiseBody(body, reader, said));
  });
  // Error bodies a route or a plugin sends itself (a 404 of no route, a 413 of a dropped upload) in the reader's
  // language too. An error handler's body arrives here already written in it, and its texts are no longer MSG's
  // English, so they pass unchanged.
  app.addHook('preSerialization', async (req: FastifyRequest, reply, payload: unknown) => {
    if (reply.statusCode < 400 || !payload || typeof payload !== 'object' || typeof (payload as ErrorBody).error !== 'string') return payload;
    return localiseBody(payload as ErrorBody, readerOf(req));
  });
}

export const routeNotFoundBody = (method: string, url: string): ErrorBody => ({
  error: MSG.routeNotFound,
  detail: `${method} ${url.split('?')[0]}`,
});
