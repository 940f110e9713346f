import type { Config } from '../../config.js';
import type { Db } from '../../platform/db.js';
import type { AuditLog } from '../../platform/audit.js';
import type { Bus } from '../../platform/bus.js';
import { periodicJob } from '../../platform/periodic-job.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { OrdersService } from '../orders/orders.service.js';
import type { SearchService } from '../search/search.service.js';
import type { VendorShippingService } from '../vendors/vendor-shipping.js';
import { createAgentCatalog } from './agents.catalog.js';
import { createAgentCheckout } from './agents.checkout.js';
import { createAgentCart } from './agents.cart.js';
import { createAgentOauth } from './agents.oauth.js';
import { createAgentLinking } from './agents.linking.js';
import { createAgentOrders } from './agents.orders.js';
import { mayBeCheckoutPurchase, type CodRule } from './agents.place-order.js';
import { createAgentGuard } from './agents.guard.js';
import { createAgentProfiles } from './agents.profiles.js';
import { createAgentIdentity } from './agents.identity.js';
import { businessCapabilities } from './agents.profile.js';
import { createAgentSigning } from './agents.signing.js';
import { createAgentIdempotency } from './agents.idempotency.js';
import { createAgentWebhooks } from './agents.webhooks.js';
import type { AgentCardPayments } from './agents.card.js';
import type { AgentPromotions } from './agents.discounts.js';

/**
 * Every service of the agents module, wired (decisions 0089, 0097, 0130, 0131): the UCP catalog over the storefront's
 * search and catalogue, carts and checkout sessions priced by the checkout's rule and placed through the orders
 * service, identity linking, orders, the admin's guard, agents' profiles and signatures, idempotency, webhooks.
 */
export function createAgentServices(deps: {
  config: Config; db: Db; audit: AuditLog; bus: Bus; log: (msg: string) => void;
  search: SearchService; catalogue: CatalogueService; orders: OrdersService; vendorShipping: VendorShippingService;
  /** card payments at the provider (decision 0138) */
  card: AgentCardPayments | null;
  /** the card-only rule after refused deliveries (cash on delivery, decision 0140) */
  cod: CodRule;
  /** coupons and deals on agents' checkouts (the UCP discount extension, decision 0159), late-bound */
  promotions: () => AgentPromotions;
  /** each product's honest "was" price (the storefront's offers, decision 0163), late-bound */
  wasPrices: (ids: readonly number[]) => Promise<Map<number, number | null>>;
}) {
  const { config, db, audit, bus, catalogue, orders, vendorShipping } = deps;
  const currency = config.shopCurrency;
  const requireHttps = config.env === 'production';
  const deliveryOf = async (ids: number[]) => {
    const rules = await vendorShipping.many(ids);
    return new Map([...rules].flatMap(([id, r]) => (r.delivery_min_days !== null && r.delivery_max_days !== null ? [[id, { min: r.delivery_min_days, max: r.delivery_max_days }] as const] : [])));
  };
  const agentCatalog = createAgentCatalog({ search: deps.search, catalogue, shipping: vendorShipping, currency, bus, wasPrices: deps.wasPrices });
  const agentCart = createAgentCart({ db, catalogue, sellers: orders.pricingBasis, currency });
  const agentSigning = createAgentSigning({ db, audit });
  const agentOrders = createAgentOrders({
    db, audit,
    sellers: async (ids) => new Map([...(await vendorShipping.many(ids))].map(([id, r]) => [id, { name: r.name, min: r.delivery_min_days, max: r.delivery_max_days }])),
  });
  const agentWebhooks = createAgentWebhooks({ db, bus, orders: agentOrders, signing: agentSigning, publicUrl: config.publicUrl, allowLoopback: config.agents.allowLoopback, requireHttps, log: deps.log });
  // completing an agent's checkout places the order through orders.placeOrder (mapping: agents.place-order.ts)
  const agentCheckout = createAgentCheckout({
    db, catalogue, orders, audit, currency, delivery: deliveryOf, cartLines: agentCart.linesOf,
    placed: (purchaseId) => agentWebhooks.placed(purchaseId), card: deps.card, cod: deps.cod, promotions: deps.promotions,
  });
  // a card purchase released once its payment is authorised (the shopper passed 3-D Secure in the browser, or the
  // provider's webhook came first): the agent's checkout completes without waiting for the agent to ask
  // (a purchase-level event of card payments only: cash purchases cost it nothing)
  // (a storefront purchase, whose key says it is no checkout's, is not looked for: decision 0171)
  bus.on('purchase.paid', (e) => (e.idempotencyKey !== undefined && !mayBeCheckoutPurchase(e.idempotencyKey) ? undefined : agentCheckout.paid(e.purchaseId, config.publicUrl)), { scope: 'origin' });
  // identity linking (decision 0097): oidc-provider on oauth_records
  const agentOauth = createAgentOauth({ db, publicUrl: config.publicUrl, cookieKeys: config.oauthCookieKeys });
  const agentLinking = createAgentLinking({ db, oauth: agentOauth, audit });
  const agentGuard = createAgentGuard({ db, audit });
  const agentProfiles = createAgentProfiles({ requireHttps, allowLoopback: config.agents.allowLoopback });
  const agentIdempotency = createAgentIdempotency({ db });
  const agentIdentity = createAgentIdentity({ profiles: agentProfiles, business: businessCapabilities() });
  // hourly: a signing key older than 90 days is rotated; idempotency keys older than 48 hours are forgotten
  const agentUpkeep = periodicJob('agents upkeep', async (now) => {
    await agentSigning.maintain(now);
    return agentIdempotency.sweep(now);
  }, { everyMs: 60 * 60_000, log: deps.log });
  return {
    agentCatalog, agentCheckout, agentCart, agentOauth, agentLinking, agentOrders, agentGuard,
    agentProfiles, agentIdentity, agentSigning, agentIdempotency, agentWebhooks, agentUpkeep,
  };
}
