// The shoppers of bench/orders.ts's paid card purchases, run as their own process (never sharing the server's event
// loop): each of N clients, for D seconds, places a card purchase (POST /api/orders, payment_method card, a fresh
// Idempotency-Key as checkout sends) and pays it on the local provider's card page (POST of its form with Stripe's
// 4242 test card, as a browser submits it), then starts the next. What happens after the payment — the provider's
// webhooks and Souq handling them — is measured by the bench in the app's process.
//   tsx bench/lib/card-client.ts SPEC.json   → prints one JSON line with the figures
import fs from 'node:fs';
import { quantile } from './metrics.js';

export type CardLoadSpec = {
  base: string;
  bodies: unknown[];
  seconds: number;
  connections: number;
  /**
   * The provider's base URL when Souq runs in real mode against a local Stripe of its own process (decision 0166): the
   * checkout then answers Stripe's card fields (`card_form`, the client secret) and the shopper pays on the provider's
   * card page for that PaymentIntent, reached with its client secret as Stripe.js reaches Stripe.
   */
  provider?: string;
};

export type CardLoadResult = {
  /** Purchases placed and paid (the card page sent the shopper back with redirect_status=succeeded). */
  paid: number;
  /** Answers other than 201 from the checkout, or a card page that did not send the shopper back paid. */
  errors: number;
  first_error: string | null;
  /** The purchases' numbers, so the bench can find them in the database. */
  numbers: string[];
  elapsed_s: number;
  latency_ms: { create_p50: number; create_p95: number; pay_p50: number; pay_p95: number };
};

type Placed = { order_number?: string; payment?: { pay_url: string | null; token: string; card_form?: { client_secret: string } | null } | null };

/** The provider's card page for the PaymentIntent of a client secret (`pi_…_secret_…`), back to Souq's return page. */
const cardPage = (spec: CardLoadSpec, clientSecret: string, purchase: string) =>
  `${spec.provider}/local/pay/${clientSecret.split('_secret_')[0]}?${new URLSearchParams({ client_secret: clientSecret, return_url: `${spec.base}/checkout/payment?purchase=${purchase}`, lang: 'en' })}`;

async function run(spec: CardLoadSpec): Promise<CardLoadResult> {
  const deadline = performance.now() + spec.seconds * 1000;
  const create: number[] = [];
  const pay: number[] = [];
  const numbers: string[] = [];
  let errors = 0;
  let firstError: string | null = null;
  let n = 0;
  const fail = (why: string) => {
    errors++;
    firstError ??= why;
  };
  const started = performance.now();
  async function shopper() {
    while (performance.now() < deadline) {
      const i = n++;
      const t0 = performance.now();
      const res = await fetch(`${spec.base}/api/orders`, {
        method: 'POST',
        // the same request as the cash purchases' load client (autocannon) sends, which asks for no compression: fetch
        // asks for gzip by itself, and the checkout's answer (over 1 KB) was then gzipped for the card purchases alone,
        // a few tenths of a millisecond of Souq's CPU counted as a card purchase's cost beside a cash purchase answered as it is (decision 0196)
        headers: { 'content-type': 'application/json', 'accept-encoding': 'identity', 'idempotency-key': `card-${process.pid}-${i}` },
        body: JSON.stringify({ ...(spec.bodies[i % spec.bodies.length] as object), payment_method: 'card' }),
      });
      const placed = (await res.json()) as Placed;
      const t1 = performance.now();
      create.push(t1 - t0);
      const payUrl = placed.payment?.pay_url ?? (placed.payment?.card_form && placed.order_number && spec.provider ? cardPage(spec, placed.payment.card_form.client_secret, placed.order_number) : null);
      if (res.status !== 201 || !payUrl || !placed.order_number) {
        fail(`checkout ${res.status}: ${JSON.stringify(placed).slice(0, 200)}`);
        continue;
      }
      // the card page's form, as the browser posts it (the page's action is its own URL)
      const page = await fetch(payUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ number: '4242424242424242', expiry: '12 / 34', cvc: '123' }).toString(),
        redirect: 'manual',
      });
      await page.arrayBuffer();
      pay.push(performance.now() - t1);
      const back = page.headers.get('location');
      if (page.status !== 303 || !back || new URL(back).searchParams.get('redirect_status') !== 'succeeded') {
        fail(`card page ${page.status} → ${back}`);
        continue;
      }
      numbers.push(placed.order_number);
    }
  }
  await Promise.all(Array.from({ length: spec.connections }, shopper));
  const elapsed = (performance.now() - started) / 1000;
  create.sort((a, b) => a - b);
  pay.sort((a, b) => a - b);
  const r1 = (x: number) => Math.round(x * 10) / 10;
  return {
    paid: numbers.length,
    errors,
    first_error: firstError,
    numbers,
    elapsed_s: elapsed,
    latency_ms: { create_p50: r1(quantile(create, 0.5)), create_p95: r1(quantile(create, 0.95)), pay_p50: r1(quantile(pay, 0.5)), pay_p95: r1(quantile(pay, 0.95)) },
  };
}

const spec = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as CardLoadSpec;
console.log(JSON.stringify(await run(spec)));
