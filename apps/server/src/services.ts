import type { Config } from './config.js';
import type { Database } from './platform/db.js';
import { createSessionStore } from './platform/auth.js';
import { createAccountsService } from './modules/accounts/accounts.service.js';
import { createVendorsService } from './modules/vendors/vendors.service.js';
import { createBus } from './platform/bus.js';
import { createPlannerStats } from './platform/planner-stats.js';
import { createAuditLog } from './platform/audit.js';
import path from 'node:path';
import { createDiskStorage } from './platform/storage.js';
import { createFilesService } from './modules/files/files.service.js';
import { createMediaService } from './platform/media.js';
import { createCatalogueService } from './modules/catalogue/catalogue.service.js';
import { createPricesService } from './modules/prices/prices.service.js';
import { createLedgerService } from './modules/ledger/ledger.service.js';
import { createPayoutsService } from './modules/payouts/payouts.service.js';
import { createPayoutNotices } from './modules/payouts/payouts.notices.js';
import { createFinanceQueries } from './modules/payouts/finance.queries.js';
import { createReturnsService } from './modules/returns/returns.service.js';
import { createRefundsService } from './modules/refunds/refunds.service.js';
import { createTaxService } from './modules/tax/tax.service.js';
import { createCommissionJob } from './modules/tax/commission.job.js';
import { createOauthSweep } from './modules/agents/agents.oauth-sweep.js';
import { createAgentServices } from './modules/agents/agents.services.js';
import { createVatReportService } from './modules/tax/tax.report.js';
import { createOrdersService } from './modules/orders/orders.service.js';
import { createProfileService } from './modules/profile/profile.service.js';
import { createAddressesService } from './modules/addresses/addresses.service.js';
import { createDeliveryService } from './modules/delivery/delivery.service.js';
import { createSearchService } from './modules/search/search.service.js';
import { createSearchQueries } from './modules/search/search.queries.js';
import { createChatMonitorService } from './modules/chat-monitor/chat-monitor.service.js';
import { createAssistantService } from './modules/assistant/assistant.service.js';
import { createAftersales } from './modules/assistant/assistant.aftersales.js';
import { createShopperOrders } from './modules/orders/orders.shopper.js';
import { createPromotionsService, REFUSAL_MESSAGES } from './modules/promotions/promotions.service.js';
import { createImageSearchService } from './modules/image-search/image-search.service.js';
import { createRecommendationsService } from './modules/recommendations/recommendations.service.js';
import { createEmbedsService } from './modules/embeds/embeds.service.js';
import { createOptimisationService } from './modules/optimisation/optimisation.service.js';
// conversations and notifications
import { createSupportService } from './modules/support/support.service.js';
import { createNotificationsService } from './modules/notifications/notifications.service.js';
import { createEventsService } from './modules/events/events.service.js';
import { LIST_MAX_LIMIT } from '@souq/shared/constants';
import { createMailer } from './platform/mailer.js';
import { createReportsService } from './modules/reports/reports.service.js';
import { createAdminService } from './modules/admin/admin.service.js';
import type { Redis } from 'ioredis';
import { createSecurityService } from './modules/security/security.service.js';
import { createAccessLimiter, DEFAULT_ACCESS_LIMITS, memoryCounters, redisCounters, resilientCounters } from './modules/security/access-limiter.js';
import { createVendorDashboardService } from './modules/vendor-dashboard/vendor-dashboard.service.js';
import { createVendorShippingService } from './modules/vendors/vendor-shipping.js';
import { createReviewsService } from './modules/reviews/reviews.service.js';
import { createPaymentsRuntime } from './modules/payments/payments.runtime.js';
import { createPaymentsService } from './modules/payments/payments.service.js';
import { createTransferNotices } from './modules/payments/payments.transfer-notices.js';
import { createCodService } from './modules/cod/cod.service.js';
import { createShippingService } from './modules/shipping/shipping.service.js';
import { createParcelsOverview } from './modules/shipping/shipping.admin.js';
import { createReconciliationService } from './modules/reconciliation/reconciliation.service.js';
import { createSellerPerformanceService } from './modules/seller-performance/seller-performance.service.js';

/**
 * The composition root: every service built once from its explicit dependencies.
 * Add a domain here, then register its routes in app.ts.
 */
export function createServices(config: Config, database: Database, log: (msg: string) => void, opts: { redis?: Redis | null } = {}) {
  const { db } = database;
  const sessions = createSessionStore(db, undefined, config.adminSessionMaxMs);
  const bus = createBus({ log, redisUrl: config.redisUrl });
  const audit = createAuditLog({ db });
  const storage = createDiskStorage(path.join(config.dataDir, 'uploads'));
  const files = createFilesService({ db, storage });
  // vendor lifecycle (issue 8): onboarding documents are private files; every change is audited
  const vendors = createVendorsService({ db, audit, files });
  const accounts = createAccountsService({ db, sessions, vendors, adminAccessCode: config.adminAccessCode, log, audit });
  const media = createMediaService({ dataDir: config.dataDir });
  // price log and price alerts (issue 28, decision 0101): the catalogue writes the log in its own transactions
  const prices = createPricesService({ db, bus });
  // late-bound: orders depends on the catalogue, and the catalogue asks orders whether a product was ever sold
  const catalogue = createCatalogueService({
    db, query: database.query, bus, audit, productHasOrders: (id) => orders.productHasOrders(id),
    // vendor products: uploaded photos, owners' names and verification, embeds (late-bound like orders), shop currency
    files, owners: (ids) => vendors.summariesByIds(ids), embedLookup: (ids) => embeds.lookup(ids), currency: config.shopCurrency,
    priceLog: prices,
    // a seller paused for its performance may not put a product back on sale (decision 0154); late-bound like orders
    listingsPaused: (id) => sellerPerformance.isPaused(id),
  });
  const embeds = createEmbedsService({ db, bus, catalogue, audit });
  // outgoing mail only with SMTP_URL (order confirmations)
  const mailer = config.mail.smtpUrl ? createMailer({ url: config.mail.smtpUrl, from: config.mail.from, log }) : null;
  // the delivery promise (decision 0151): the public holidays the admin keeps; checkout asks it for each seller's dates
  const delivery = createDeliveryService({ db, audit });
  const orders = createOrdersService({
    delivery, addresses: { get: (userId, id) => addresses.get(userId, id), create: (userId, input) => addresses.create(userId, input) },
    db, query: database.query, transaction: database.transaction, bus, audit, catalogue, currency: config.shopCurrency, mailer, log,
    // admin: assign an order to a vendor (404 when the vendor does not exist)
    vendorForAssignment: (id) => vendors.getDto(id),
    // coupons and deals redeemed with a purchase and given back with a cancellation (decision 0152)
    promotions: () => ({ ...promotions.redemptions, refusalMessage: (reason) => REFUSAL_MESSAGES[reason] }),
  });
  // commission rates and the ledger's read-outs (decision 0087); the entries themselves are posted by orders
  const vendorShipping = createVendorShippingService({ db, audit });
  // VAT settings, vendors' tax profiles, tax documents (decisions 0098, 0099); orders issue the documents
  const tax = createTaxService({ db, audit });
  // the VAT report from the documents and the ledger (decision 0109)
  const vatReport = createVatReportService({ db });
  const ledger = createLedgerService({ db, audit, vendorExists: async (id) => (await vendors.summariesByIds([id])).has(id) });
  // vendor balances, payouts, adjustments and the Finance read-outs (decision 0095)
  // a changed payout account waits for an admin and some days; its owner is told by e-mail and push (decision 0125)
  const payouts = createPayoutsService({
    db, audit, currency: config.shopCurrency, waitDays: config.payoutAccountWaitDays, notify: createPayoutNotices({ db, bus, mailer, log }),
  });
  const finance = createFinanceQueries(db, config.shopCurrency);
  // returns and refunds per line (decision 0094): refunds post to the ledger in the transaction of their receipt
  const returns = createReturnsService({ db, bus, audit, catalogue, currency: config.shopCurrency });
  // store credit and bank-transfer refunds with their batches (decision 0141)
  const refunds = createRefundsService({ db, audit, currency: config.shopCurrency });
  const profile = createProfileService({ db });
  // UAE addresses and the delivery promise's holidays (decision 0151)
  const addresses = createAddressesService({ db });
  // bulk reads after start-up (index build, recommendation model, image backfill) go through the database's background
  // lane: on the embedded database they never hold up a request for more than one step (decision 0066)
  const background = database.background;
  const search = createSearchService({
    queries: createSearchQueries(db, { background, pageSize: database.kind === 'pglite' ? 1000 : undefined }),
    catalogue, bus, log,
  });
  const chatMonitor = createChatMonitorService({
    db,
    bus,
    audit,
    // names and roles through the accounts service, one query per page of sessions
    userInfo: (ids) => accounts.usersByIds(ids),
  });
  const assistant = createAssistantService({
    search,
    orders,
    // late-bound like orders: the reviews service is built further down
    reviews: { evidence: (id) => reviews.evidence(id) },
    prices,
    // late-bound too: the promotions service is built further down; read through its service, never its tables
    deals: { running: (ids) => promotions.runningDeals(ids) },
    // a code typed in the chat, checked as the checkout's code box checks it (late-bound like deals)
    coupons: { check: (code, items, userId) => promotions.checkCoupon(code, items, userId) },
    departmentsAr: catalogue.categoryNamesAr,
    chatMonitor,
    ai: config.ai,
    log,
    // while an admin has the session, the assistant says a person is answering instead of replying on its own
    isHumanHandling: ({ clientSessionId, userId }) => chatMonitor.isHumanHandling(clientSessionId, userId),
    // after the purchase (decision 0107): each action through the module that owns it; support is built further down
    aftersales: createAftersales({
      db, shopperOrders: createShopperOrders({ db, orders }), returns, shipping: vendorShipping, search, departmentsAr: catalogue.categoryNamesAr,
      support: { create: (customer, input) => support.create(customer, input) },
      userName: async (id) => (await accounts.usersByIds([id])).get(id)?.name ?? '',
    }),
  });
  // the embedded database has no autovacuum: planner statistics after migrations, seeding and bulk writes (decision
  // 0073); a product write may be part of an import, so the keeper looks again shortly (one cheap query if not)
  const plannerStats = createPlannerStats({ database, log });
  bus.on('product.changed', () => plannerStats.soon());
  // the marketplace's monthly commission invoices to its vendors, from the ledger (decision 0108)
  const commissionJob = createCommissionJob({ db, database, log });
  // the agents' OAuth records (codes, tokens, interactions) deleted a day after they expired, hourly, in batches
  const oauthSweep = createOauthSweep({ db, database, log });
  const imageSearch = createImageSearchService({ db, catalogue, readImage: media.read, bus, log, idleMs: config.imageSearchIdleMs, background });
  const recommendations = createRecommendationsService({ db, catalogue, bus, log, background });
  const optimisation = createOptimisationService({ db, catalogue, audit, categoryPrices: async (c) => (await search.categoryPrices(c)).prices });
  // conversations and notifications
  const support = createSupportService({
    db,
    bus,
    audit,
    userInfo: (ids) => accounts.usersByIds(ids),
    // a search over customers' names and e-mails, bounded like any list
    findUserIds: async (search) => (await accounts.listUsers({ search, limit: LIST_MAX_LIMIT, offset: 0 })).items.map((u) => u.id),
  });
  const notifications = createNotificationsService({
    db, bus, audit, vapid: config.vapid, allowPrivateEndpoints: config.pushAllowPrivateEndpoints, log,
  });
  // admin area (issue 9): the cross-module read model and the dashboard's actions. The bell counts vendors
  // pending review (the vendors module's derived status) and support conversations awaiting staff.
  const reports = createReportsService({
    db, currency: config.shopCurrency, managedProducts: (ids) => catalogue.managedByIds(ids),
    pendingVendors: () => vendors.countPendingReview(), supportAwaiting: () => support.countAwaitingStaff(),
    departmentsAr: catalogue.categoryNamesAr,
  });
  // admin access gate (issue 13): wrong-code counters shared through Redis when configured
  const counters = opts.redis ? resilientCounters(redisCounters(opts.redis), memoryCounters(), log) : memoryCounters();
  const limiter = createAccessLimiter(counters, { ...DEFAULT_ACCESS_LIMITS, ...config.adminAccess });
  const security = createSecurityService({ db, sessions, accounts, audit, limiter });
  const admin = createAdminService({ accounts, orders, catalogue, reports, checkVendor: (id) => vendors.getDto(id) });
  // vendor dashboard (issue 8): the vendor's own stat cards, orders (Ship through orders.setStatus), analytics, settings
  const vendorDashboard = createVendorDashboardService({ db, audit, orders, currency: config.shopCurrency, departmentsAr: catalogue.categoryNamesAr });
  const events = createEventsService({ bus, vendorsOfOrder: vendorDashboard.vendorsOfOrder });
  // verified reviews (issue 28): photos through the files module, moderation through the audit trail
  const reviews = createReviewsService({ db, audit, bus, files });
  // the payment provider (decision 0124): real with its keys, else the local provider main.ts starts
  const payments = createPaymentsRuntime(config.payments, { souqUrl: config.publicUrl, log });
  // card purchases paid through it (decision 0137): the orders module holds them, this one moves them on the provider's word
  const cardPayments = createPaymentsService({
    db, query: database.query, runtime: payments, hold: orders.paymentHold, purchaseByNumber: orders.purchaseByNumber, publicUrl: config.publicUrl,
    waitMinutes: config.payments.waitMinutes, capture: config.payments.capture, log, bus, audit,
    // sellers paid by transfer (decision 0147): told by e-mail and a bus event when money comes back or stays owed
    currency: config.shopCurrency, transferNotice: createTransferNotices({ db, bus, mailer, log, currency: config.shopCurrency }),
  });
  // cash on delivery settled (decision 0140): couriers, remittances, refused deliveries; moves through orders.setStatus
  const cod = createCodService({ db, query: database.query, audit, currency: config.shopCurrency, setStatus: (id, status, o) => orders.setStatus(id, status, o) });
  // agents over UCP (decisions 0089, 0097, 0130, 0131): every service of the module, wired in agents.services.ts;
  // they pay by card through the same payments (decision 0138), and cash only where the shopper may (decision 0140)
  const agents = createAgentServices({
    config, db, audit, bus, log, search, catalogue, orders, vendorShipping, cod,
    // the UCP discount extension checks codes by the promotions module's rule, as the storefront's checkout does
    promotions: () => ({
      apply: (lines, code, userId) => promotions.redemptions.apply(lines, code, userId),
      names: (ids) => promotions.names(ids),
      refusalMessage: (reason) => REFUSAL_MESSAGES[reason],
      isRefusal: (message) => Object.values(REFUSAL_MESSAGES).includes(message),
    }),
    // a product's list price for agents is the storefront's honest "was" price, never a typed compare-at (decision 0163)
    wasPrices: async (ids) => new Map([...(await promotions.offersById(ids))].map(([id, o]) => [id, o.was_cents])),
    card: {
      tokenization: () => payments.tokenization(),
      paymentMethod: (token) => cardPayments.paymentMethod(token),
      payWithMethod: (purchase, method, lang) => cardPayments.payWithMethod(purchase, method, lang),
      begin: (purchase, lang, opts) => cardPayments.begin(purchase, lang, opts),
      stateOfPurchase: (purchase, lang) => cardPayments.stateOfPurchase(purchase, lang),
      cancelUnpaid: (purchase, lang) => cardPayments.cancelUnpaid(purchase, lang),
      purchase: (number) => orders.purchaseByNumber(number),
    },
  });
  // carriers, labels and tracking (decision 0150): each carrier real with its keys, otherwise the local carrier
  const shipping = createShippingService({ db, bus, audit, config: config.shipping, souqUrl: config.publicUrl, currency: config.shopCurrency, setStatus: (id, status, o) => orders.setStatus(id, status, o), log,
    receiveReturn: (id, vendorId, restock, actor) => returns.receive(id, vendorId === null ? { admin: true } : { vendorId }, restock, actor),
  });
  const parcels = createParcelsOverview({ db });
  // the ledger against the provider's balance transactions and the bank's statements (decision 0143)
  const reconciliation = createReconciliationService({ db, database, audit, provider: () => payments.provider, log });
  // coupons, deals and campaigns, and who funds them (issue 39, decision 0148)
  const promotions = createPromotionsService({ db, query: database.query, audit, catalogue, priceLogs: (ids) => prices.logsOf(ids) });
  // sellers held to their promises (issue 40 item 7, decision 0154): rates from the sub-orders, warn and pause, hourly
  const sellerPerformance = createSellerPerformanceService({ db, database, bus, audit, holidays: () => delivery.holidays(), log });
  return {
    sellerPerformance, payments, cardPayments, cod, reconciliation, shipping, parcels, promotions, delivery, addresses,
    reviews, prices, vendorDashboard, ...agents,
    sessions, vendors, accounts, bus, audit, media, storage, files, catalogue, embeds, orders, profile, imageSearch, recommendations, optimisation, search, chatMonitor, assistant, plannerStats, commissionJob, oauthSweep,
    support, notifications, events, mailer, reports, admin, security, ledger, payouts, finance, returns, refunds, vendorShipping, tax, vatReport,
  };
}

export type Services = ReturnType<typeof createServices>;
