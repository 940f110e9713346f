// The whole schema, for drizzle-kit and for typed queries. Modules import the tables of their own domain file.
export * from './accounts.js';
export * from './vendors.js';
export * from './catalogue.js';
export * from './orders.js';
export * from './support.js';
export * from './assistant.js';
export * from './recommendations.js';
export * from './notifications.js';
export * from './audit.js';
export * from './optimisation.js';
export * from './security.js';
export * from './reviews.js';
export * from './agents.js';
export * from './ledger.js';
export * from './returns.js';
export * from './prices.js';
export * from './tax.js';
