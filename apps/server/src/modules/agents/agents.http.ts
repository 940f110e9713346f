import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../platform/errors.js';

/**
 * The origin the profile and product URLs are built on: the request's own (as the embeds do), checked to be a
 * plain http(s) origin so a forged Host header cannot put anything else into an answer.
 */
export function originOf(req: FastifyRequest): string {
  try {
    const url = new URL(`${req.protocol}://${req.host}`);
    if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) throw new Error('not an origin');
    return url.origin;
  } catch {
    throw badRequest('Invalid Host header');
  }
}

/** `profile="https://agent.example/.well-known/ucp"` (RFC 8941 dictionary) → the profile URL, or null. */
export function agentProfile(header: unknown): string | null {
  if (typeof header !== 'string') return null;
  const m = /(?:^|[\s,;])profile="([^"\\]{1,2000})"/.exec(header);
  if (!m) return null;
  try {
    const url = new URL(m[1]!);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Agents are counted by the profile they name; requests naming none share their client address's budget. */
export const agentKey = (profile: string | null, ip: string) => (profile ? `ucp-agent|${profile}` : `ucp-ip|${ip}`);
