// The local Stripe as a process of its own (issue 36 item 10, decision 0166): the provider is an outside party, so the
// bench runs it apart from Souq and reports its CPU apart. Souq reaches it as it reaches api.stripe.com — real mode,
// the official client pointed at its host and port (STRIPE_API_BASE) — and it sends its webhooks to Souq over HTTP,
// `--webhook-concurrency N` at a time as Stripe does (its queue's own concurrency), each delivery timed here, at the
// sender, as Stripe would see it. Spoken to over IPC (child_process.fork):
//   → { cmd: 'stats', reset?: boolean } ← { deliveries: [{ ms, status, type }], pending, inFlight }
//   → { cmd: 'stop' }
// On start it answers { ready: true, url, secretKey, publishableKey }.
import { createLocalStripe } from '../../apps/server/src/modules/payments/local/stripe/index.js';
import { wallClock } from '../../apps/server/src/modules/payments/local/clock.js';
import { startLocalServer } from '../../apps/server/src/modules/payments/local/http.js';
import { httpSender } from '../../apps/server/src/modules/payments/local/webhook-queue.js';

const concurrency = Math.max(1, Number(process.env.WEBHOOK_CONCURRENCY ?? 1));
const stripe = createLocalStripe({ clock: wallClock() });
const server = await startLocalServer((req) => stripe.handle(req), { port: 0 });
stripe.setBaseUrl(server.url);

let deliveries: { ms: number; status: number; type: string }[] = [];
let inFlight = 0;
stripe.queue.setConcurrency(concurrency);
stripe.queue.setSender(async (url, headers, body) => {
  // the event's type, from the top level of the pretty-printed event (what Stripe's dashboard lists per delivery)
  const type = /\n {2}"type": "([^"]+)"/.exec(body)?.[1] ?? '?';
  const t0 = performance.now();
  inFlight++;
  try {
    const status = await httpSender(url, headers, body);
    deliveries.push({ ms: performance.now() - t0, status, type });
    return status;
  } catch (err) {
    deliveries.push({ ms: performance.now() - t0, status: 0, type });
    throw err;
  } finally {
    inFlight--;
  }
});
// the wall clock: deliveries go out as they are queued (and retried on time), what falls due happens every second
stripe.queue.startAuto();
setInterval(() => stripe.tick(), 1000).unref();

process.on('message', (m: { cmd: string; reset?: boolean }) => {
  if (m.cmd === 'stats') {
    process.send!({ deliveries, pending: stripe.queue.pending().length, inFlight });
    if (m.reset) deliveries = [];
  } else if (m.cmd === 'stop') {
    stripe.queue.stop();
    void server.close().then(() => process.exit(0));
  }
});
process.send!({ ready: true, url: server.url, secretKey: stripe.secretKey, publishableKey: stripe.publishableKey });
