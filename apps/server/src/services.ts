import type { Config } from './config.js';
import type { Database } from './platform/db.js';
import { createSessionStore } from './platform/auth.js';
import { createAccountsService } from './modules/accounts/accounts.service.js';
import { createVendorsService } from './modules/vendors/vendors.service.js';
import { createBus } from './platform/bus.js';
import { createAuditLog } from './platform/audit.js';
import path from 'node:path';
import { createDiskStorage } from './platform/storage.js';
import { createFilesService } from './modules/files/files.service.js';
import { createMediaService } from './platform/media.js';
import { createCatalogueService } from './modules/catalogue/catalogue.service.js';
import { createOrdersService } from './modules/orders/orders.service.js';
import { createProfileService } from './modules/profile/profile.service.js';
import { createSearchService } from './modules/search/search.service.js';
import { createSearchQueries } from './modules/search/search.queries.js';
import { createChatMonitorService } from './modules/chat-monitor/chat-monitor.service.js';
import { createAssistantService } from './modules/assistant/assistant.service.js';
import { createImageSearchService } from './modules/image-search/image-search.service.js';
import { createRecommendationsService } from './modules/recommendations/recommendations.service.js';
import { createMailer } from './platform/mailer.js';

/**
 * The composition root: every service built once from its explicit dependencies.
 * Add a domain here, then register its routes in app.ts.
 */
export function createServices(config: Config, database: Database, log: (msg: string) => void) {
  const { db } = database;
  const sessions = createSessionStore(db);
  const vendors = createVendorsService({ db });
  const accounts = createAccountsService({ db, sessions, vendors, adminAccessCode: config.adminAccessCode, log });
  const bus = createBus({ log, redisUrl: config.redisUrl });
  const audit = createAuditLog({ db });
  const media = createMediaService({ dataDir: config.dataDir });
  const storage = createDiskStorage(path.join(config.dataDir, 'uploads'));
  const files = createFilesService({ db, storage });
  // late-bound: orders depends on the catalogue, and the catalogue asks orders whether a product was ever sold
  const catalogue = createCatalogueService({ db, bus, audit, productHasOrders: (id) => orders.productHasOrders(id) });
  // outgoing mail only with SMTP_URL (order confirmations)
  const mailer = config.mail.smtpUrl ? createMailer({ url: config.mail.smtpUrl, from: config.mail.from, log }) : null;
  const orders = createOrdersService({ db, bus, audit, catalogue, currency: config.shopCurrency, mailer, log });
  const profile = createProfileService({ db });
  const search = createSearchService({ queries: createSearchQueries(db), catalogue, bus, log });
  const chatMonitor = createChatMonitorService({
    db,
    // names and roles through the accounts service, one query per page of sessions
    userInfo: (ids) => accounts.usersByIds(ids),
  });
  const assistant = createAssistantService({ search, orders, chatMonitor, ai: config.ai, log });
  const imageSearch = createImageSearchService({ db, catalogue, readImage: media.read, bus, log });
  const recommendations = createRecommendationsService({ db, catalogue, bus, log });
  return { sessions, vendors, accounts, bus, audit, media, storage, files, catalogue, orders, profile, imageSearch, recommendations, search, chatMonitor, assistant, mailer };
}

export type Services = ReturnType<typeof createServices>;
