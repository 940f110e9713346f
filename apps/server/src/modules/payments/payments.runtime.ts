import type { PaymentsConfig } from '../../config.js';
import { DAY_MS, shiftedClock, wallClock, type Clock } from './local/clock.js';
import { fetchBridge, formFields, startLocalServer, type LocalRequest, type LocalResponse, type LocalServer } from './local/http.js';
import { CHECKOUT_PREFIX, createLocalCheckout, type LocalCheckout } from './local/checkout/index.js';
import { createLocalStripe, type LocalStripe } from './local/stripe/index.js';
import type { PaymentProvider, ProviderName } from './payments.provider.js';

/**
 * The payment provider Souq runs with (decision 0124). With a provider's keys in the environment: the real provider
 * through its official client. Without: the local provider of ours that speaks the same protocol — one listener of
 * its own serving Stripe's `/v1` API, Checkout.com's API under `/checkout`, and the pages a shopper or seller sees
 * (3-D Secure, onboarding) — and the same adapter pointed at it by host and port. Its webhooks go to Souq's
 * endpoint, signed as the provider signs them. Nothing else changes between the two modes.
 */
export type PaymentsRuntime = ReturnType<typeof createPaymentsRuntime>;

/** Where Souq receives a provider's webhooks (the route itself comes with the purchase flow, issue 36 item 3). */
/** The local provider's test clock, when the environment allows it to be moved (decision 0155). */
export const TEST_CLOCK_PATH = '/local/test-clock';

/** Stripe.js: Stripe requires it loaded from here, never bundled or self-hosted (PCI scope stays with Stripe). */
export const STRIPE_JS_URL = 'https://js.stripe.com/v3/';

export const webhookPath = (provider: ProviderName) => `/api/payments/webhooks/${provider}`;

export function createPaymentsRuntime(config: PaymentsConfig, deps: { souqUrl: string; log: (msg: string) => void; clock?: Clock; seed?: number }) {
  // a browser journey's server may move the local provider's time forward (decision 0155); never in real mode
  const movable = config.mode === 'local' && config.local.testClock === true && !deps.clock;
  let clock = deps.clock ?? (movable ? shiftedClock() : wallClock());
  const clockMoved: (() => Promise<unknown>)[] = [];
  let provider: PaymentProvider | null = null;
  let localStripe: LocalStripe | null = null;
  let localCheckout: LocalCheckout | null = null;
  let server: LocalServer | null = null;
  let ticker: NodeJS.Timeout | null = null;

  /** Builds the local providers and the adapter; `inProcess` reaches them without a port (tests of later items). */
  async function start(opts: { inProcess?: boolean; clock?: Clock } = {}): Promise<PaymentProvider> {
    if (provider) return provider;
    // a test may run the local provider under a clock it moves (disputes decided, funds available, days-late events)
    if (opts.clock) clock = opts.clock;
    // the providers' clients load here, once the server answers, not with the rest of start-up (decision 0066's budget)
    const [{ default: Stripe }, { createStripeProvider, stripeClient, webhookEndpointsToCreate }, { checkoutClient, createCheckoutProvider }] = await Promise.all([
      import('stripe'),
      import('./payments.stripe.js'),
      import('./payments.checkout.js'),
    ]);
    if (config.mode === 'real') {
      provider =
        config.provider === 'stripe'
          ? createStripeProvider({ client: stripeClient(config.stripe!.secretKey, config.stripe!.apiBase), webhookSecrets: config.stripe!.webhookSecrets })
          : createCheckoutProvider({
              client: checkoutClient(config.checkout!.secretKey, { subdomain: config.checkout!.subdomain }),
              signatureKey: config.checkout!.webhookSignatureKey,
              authorizationHeader: config.checkout!.webhookAuthorization,
              processingChannelId: config.checkout!.processingChannelId,
              platformEntityId: config.checkout!.platformEntityId,
            });
      deps.log(`payments: ${config.provider} (real, its keys from the environment)`);
      return provider;
    }
    localStripe = createLocalStripe({ clock, seed: deps.seed });
    localCheckout = createLocalCheckout({ clock, seed: deps.seed });
    const provided = (req: LocalRequest) => (new URL(req.url, 'http://local').pathname.startsWith(`${CHECKOUT_PREFIX}/`) || req.url.startsWith('/local/checkout/') ? localCheckout! : localStripe!).handle(req);
    const handle = (req: LocalRequest) => (movable && new URL(req.url, 'http://local').pathname === TEST_CLOCK_PATH ? moveClock(req) : provided(req));
    let base = 'http://local.invalid';
    if (!opts.inProcess) {
      server = await startLocalServer(handle, { port: config.local.port });
      base = config.local.publicUrl?.replace(/\/$/, '') ?? server.url;
    }
    localStripe.setBaseUrl(base);
    localCheckout.setBaseUrl(base);
    // the endpoints subscribed as a real deployment's are (decision 0166): only the events Souq acts on
    const hooks = webhookEndpointsToCreate(`${deps.souqUrl}${webhookPath('stripe')}`)
      .map((ep) => localStripe!.addWebhookEndpoint(ep.url, ep.enabled_events, ep.connect === true));
    localCheckout.addWebhookUrl(`${deps.souqUrl}${webhookPath('checkout')}`);
    if (config.provider === 'stripe') {
      const client = opts.inProcess
        ? new Stripe(localStripe.secretKey, { httpClient: Stripe.createFetchHttpClient(fetchBridge(handle)), maxNetworkRetries: 2, telemetry: false })
        : stripeClient(localStripe.secretKey, server!.url);
      provider = createStripeProvider({ client, webhookSecrets: hooks.map((h) => h.secret), now: () => clock.now() });
    } else {
      if (opts.inProcess) throw new Error('the local Checkout.com is reached over HTTP (its SDK uses the global fetch)');
      provider = createCheckoutProvider({
        client: checkoutClient(localCheckout.secretKey, { localBaseUrl: server!.url }),
        signatureKey: localCheckout.signatureKey,
        authorizationHeader: localCheckout.authorizationHeader,
        platformEntityId: localCheckout.platformEntityId,
        processingChannelId: 'pc_souqlocalprocessingchannel',
        onboardingBaseUrl: base,
        rawCards: true,
      });
    }
    if (!clock.manual) {
      // the wall clock: deliveries go out as they are queued, and what falls due (funds available, payouts) happens
      localStripe.queue.startAuto();
      localCheckout.queue.startAuto();
      ticker = setInterval(() => {
        localStripe?.tick();
      }, 1000);
      ticker.unref();
    }
    deps.log(`payments: local ${config.provider === 'stripe' ? 'Stripe' : 'Checkout.com'} (no keys set)${server ? ` at ${base}` : ' in process'}`);
    return provider;
  }

  /**
   * The test clock's page (decision 0155): `POST /local/test-clock` with `days` moves the clock forward, lets the local
   * providers do what fell due, then runs what Souq does on its clock (the transfers to sellers) before answering, so
   * a journey sees the outcome of the days it skipped. `GET` answers the clock's time.
   */
  async function moveClock(req: LocalRequest): Promise<LocalResponse> {
    const json = (status: number, body: unknown): LocalResponse => ({ status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (req.method === 'POST') {
      const days = Number(formFields(req.body).days);
      if (!Number.isInteger(days) || days < 1 || days > 366) return json(400, { error: { type: 'invalid_request_error', message: 'days: a whole number of days from 1 to 366' } });
      clock.advance(days * DAY_MS);
      localStripe?.tick();
      for (const run of clockMoved) await run();
    } else if (req.method !== 'GET') {
      return json(405, { error: { type: 'invalid_request_error', message: 'GET or POST' } });
    }
    return json(200, { now: new Date(clock.now()).toISOString() });
  }

  return {
    start,
    config,
    /** Work to run when a journey moves the test clock (decision 0155), awaited before its answer. */
    onClockMoved(run: () => Promise<unknown>) {
      clockMoved.push(run);
    },
    /** Now on the runtime's clock (the wall clock, or the test clock a test started the local provider under). */
    now: () => new Date(clock.now()),
    /** The provider (after start). */
    get provider(): PaymentProvider {
      if (!provider) throw new Error('payments: start() first');
      return provider;
    },
    /**
     * Where an agent tokenises a card for UCP's card handler (decision 0138): Stripe's payment methods endpoint with
     * the publishable key, or null when this provider or configuration has none (agents then pay in the browser).
     */
    tokenization(): { endpoint: string; publishableKey: string } | null {
      if (config.provider !== 'stripe') return null;
      if (config.mode === 'real') return config.stripe?.publishableKey ? { endpoint: 'https://api.stripe.com/v1/payment_methods', publishableKey: config.stripe.publishableKey } : null;
      return localStripe ? { endpoint: `${localStripe.baseUrl}/v1/payment_methods`, publishableKey: localStripe.publishableKey } : null;
    },
    /**
     * Where the shopper types a card in real mode (decision 0162): Stripe's Payment Element, from Stripe's own script
     * with the publishable key. Null in local mode (the local provider's card page) and for Checkout.com.
     */
    cardForm(): { publishableKey: string; scriptUrl: string } | null {
      return config.mode === 'real' && config.provider === 'stripe' && config.stripe ? { publishableKey: config.stripe.publishableKey, scriptUrl: STRIPE_JS_URL } : null;
    },
    /** The local providers, for tests and the demo (null in real mode). */
    get local() {
      return config.mode === 'local' ? { stripe: localStripe, checkout: localCheckout, url: server?.url ?? null } : null;
    },
    async stop() {
      if (ticker) clearInterval(ticker);
      localStripe?.queue.stop();
      localCheckout?.queue.stop();
      await server?.close();
      server = null;
      provider = null;
    },
  };
}
