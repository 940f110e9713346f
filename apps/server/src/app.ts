import { MSG_AR } from '@souq/shared/messages.ar';
import { registerArabicMessages } from '@souq/shared/messages-for';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from './config.js';
import type { Database } from './platform/db.js';
import { isGuardedRoute, registerAuth, routeAccess } from './platform/auth.js';
import type { UserRole } from '@souq/shared/api/auth';
import { VENDOR_DOCUMENT_MAX_BYTES } from '@souq/shared/constants';
import { UCP_REST_BASE } from '@souq/shared/api/ucp';
import { UCP_SHOPPER_RATE_PER_MINUTE } from '@souq/shared/api/agent-linking';
import { fixNullableUnions, openApiTransform } from './platform/openapi.js';
import { connectRedis } from './platform/redis.js';
import { registerErrorHandling } from './platform/errors.js';
import { registerCompression, registerWebApp } from './platform/web-app.js';
import { createServices, type Services } from './services.js';
import { registerUploads } from './platform/uploads.js';
import { registerInputHygiene } from './platform/input-hygiene.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { filesRoutes } from './modules/files/files.routes.js';
import { mediaRoutes } from './platform/media.js';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.js';
import { ordersRoutes } from './modules/orders/orders.routes.js';
import { paymentsRoutes } from './modules/payments/payments.routes.js';
import { transfersRoutes } from './modules/payments/transfers.routes.js';
import { codRoutes } from './modules/cod/cod.routes.js';
import { shippingRoutes } from './modules/shipping/shipping.routes.js';
import { reconciliationRoutes } from './modules/reconciliation/reconciliation.routes.js';
import { profileRoutes } from './modules/profile/profile.routes.js';
import { addressesRoutes } from './modules/addresses/addresses.routes.js';
import { deliveryRoutes } from './modules/delivery/delivery.routes.js';
import { sellerPerformanceRoutes } from './modules/seller-performance/seller-performance.routes.js';
import { searchRoutes } from './modules/search/search.routes.js';
import { assistantRoutes } from './modules/assistant/assistant.routes.js';
import { chatMonitorRoutes } from './modules/chat-monitor/chat-monitor.routes.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { vendorsRoutes } from './modules/vendors/vendors.routes.js';
import { imageSearchRoutes } from './modules/image-search/image-search.routes.js';
import { recommendationsRoutes } from './modules/recommendations/recommendations.routes.js';
import { productWriteRoutes } from './modules/catalogue/products.routes.js';
import { embedsRoutes } from './modules/embeds/embeds.routes.js';
import { optimisationRoutes } from './modules/optimisation/optimisation.routes.js';
// conversations and notifications
import { supportRoutes } from './modules/support/support.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { eventsRoutes } from './modules/events/events.routes.js';
// admin area (issue 9)
import { adminOrdersRoutes } from './modules/admin/admin-orders.routes.js';
import { ledgerRoutes } from './modules/ledger/ledger.routes.js';
import { earningsRoutes } from './modules/payouts/earnings.routes.js';
import { financeRoutes } from './modules/payouts/finance.routes.js';
import { returnsRoutes } from './modules/returns/returns.routes.js';
import { promotionsRoutes } from './modules/promotions/promotions.routes.js';
import { createCodeTries } from './modules/promotions/promotions.guessing.js';
import { refundsRoutes } from './modules/refunds/refunds.routes.js';
import { taxRoutes } from './modules/tax/tax.routes.js';
import { taxReportRoutes } from './modules/tax/tax-report.routes.js';
import { adminProductsRoutes } from './modules/admin/admin-products.routes.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
// admin access gate and Security section (issue 13)
import { securityRoutes } from './modules/security/security.routes.js';
// vendor dashboard (issue 8)
import { vendorDashboardRoutes } from './modules/vendor-dashboard/vendor-dashboard.routes.js';
import { vendorShippingRoutes } from './modules/vendors/vendor-shipping.js';
import { reviewsRoutes } from './modules/reviews/reviews.routes.js';
import { pricesRoutes } from './modules/prices/prices.routes.js';
// agents over the Universal Commerce Protocol (issue 27)
import { agentsRoutes } from './modules/agents/agents.routes.js';
import { agentOauthRoutes } from './modules/agents/agents.oauth.routes.js';
import { legalRoutes } from './modules/agents/agents.legal.js';

export type AppDeps = { config: Config; database: Database };
export type RouteEntry = { method: string; url: string; access: UserRole[] | null };
declare module 'fastify' {
  interface FastifyInstance {
    /** The app's services, for main.ts (seeding, start-up tasks) and tests. */
    services: Services;
    /**
     * Every route registered (method + path, and the session kinds its guards admit, null when public), for the
     * authorization matrix, the docs check and the audit-coverage test.
     */
    routeTable: RouteEntry[];
  }
}
export type App = FastifyInstance;

const here = path.dirname(fileURLToPath(import.meta.url));
const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

/** Builds the whole HTTP app from its dependencies. It never listens: main.ts does, tests use app.inject(). */
// the shared texts in Arabic, for answers to readers in Arabic (messagesFor; issue 26)
registerArabicMessages(MSG_AR);

export async function buildApp({ config, database }: AppDeps): Promise<App> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel, redact: ['req.headers.authorization'] },
    trustProxy: config.trustProxy,
    // search paths carry the query: room for long queries (default 100 gives 414)
    routerOptions: { maxParamLength: 1000 },
    // image search posts base64 of up to 5 MB (≈ 6.7 MB of text)
    bodyLimit: 8 * 1024 * 1024,
    return503OnClosing: false,
    // every schema is zod: Fastify need not load its JSON-schema compilers (ajv, fast-json-stringify) at start-up
    // (the factory types name ajv's signatures; the zod compilers are what setValidatorCompiler installs anyway)
    schemaController: { compilersFactory: { buildValidator: (() => validatorCompiler) as never, buildSerializer: (() => serializerCompiler) as never } },
  });
  const routeTable: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url, access: routeAccess(route) });
  });
  app.decorate('routeTable', routeTable);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerInputHygiene(app);

  // real Stripe: the payment page loads Stripe.js and its card fields (frames) from Stripe, as Stripe's CSP guide lists
  const stripe = config.payments.mode === 'real' && config.payments.provider === 'stripe';
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'", ...(stripe ? ['https://js.stripe.com', 'https://*.js.stripe.com'] : [])],
        connectSrc: ["'self'", ...(stripe ? ['https://api.stripe.com'] : [])],
        ...(stripe ? { frameSrc: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'] } : {}),
        frameAncestors: ["'self'"],
        workerSrc: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await registerCompression(app);
  const redis = await connectRedis(config.redisUrl);
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => undefined)));
  // with Redis the counters are shared by every instance; skipOnError keeps the API up if Redis goes away
  await app.register(rateLimit, { global: false, ...(redis ? { redis, skipOnError: true, nameSpace: 'souq-rl:' } : {}) });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Souq API', version: '1.0.0', license: { name: 'Proprietary' } },
      servers: [{ url: '/', description: 'This server' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: openApiTransform(isGuardedRoute),
    transformObject: (doc) => {
      const document = 'openapiObject' in doc ? doc.openapiObject : doc.swaggerObject;
      fixNullableUnions(document);
      return document;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const log = (msg: string) => (config.logLevel === 'silent' ? undefined : app.log.warn(msg));
  const services = createServices(config, database, log, { redis });
  app.addHook('onClose', () => services.bus.close());
  app.addHook('onClose', async () => services.plannerStats.stop());
  app.addHook('onClose', async () => services.shipping.stop());
  app.addHook('onClose', async () => services.commissionJob.stop());
  app.addHook('onClose', async () => services.oauthSweep.stop());
  app.addHook('onClose', async () => services.reconciliation.dailyJob.stop());
  app.addHook('onClose', async () => services.sellerPerformance.job.stop());
  registerAuth(app, services.sessions);
  // queued mails get a few seconds to leave before the process stops
  if (services.mailer) app.addHook('onClose', () => services.mailer!.close());
  // the outer bound of any upload (KYC documents and product photos: 10 MB each, a few per request)
  await registerUploads(app, { maxFileBytes: VENDOR_DOCUMENT_MAX_BYTES, maxFiles: 8 });

  await app.register(healthRoutes({ db: database.db, dbKind: database.kind, startedAt: Date.now() }));
  await app.register(filesRoutes({ files: services.files }));
  await app.register(accountsRoutes({ accounts: services.accounts, vendors: services.vendors, loginRateLimit: config.loginRateLimit, clientRateLimits: config.clientRateLimits, sessions: services.sessions }));
  await app.register(mediaRoutes({ dataDir: config.dataDir }));
  await app.register(catalogueRoutes({ catalogue: services.catalogue }));
  await app.register(ordersRoutes({ orders: services.orders, payments: services.cardPayments, cod: services.cod }));
  await app.register(codRoutes({ cod: services.cod }));
  await app.register(shippingRoutes({ shipping: services.shipping, parcels: services.parcels }));
  await app.register(paymentsRoutes({ payments: services.cardPayments }));
  await app.register(transfersRoutes({ payments: services.cardPayments }));
  await app.register(reconciliationRoutes({ reconciliation: services.reconciliation }));
  await app.register(profileRoutes({ profile: services.profile }));
  await app.register(addressesRoutes({ addresses: services.addresses }));
  await app.register(deliveryRoutes({ delivery: services.delivery }));
  // the announced 2026–2027 holidays, once per database (decision 0151)
  app.addHook('onReady', () => services.delivery.seedHolidays());
  await app.register(sellerPerformanceRoutes({ performance: services.sellerPerformance }));
  await app.register(searchRoutes({ search: services.search }));
  await app.register(chatMonitorRoutes({ chatMonitor: services.chatMonitor }));
  await app.register(adminRoutes({ accounts: services.accounts, admin: services.admin, reports: services.reports }));
  // admin area (issue 9): orders, products and the read-only reports
  await app.register(adminOrdersRoutes({ admin: services.admin, reports: services.reports, currency: config.shopCurrency }));
  await app.register(ledgerRoutes({ ledger: services.ledger }));
  await app.register(financeRoutes({ payouts: services.payouts, finance: services.finance }));
  await app.register(earningsRoutes({ payouts: services.payouts, finance: services.finance }));
  await app.register(returnsRoutes({ returns: services.returns }));
  // one store of code tries for the storefront's code box and agents' discount codes (decision 0159)
  const codeTries = createCodeTries(app);
  await app.register(promotionsRoutes({ promotions: services.promotions, codeTries }));
  // the chat checks a code the shopper types against the same tries
  await app.register(assistantRoutes({ assistant: services.assistant, codeTries }));
  await app.register(refundsRoutes({ refunds: services.refunds }));
  await app.register(taxRoutes({ tax: services.tax }));
  await app.register(taxReportRoutes({ vatReport: services.vatReport }));
  await app.register(adminProductsRoutes({ admin: services.admin, reports: services.reports, catalogue: services.catalogue, currency: config.shopCurrency }));
  await app.register(reportsRoutes({ reports: services.reports }));
  await app.register(securityRoutes({ security: services.security }));
  await app.register(vendorsRoutes({ vendors: services.vendors }));
  await app.register(imageSearchRoutes({ imageSearch: services.imageSearch }));
  await app.register(recommendationsRoutes({ recommendations: services.recommendations }));
  // vendor products and embeds
  await app.register(productWriteRoutes({ catalogue: services.catalogue }));
  await app.register(embedsRoutes({ embeds: services.embeds, catalogue: services.catalogue, publicUrl: config.publicUrl, offersById: (ids) => services.promotions.offersById(ids) }));
  await app.register(optimisationRoutes({ optimisation: services.optimisation }));
  await app.register(vendorDashboardRoutes({ dashboard: services.vendorDashboard }));
  await app.register(vendorShippingRoutes({ shipping: services.vendorShipping }));
  await app.register(reviewsRoutes({ reviews: services.reviews }));
  await app.register(pricesRoutes({ prices: services.prices }));
  await app.register(agentsRoutes({
    catalog: services.agentCatalog, checkout: services.agentCheckout, cart: services.agentCart, orders: services.agentOrders, linking: services.agentLinking, guard: services.agentGuard,
    identity: services.agentIdentity, signing: services.agentSigning, idempotency: services.agentIdempotency,
    publicUrl: config.publicUrl,
    limits: { perAgent: config.agentRatePerMinute, perAddress: config.agents.unidentifiedRatePerMinute, perShopper: UCP_SHOPPER_RATE_PER_MINUTE },
    resourceMetadataUrl: new URL(`/.well-known/oauth-protected-resource${UCP_REST_BASE}`, config.publicUrl).href,
    tokenization: () => services.payments.tokenization(),
    codeTries,
  }));
  // the terms and privacy pages every agent checkout links to (decision 0130)
  await app.register(legalRoutes());
  // identity linking (decision 0097): the authorization server, its metadata, consent, Connected assistants, admin Agents
  await app.register(agentOauthRoutes({ oauth: services.agentOauth, linking: services.agentLinking, guard: services.agentGuard, signing: services.agentSigning }));
  app.addHook('onClose', async () => services.agentGuard.flush());
  app.addHook('onClose', async () => {
    services.agentWebhooks.stop();
    services.agentUpkeep.stop();
  });
  // conversations and notifications
  await app.register(supportRoutes({ support: services.support }));
  await app.register(notificationsRoutes({ notifications: services.notifications }));
  await app.register(eventsRoutes({
    events: services.events,
    chatSessionOwner: (id) => services.chatMonitor.sessionOwner(id),
    ...config.liveEvents,
  }));
  // open event streams end before the server waits for its connections to close
  app.addHook('preClose', async () => services.events.close());

  await registerWebApp(app, config.webDist ?? DEFAULT_WEB_DIST, { publicUrl: config.publicUrl });
  app.decorate('services', services);
  return app;
}
