import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { UCP_VERSION, type UcpErrorResponse } from '@souq/shared/api/ucp';
import { AppError } from '../../platform/errors.js';

/**
 * The one error shape an agent sees (decision 0130): every refusal of a UCP call — a malformed request, an unknown
 * session, a reused Idempotency-Key, a profile that cannot be fetched, a bad signature, a block, a rate limit — is the
 * release's `error_response` (types/error_response.json: `ucp.status` error and at least one message with a code),
 * sent with the HTTP status the release's overview gives the code. Over MCP the same refusal is a JSON-RPC error whose
 * `data` is that very `error_response`, and the HTTP status is the same (the overview: for MCP over HTTP the status is
 * the primary signal). Business outcomes (an unknown product, an incomplete checkout) stay results, as before.
 */
export class UcpFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    content: string,
    /** the JSON-RPC error code of the MCP binding for this refusal */
    readonly rpcCode: number = rpcCodeOf(status),
    readonly headers: Record<string, string> = {},
  ) {
    super(content);
  }
}

/** The overview's table: discovery and version failures -32001, authentication and protocol refusals -32000,
 *  malformed requests and digests -32600, server faults -32603. */
function rpcCodeOf(status: number): number {
  if (status === 424 || status === 422) return -32001;
  if (status === 400) return -32600;
  if (status >= 500 && status !== 503) return -32603;
  return -32000;
}

/** types/error_response.json for one refusal. */
export const ucpError = (code: string, content: string, severity: 'recoverable' | 'requires_buyer_input' | 'requires_buyer_review' | 'unrecoverable' = 'unrecoverable'): UcpErrorResponse => ({
  ucp: { version: UCP_VERSION, status: 'error' },
  messages: [{ type: 'error', code, content, severity }],
});

/** A JSON-RPC 2.0 error response carrying the UCP error as its data. */
export function rpcError(id: string | number | null, rpcCode: number, message: string, data?: UcpErrorResponse) {
  return { jsonrpc: '2.0' as const, id, error: { code: rpcCode, message, ...(data ? { data } : {}) } };
}

/** The refusal a Fastify error (validation, AppError, a parser's 400/413/415) stands for, in the release's words. */
export function failureOf(err: FastifyError | Error): UcpFailure {
  if (err instanceof UcpFailure) return err;
  if (err instanceof AppError) {
    const code = err.status === 404 ? 'not_found' : err.status === 409 ? 'idempotency_conflict' : err.status === 400 ? 'invalid_request' : err.status === 403 ? 'forbidden' : 'error';
    const content = [err.message, err.detail].filter(Boolean).join(': ');
    return new UcpFailure(err.status, code, err.fields ? `${content} (${Object.entries(err.fields).map(([k, v]) => `${k}: ${v}`).join('; ')})` : content);
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const issues = (err.validation as { instancePath?: string; message?: string; params?: { issue?: { path?: PropertyKey[] } } }[]).map((i) => {
      const path = i.params?.issue?.path?.map(String).join('.') || i.instancePath?.replace(/^\//, '').replace(/\//g, '.') || '';
      return path ? `${path}: ${i.message ?? 'invalid'}` : (i.message ?? 'invalid');
    });
    const where = err.validationContext === 'headers' ? 'header' : err.validationContext === 'params' ? 'path' : 'body';
    return new UcpFailure(400, 'invalid_request', `Invalid request ${where}: ${issues.join('; ')}`);
  }
  const status = (err as FastifyError).statusCode;
  if (status === 415) return new UcpFailure(415, 'unsupported_media_type', 'Send application/json');
  if (status === 413) return new UcpFailure(413, 'payload_too_large', 'The request body is too large');
  if (status === 429) return new UcpFailure(429, 'rate_limited', 'Too many requests; try again in a minute');
  if (status && status >= 400 && status < 500) return new UcpFailure(status, 'invalid_request', err.message);
  return new UcpFailure(500, 'internal_error', 'The request failed on our side; try again');
}

/** Sends a refusal: the error_response over REST, a JSON-RPC error (same status) over MCP. */
export function sendFailure(req: FastifyRequest, reply: FastifyReply, failure: UcpFailure, mcp: boolean) {
  if (failure.status >= 500) req.log.error({ err: failure }, 'agent request failed');
  const body = ucpError(failure.code, failure.message);
  void reply.code(failure.status).headers(failure.headers);
  if (!mcp) return reply.send(body);
  const first = Array.isArray(req.body) ? req.body[0] : req.body;
  const id = (first as { id?: unknown } | undefined)?.id;
  return reply.send(rpcError(typeof id === 'string' || typeof id === 'number' ? id : null, failure.rpcCode, failure.message, body));
}
