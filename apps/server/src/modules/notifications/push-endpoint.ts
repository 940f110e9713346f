import dns from 'node:dns';
import net from 'node:net';
import type { LookupFunction } from 'node:net';
import { isPrivateAddress } from '../../platform/private-address.js';

// Where the server may send a push. A subscription's endpoint is an address the browser gave us: without a check
// anyone could make the server POST to its own network (SSRF). Real push services are public HTTPS hosts; private,
// loopback and link-local addresses are refused unless PUSH_ALLOW_PRIVATE_ENDPOINTS=true (the tests' local push
// service); so is every other special-purpose range (isPrivateAddress, in platform/: agents' profiles and webhooks
// use the same rule). The address is checked when the subscription
// is saved AND when the connection is made (a name can resolve differently later).

export class EndpointRefused extends Error {
  readonly code = 'EPUSHREFUSED';
}

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/**
 * Checks an endpoint before it is stored: https (http only with private endpoints allowed), and no private
 * address, literal or resolved. A name that does not resolve now is accepted: the send-time check still applies.
 */
export async function checkEndpoint(endpoint: string, allowPrivate: boolean): Promise<void> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new EndpointRefused('not a URL');
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) throw new EndpointRefused('not https');
  if (url.username || url.password) throw new EndpointRefused('credentials in URL');
  if (allowPrivate) return;
  const host = hostOf(url);
  if (net.isIP(host)) {
    if (isPrivateAddress(host)) throw new EndpointRefused('private address');
    return;
  }
  if (host === 'localhost' || host.endsWith('.localhost')) throw new EndpointRefused('private address');
  const addresses = await dns.promises.lookup(host, { all: true }).catch(() => []);
  if (addresses.some((a) => isPrivateAddress(a.address))) throw new EndpointRefused('private address');
}

/** A DNS lookup for outgoing push requests that never yields a private address (unless allowed). */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const usable = allowPrivate ? addresses : addresses.filter((a) => !isPrivateAddress(a.address));
      if (usable.length === 0) return callback(new EndpointRefused('private address'), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, usable);
      callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}

/** The send-time check of a literal address (a connection to an IP literal skips the lookup). */
export function literalAllowed(url: URL, allowPrivate: boolean): boolean {
  const host = hostOf(url);
  return allowPrivate || !net.isIP(host) || !isPrivateAddress(host);
}
