import { z } from 'zod';
import path from 'node:path';
import { UCP_AGENT_RATE_PER_MINUTE } from '@souq/shared/api/ucp';
import { ADMIN_ACCESS_CODE_MIN_LENGTH, EVENTS_HEARTBEAT_MS, PAYOUT_ACCOUNT_WAIT_DAYS } from '@souq/shared/constants';
import { MSG } from '@souq/shared/messages';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  SEED_DEMO: bool.default(true),
  // the owner's bootstrap code: long enough that the access limiter makes guessing hopeless (issue 13)
  /** Comma-separated keys signing the OAuth server's cookies (agents' identity linking); shared by every instance. */
  OAUTH_COOKIE_KEYS: z.string().optional(),
  /** Requests per minute per agent over UCP (default UCP_AGENT_RATE_PER_MINUTE); benches raise it. */
  UCP_AGENT_RATE_PER_MINUTE: z.coerce.number().int().min(1).optional(),
  /** Requests per minute from one network address by agents that are not identified (unsigned, unlinked), and the
   *  profile fetches they cause (decision 0130). */
  UCP_UNIDENTIFIED_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** Tests and benches only: agent profiles and order webhooks on this machine's loopback (and over http) are allowed. */
  UCP_ALLOW_LOOPBACK_AGENTS: bool.default(false),
  ADMIN_ACCESS_CODE: z.string().min(ADMIN_ACCESS_CODE_MIN_LENGTH, { error: MSG.adminCodeTooShort(ADMIN_ACCESS_CODE_MIN_LENGTH) }).optional(),
  // wrong admin codes: per client before a lock-out; from all clients per 15 minutes before admins are warned (0084)
  ADMIN_ACCESS_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  ADMIN_ACCESS_GLOBAL_LIMIT: z.coerce.number().int().positive().default(100),
  // an admin session ends this long after it was opened, however much it is used (decision 0084)
  ADMIN_SESSION_MAX_HOURS: z.coerce.number().positive().max(24 * 30).default(12),
  // where this Souq is reached from outside (embed codes point here); default http://localhost:PORT
  PUBLIC_URL: z
    .string()
    .refine((v) => v === '' || (/^https?:\/\//.test(v) && URL.canParse(v)), { error: 'must be an http:// or https:// URL' })
    .optional(),
  SHOP_CURRENCY: z.string().length(3).default('AED'),
  // days a changed payout account waits before a batch pays it (decision 0125)
  PAYOUT_ACCOUNT_WAIT_DAYS: z.coerce.number().int().min(0).max(60).default(PAYOUT_ACCOUNT_WAIT_DAYS),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REDIS_URL: z.string().optional(),
  AI_BASE_URL: z.string().url().optional(),
  AI_MODEL: z.string().optional(),
  AI_API_KEY: z.string().optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().positive().default(8000),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().default('mailto:support@souq.test'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: bool.default(false),
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  // password spraying and mass sign-up: per client across all e-mails (decision 0084)
  LOGIN_CLIENT_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  SIGNUP_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  // image search: seconds an idle inference worker lives (0: never stopped); docs/decisions/0061
  IMAGE_SEARCH_IDLE_SECONDS: z.coerce.number().min(0).default(600),
  // conversations and notifications
  PUSH_ALLOW_PRIVATE_ENDPOINTS: bool.default(false),
  // Outgoing mail (order confirmations)
  SMTP_URL: z
    .string()
    .refine((v) => v === '' || /^smtps?:\/\/[^/\s]+/.test(v), { error: 'must be an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z.string().min(3).default('Souq <orders@souq.test>'),
  // Payments (issue 36, decision 0124): a provider's keys turn real mode on; without keys the local provider runs
  PAYMENTS_PROVIDER: z.enum(['stripe', 'checkout']).optional(),
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_\w+$/, { error: 'must be a Stripe secret key (sk_test_…, sk_live_… or a restricted rk_…)' }).optional(),
  // what agents tokenise cards with at Stripe (the card handler of UCP, decision 0138); without it agents' card
  // payments go through the shopper's browser
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_(test|live)_\w+$/, { error: 'must be a Stripe publishable key (pk_test_… or pk_live_…)' }).optional(),
  // the official client pointed elsewhere than api.stripe.com (Stripe's stripe-mock, a staging proxy, the tests' local Stripe)
  STRIPE_API_BASE: z.string().refine((v) => URL.canParse(v), { error: 'must be a URL' }).optional(),
  // the platform endpoint's signing secret, and the Connect endpoint's after a comma
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\w+(,whsec_\w+)*$/, { error: 'must be webhook signing secrets (whsec_…, comma-separated)' }).optional(),
  CHECKOUT_SECRET_KEY: z.string().regex(/^sk_(sbox_)?[a-z2-7]{26}[a-z2-7*#$=]$/, { error: 'must be a Checkout.com secret key (sk_sbox_… or sk_…)' }).optional(),
  CHECKOUT_SUBDOMAIN: z.string().regex(/^[0-9a-z]{8,11}$/, { error: 'must be your merchant-specific subdomain (the first 8 characters of your client ID)' }).optional(),
  CHECKOUT_PROCESSING_CHANNEL_ID: z.string().regex(/^pc_[a-z2-7]{26}$/, { error: 'must be a processing channel id (pc_…)' }).optional(),
  CHECKOUT_PLATFORM_ENTITY_ID: z.string().regex(/^ent_[a-z2-7]{26}$/, { error: "must be the marketplace's own entity id (ent_…)" }).optional(),
  CHECKOUT_WEBHOOK_SIGNATURE_KEY: z.string().min(16).optional(),
  CHECKOUT_WEBHOOK_AUTHORIZATION: z.string().min(8).optional(),
  PAYMENTS_LOCAL_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** Minutes a card purchase holds its stock waiting for payment before it is cancelled unpaid (decision 0137). */
  // browser journeys (decision 0155): the local provider's clock can be moved forward through its test-clock page
  PAYMENTS_LOCAL_TEST_CLOCK: bool.default(false),
  PAYMENT_WAIT_MINUTES: z.coerce.number().int().min(1).max(7 * 24 * 60).default(30),
  // when a card purchase's money is taken (decision 0166): authorised first and captured by Souq right after its
  // release (manual, decision 0137: the provider never holds money Souq has not booked), or at authorisation
  // (automatic: one event and one transaction fewer; a lost event leaves money at the provider until a read-back)
  PAYMENT_CAPTURE: z.enum(['automatic', 'manual']).default('manual'),
  PAYMENTS_LOCAL_PUBLIC_URL: z
    .string()
    .refine((v) => v === '' || (/^https?:\/\//.test(v) && URL.canParse(v)), { error: 'must be an http:// or https:// URL' })
    .optional(),
  // Carriers (issue 40, decision 0150): a carrier's keys turn it on for real; without them the local carrier speaks its protocol
  ARAMEX_USERNAME: z.string().min(3).optional(),
  ARAMEX_PASSWORD: z.string().min(1).optional(),
  ARAMEX_ACCOUNT_NUMBER: z.string().regex(/^\d{4,12}$/, { error: 'must be your Aramex account number (digits)' }).optional(),
  ARAMEX_ACCOUNT_PIN: z.string().regex(/^\d{4,8}$/, { error: 'must be your Aramex account PIN (digits)' }).optional(),
  ARAMEX_ACCOUNT_ENTITY: z.string().regex(/^[A-Z]{3}$/, { error: 'must be your Aramex entity (three letters, e.g. DXB)' }).optional(),
  ARAMEX_ACCOUNT_COUNTRY_CODE: z.string().regex(/^[A-Z]{2}$/, { error: 'must be a two-letter country code (AE)' }).default('AE'),
  ARAMEX_BASE_URL: z.string().refine((v) => URL.canParse(v), { error: 'must be a URL' }).default('https://ws.aramex.net'),
  QUIQUP_CLIENT_ID: z.string().min(3).optional(),
  QUIQUP_CLIENT_SECRET: z.string().min(8).optional(),
  QUIQUP_WEBHOOK_SECRET: z.string().min(16).optional(),
  QUIQUP_BASE_URL: z.string().refine((v) => URL.canParse(v), { error: 'must be a URL' }).default('https://api.quiqup.com'),
  // browser journeys (decision 0160): the local carrier's driver and webhook queue on a listener of their own; never
  // with a carrier's real keys (that carrier is not local then)
  SHIPPING_LOCAL_TEST_CONTROLS: bool.default(false),
  SHIPPING_LOCAL_PORT: z.coerce.number().int().min(0).max(65535).default(0),
}).superRefine((e, ctx) => {
  const need = (when: string | undefined, name: keyof typeof e, why: string) => {
    if (when && !e[name]) ctx.addIssue({ code: 'custom', path: [name], message: `is required with ${why}` });
  };
  need(e.STRIPE_SECRET_KEY, 'STRIPE_WEBHOOK_SECRET', 'STRIPE_SECRET_KEY (webhooks are verified with it)');
  need(e.STRIPE_SECRET_KEY, 'STRIPE_PUBLISHABLE_KEY', "STRIPE_SECRET_KEY (the checkout's card fields load with it)");
  need(e.CHECKOUT_SECRET_KEY, 'CHECKOUT_WEBHOOK_SIGNATURE_KEY', 'CHECKOUT_SECRET_KEY (webhooks are verified with it)');
  need(e.CHECKOUT_SECRET_KEY, 'CHECKOUT_PLATFORM_ENTITY_ID', 'CHECKOUT_SECRET_KEY (sellers are paid from it)');
  need(e.CHECKOUT_SECRET_KEY, 'CHECKOUT_PROCESSING_CHANNEL_ID', 'CHECKOUT_SECRET_KEY');
  for (const k of ['ARAMEX_PASSWORD', 'ARAMEX_ACCOUNT_NUMBER', 'ARAMEX_ACCOUNT_PIN', 'ARAMEX_ACCOUNT_ENTITY'] as const) need(e.ARAMEX_USERNAME, k, 'ARAMEX_USERNAME');
  need(e.QUIQUP_CLIENT_ID, 'QUIQUP_CLIENT_SECRET', 'QUIQUP_CLIENT_ID');
  need(e.QUIQUP_CLIENT_ID, 'QUIQUP_WEBHOOK_SECRET', 'QUIQUP_CLIENT_ID (webhooks are verified with it)');
  if (e.PAYMENTS_PROVIDER === 'stripe' && e.CHECKOUT_SECRET_KEY && !e.STRIPE_SECRET_KEY)
    ctx.addIssue({ code: 'custom', path: ['PAYMENTS_PROVIDER'], message: 'is stripe but only Checkout.com keys are set' });
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  seedDemo: boolean;
  adminAccessCode: string | undefined;
  shopCurrency: string;
  /** Days a changed payout account waits, once verified, before a payout batch pays it (decision 0125). */
  payoutAccountWaitDays: number;
  logLevel: string;
  redisUrl: string | undefined;
  oauthCookieKeys: string[];
  agentRatePerMinute: number;
  /** Agents (decision 0130): the per-address ceiling of unidentified agents; loopback profiles and webhooks (tests only). */
  agents: { unidentifiedRatePerMinute: number; allowLoopback: boolean };
  ai: { baseUrl: string | undefined; model: string | undefined; apiKey: string | undefined; timeoutMs: number };
  vapid: { publicKey: string | undefined; privateKey: string | undefined; subject: string };
  webDist: string | undefined;
  trustProxy: boolean;
  /** Sign-in attempts per minute per client and e-mail. */
  loginRateLimit: number;
  /** Sign-in attempts per 15 minutes per client over all e-mails, and sign-ups per hour per client. */
  clientRateLimits: { login: number; signup: number };
  /** The origin other sites are given to reach this Souq (embed codes), without a trailing slash. */
  publicUrl: string;
  /** An admin session's absolute lifetime from its opening (the idle limit slides within it). */
  adminSessionMaxMs: number;
  /** The brake on wrong admin access codes (modules/security/access-limiter.ts). */
  adminAccess: { maxFailures: number; globalLimit: number };
  /** Image search: an inference worker with no work for this long is stopped (0: kept); the next use starts one. */
  imageSearchIdleMs: number;
  /** Tests only: lets push endpoints on loopback/private addresses (and plain http) through, for a local push service. */
  pushAllowPrivateEndpoints: boolean;
  /** The live stream (GET /api/events): heartbeat period and a stream's lifetime before the client reconnects. */
  liveEvents: { heartbeatMs: number; maxAgeMs: number };
  /** Outgoing mail: without an SMTP URL no mail is sent (and no screen says one is). */
  mail: { smtpUrl: string | undefined; from: string };
  /** The payment provider (decision 0124): real with its keys, otherwise the local provider speaking its protocol. */
  payments: PaymentsConfig;
  /** The carriers (decision 0150): each real with its keys, otherwise the local carrier speaking its protocol. */
  shipping: ShippingConfig;
};

export type ShippingConfig = {
  aramex: { baseUrl: string; credentials: { userName: string; password: string; accountNumber: string; accountPin: string; accountEntity: string; accountCountryCode: string } | null };
  quiqup: { baseUrl: string; credentials: { clientId: string; clientSecret: string; webhookSecret: string } | null };
  /** The local carrier's test controls (decision 0160): only when set, and only for carriers running locally. */
  local?: { testControls: boolean; port: number };
};

export type PaymentsConfig = {
  provider: 'stripe' | 'checkout';
  mode: 'real' | 'local';
  stripe: { secretKey: string; webhookSecrets: string[]; publishableKey: string; apiBase?: string } | null;
  checkout: { secretKey: string; subdomain: string | undefined; processingChannelId: string; platformEntityId: string; webhookSignatureKey: string; webhookAuthorization: string | undefined } | null;
  /** The local provider's own listener (its API, 3-D Secure and onboarding pages): port 0 = any free port. */
  local: { port: number; publicUrl: string | undefined; testClock?: boolean };
  /** Minutes a card purchase waits for its payment (stock held) before it is cancelled unpaid. */
  waitMinutes: number;
  /** Card purchases captured at authorisation (automatic) or authorised then captured by Souq (manual); decision 0166. */
  capture: 'automatic' | 'manual';
};

/** Reads every environment variable the server knows, in one place, and fails early with a readable message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    seedDemo: e.SEED_DEMO,
    adminAccessCode: e.ADMIN_ACCESS_CODE,
    shopCurrency: e.SHOP_CURRENCY.toUpperCase(),
    payoutAccountWaitDays: e.PAYOUT_ACCOUNT_WAIT_DAYS,
    logLevel: e.LOG_LEVEL,
    redisUrl: e.REDIS_URL || undefined,
    agentRatePerMinute: e.UCP_AGENT_RATE_PER_MINUTE ?? UCP_AGENT_RATE_PER_MINUTE,
    agents: { unidentifiedRatePerMinute: e.UCP_UNIDENTIFIED_RATE_PER_MINUTE, allowLoopback: e.UCP_ALLOW_LOOPBACK_AGENTS },
    oauthCookieKeys: (e.OAUTH_COOKIE_KEYS ?? '').split(',').map((k) => k.trim()).filter(Boolean),
    ai: { baseUrl: e.AI_BASE_URL, model: e.AI_MODEL, apiKey: e.AI_API_KEY, timeoutMs: e.AI_TIMEOUT_MS },
    vapid: { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT },
    webDist: e.WEB_DIST,
    trustProxy: e.TRUST_PROXY,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    clientRateLimits: { login: e.LOGIN_CLIENT_RATE_LIMIT, signup: e.SIGNUP_RATE_LIMIT },
    publicUrl: e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : `http://localhost:${e.PORT}`,
    adminSessionMaxMs: Math.round(e.ADMIN_SESSION_MAX_HOURS * 3_600_000),
    adminAccess: { maxFailures: e.ADMIN_ACCESS_MAX_FAILURES, globalLimit: e.ADMIN_ACCESS_GLOBAL_LIMIT },
    imageSearchIdleMs: Math.round(e.IMAGE_SEARCH_IDLE_SECONDS * 1000),
    pushAllowPrivateEndpoints: e.PUSH_ALLOW_PRIVATE_ENDPOINTS,
    liveEvents: { heartbeatMs: EVENTS_HEARTBEAT_MS, maxAgeMs: 5 * 60_000 },
    mail: { smtpUrl: e.SMTP_URL || undefined, from: e.MAIL_FROM },
    payments: paymentsConfig(e),
    shipping: {
      aramex: {
        baseUrl: e.ARAMEX_BASE_URL.replace(/\/$/, ''),
        credentials: e.ARAMEX_USERNAME
          ? { userName: e.ARAMEX_USERNAME, password: e.ARAMEX_PASSWORD!, accountNumber: e.ARAMEX_ACCOUNT_NUMBER!, accountPin: e.ARAMEX_ACCOUNT_PIN!, accountEntity: e.ARAMEX_ACCOUNT_ENTITY!, accountCountryCode: e.ARAMEX_ACCOUNT_COUNTRY_CODE }
          : null,
      },
      quiqup: {
        baseUrl: e.QUIQUP_BASE_URL.replace(/\/$/, ''),
        credentials: e.QUIQUP_CLIENT_ID ? { clientId: e.QUIQUP_CLIENT_ID, clientSecret: e.QUIQUP_CLIENT_SECRET!, webhookSecret: e.QUIQUP_WEBHOOK_SECRET! } : null,
      },
      local: { testControls: e.SHIPPING_LOCAL_TEST_CONTROLS, port: e.SHIPPING_LOCAL_PORT },
    },
  };
}

function paymentsConfig(e: z.infer<typeof envSchema>): PaymentsConfig {
  const stripe = e.STRIPE_SECRET_KEY ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecrets: e.STRIPE_WEBHOOK_SECRET!.split(','), publishableKey: e.STRIPE_PUBLISHABLE_KEY!, ...(e.STRIPE_API_BASE ? { apiBase: e.STRIPE_API_BASE } : {}) } : null;
  const checkout = e.CHECKOUT_SECRET_KEY
    ? {
        secretKey: e.CHECKOUT_SECRET_KEY, subdomain: e.CHECKOUT_SUBDOMAIN, processingChannelId: e.CHECKOUT_PROCESSING_CHANNEL_ID!,
        platformEntityId: e.CHECKOUT_PLATFORM_ENTITY_ID!, webhookSignatureKey: e.CHECKOUT_WEBHOOK_SIGNATURE_KEY!, webhookAuthorization: e.CHECKOUT_WEBHOOK_AUTHORIZATION,
      }
    : null;
  // the provider asked for, else the one whose keys are set (Stripe first), else the local Stripe
  const provider = e.PAYMENTS_PROVIDER ?? (stripe ? 'stripe' : checkout ? 'checkout' : 'stripe');
  const real = provider === 'stripe' ? stripe : checkout;
  return { provider, mode: real ? 'real' : 'local', stripe, checkout, local: { port: e.PAYMENTS_LOCAL_PORT, publicUrl: e.PAYMENTS_LOCAL_PUBLIC_URL || undefined, testClock: e.PAYMENTS_LOCAL_TEST_CLOCK }, waitMinutes: e.PAYMENT_WAIT_MINUTES, capture: e.PAYMENT_CAPTURE };
}

/** A config for tests: no seed, silent logs, a fixed admin code. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', ADMIN_ACCESS_CODE: 'test-admin-code' }),
    loginRateLimit: 1000,
    clientRateLimits: { login: 1000, signup: 1000 },
    // tests elsewhere send wrong codes freely; the limiter's own tests set the real limits
    adminAccess: { maxFailures: 1000, globalLimit: 100_000 },
    // the tests' agents serve their profiles and take webhooks on the loopback, all from one address
    agents: { unidentifiedRatePerMinute: 10_000, allowLoopback: true },
    ...overrides,
  };
}
