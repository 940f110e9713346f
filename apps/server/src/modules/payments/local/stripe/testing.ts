import Stripe from 'stripe';
import { testClock } from '../clock.js';
import { startLocalServer } from '../http.js';
import { createLocalStripe, type LocalStripeOptions } from './index.js';

/** A local Stripe on a port of its own under a test clock, and the official client pointed at it by host and port. */
export async function startTestStripe(opts: Partial<LocalStripeOptions> = {}, clientOpts: Stripe.StripeConfig = {}) {
  const local = createLocalStripe({ clock: testClock(), seed: 42, ...opts });
  const server = await startLocalServer(local.handle);
  local.setBaseUrl(server.url);
  const stripe = new Stripe(local.secretKey, { host: '127.0.0.1', port: server.port, protocol: 'http', telemetry: false, maxNetworkRetries: 0, ...clientOpts });
  return { local, server, stripe, close: () => server.close() };
}

/** Follows the 3-D Secure page as a browser would: reads the page, presses a button, returns where it sends back to. */
export async function answerChallenge(url: string, outcome: 'complete' | 'fail') {
  const page = await fetch(url);
  const html = await page.text();
  const action = html.match(/<form method="post" action="([^"]+)"/)?.[1];
  if (!action) throw new Error('no challenge form on the page');
  const res = await fetch(new URL(action.replace(/&amp;/g, '&'), url), { method: 'POST', body: `outcome=${outcome}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location'), html };
}
