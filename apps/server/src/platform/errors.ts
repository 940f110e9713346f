import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MSG } from '@souq/shared/messages';
import type { ErrorBody } from '@souq/shared/api/common';

/** A failure the client should see, with the spec's words. Anything else becomes a generic 500. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly detail?: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (msg: string, fields?: Record<string, string>) => new AppError(400, msg, undefined, fields);
/** One field's rule failed: 'Validation failed', that field's message as detail (what the screen shows) and in fields. */
export const invalidField = (field: string, message: string) => new AppError(400, MSG.validationFailed, message, { [field]: message });
export const unauthorized = (msg: string = MSG.authRequired) => new AppError(401, msg);
export const forbidden = (msg: string = MSG.forbidden) => new AppError(403, msg);
export const notFound = (msg: string = MSG.notFound) => new AppError(404, msg);
export const conflict = (msg: string, detail?: string) => new AppError(409, msg, detail);
export const unprocessable = (msg: string, detail?: string) => new AppError(422, msg, detail);

function fieldsFromIssues(issues: { instancePath?: string; message?: string; params?: { issue?: { path?: PropertyKey[] } } }[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.params?.issue?.path?.map(String).join('.') || issue.instancePath?.replace(/^\//, '').replace(/\//g, '.') || '_';
    if (!fields[path]) fields[path] = issue.message ?? MSG.validationFailed;
  }
  return fields;
}

/** One error shape for the whole API: {error, detail?, fields?}; no stack or SQL ever leaves the server. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    let status = 500;
    let body: ErrorBody = { error: MSG.internalError };
    if (err instanceof AppError) {
      status = err.status;
      body = { error: err.message, ...(err.detail ? { detail: err.detail } : {}), ...(err.fields ? { fields: err.fields } : {}) };
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      status = 400;
      const fields = fieldsFromIssues(err.validation as never);
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
    void reply.status(status).send(body);
  });
}

export const routeNotFoundBody = (method: string, url: string): ErrorBody => ({
  error: MSG.routeNotFound,
  detail: `${method} ${url.split('?')[0]}`,
});
