import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

type Transform = typeof jsonSchemaTransform;
type JsonObject = Record<string, unknown>;

const ERROR_BODY = {
  type: 'object',
  required: ['error'],
  properties: {
    error: { type: 'string', description: "The user-facing message, in the spec's words" },
    detail: { type: 'string' },
    fields: { type: 'object', additionalProperties: { type: 'string' }, description: 'Field name → message' },
  },
};
const ERROR_TEXT: Record<string, string> = {
  400: 'Invalid request (validation, malformed URL or body)',
  401: 'Not signed in, or the session expired',
  403: 'Signed in, but not allowed',
  500: 'Unexpected failure (no detail leaves the server)',
};

/** 'GET /api/admin/chats/:id/status' → 'getAdminChatsByIdStatus': stable, unique per method and path. */
export function operationIdFor(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .flatMap((part) => (part.startsWith(':') ? ['by', part.slice(1)] : part.split(/[^a-zA-Z0-9]+/)))
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

/**
 * Wraps the zod transform so every documented route carries what a client needs (the guide's contract rule): an
 * operationId, its security (bearer for guarded routes, none for public ones, derived from the real guard so the
 * document cannot drift from the enforcement) and its error responses in the one error shape.
 */
export function openApiTransform(isGuarded: (route: RouteOptions) => boolean): Transform {
  return (input) => {
    const out = jsonSchemaTransform(input);
    const schema = { ...(out.schema as FastifySchema & JsonObject) };
    const method = [input.route.method].flat()[0] ?? 'GET';
    const guarded = isGuarded(input.route);
    schema.operationId ??= operationIdFor(method, input.url);
    schema.security ??= guarded ? [{ bearer: [] }] : [];
    const responses = { ...((schema.response as JsonObject | undefined) ?? {}) };
    const codes = ['400', ...(guarded ? ['401', '403'] : []), '500'];
    for (const code of codes) {
      responses[code] ??= { description: ERROR_TEXT[code], ...ERROR_BODY };
    }
    // routes that stream a file or an empty body declare no 2XX schema: document the success all the same
    if (!Object.keys(responses).some((c) => c.startsWith('2'))) responses['200'] = { description: 'Success (see the summary)' };
    schema.response = responses;
    return { ...out, schema };
  };
}

/**
 * OpenAPI 3.0 wants `type` beside `nullable`; zod's nullable unions come out as `anyOf` + `nullable`. Moves the
 * flag into each branch. Walks the whole document once, when it is rendered.
 */
export function fixNullableUnions(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach(fixNullableUnions);
  const obj = node as JsonObject;
  if (obj.nullable === true && obj.type === undefined && Array.isArray(obj.anyOf)) {
    delete obj.nullable;
    obj.anyOf = (obj.anyOf as JsonObject[]).map((branch) => ({ ...branch, nullable: true }));
  }
  for (const value of Object.values(obj)) fixNullableUnions(value);
}
