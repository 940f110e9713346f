import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

/** Deeper JSON than this is refused: no real request nests further, and deep nesting is a cheap attack. */
export const MAX_INPUT_DEPTH = 32;
export const INVALID_CHARACTERS = 'The request contains characters that are not allowed';
export const TOO_DEEP = 'The request body is nested too deeply';

/**
 * PostgreSQL text cannot hold NUL, so a NUL byte anywhere in a request would surface as a database error (a 500).
 * Refuses NUL bytes and lone UTF-16 surrogates in the path, query and body, and over-deep bodies, before any
 * route sees them. Walks iteratively, so a hostile body cannot exhaust the stack.
 */
export function registerInputHygiene(app: FastifyInstance) {
  app.addHook('onRequest', async (req) => {
    if (/%00|\0/i.test(req.url)) throw badRequest(INVALID_CHARACTERS);
  });
  app.addHook('preValidation', async (req) => {
    for (const part of [req.params, req.query, req.body]) checkValue(part);
  });
}

const BAD_TEXT = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function checkValue(root: unknown) {
  const stack: [unknown, number][] = [[root, 0]];
  while (stack.length) {
    const [value, depth] = stack.pop()!;
    if (typeof value === 'string') {
      if (BAD_TEXT.test(value)) throw badRequest(INVALID_CHARACTERS);
    } else if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
      if (depth >= MAX_INPUT_DEPTH) throw badRequest(TOO_DEEP);
      for (const [k, v] of Object.entries(value)) {
        if (BAD_TEXT.test(k)) throw badRequest(INVALID_CHARACTERS);
        stack.push([v, depth + 1]);
      }
    }
  }
}
