import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEV_MSG, MSG } from '@souq/shared/messages';
import { errorMessageFrom } from './api-client';

// Issue 23: 'API not reachable. Is the server running on localhost:3001?' reached vendors in production. The text and
// the port are for the development set-up only (customer spec §8's dev-server proxy).
describe('errorMessageFrom: a dev-server proxy error', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('names the local port in a development build', () => {
    vi.stubEnv('DEV', true);
    expect(errorMessageFrom(502, 'Proxy error: Could not proxy request').message).toBe(DEV_MSG.proxyError('localhost:3001'));
  });

  it('is a plain "Request failed" in a production build', () => {
    vi.stubEnv('DEV', false);
    const { message } = errorMessageFrom(502, 'Proxy error: Could not proxy request');
    expect(message).toBe(MSG.requestFailed);
    expect(message).not.toContain('3001');
  });

  it('still shows the server error with its detail, and a plain-text body as it is', () => {
    vi.stubEnv('DEV', false);
    expect(errorMessageFrom(409, JSON.stringify({ error: 'Conflict', detail: 'Already submitted' })).message).toBe('Conflict: Already submitted');
    expect(errorMessageFrom(500, 'Service down').message).toBe('Service down');
    expect(errorMessageFrom(500, '<html>').message).toBe(MSG.requestFailed);
  });
});
