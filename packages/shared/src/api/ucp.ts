import { z } from 'zod';
import { SEARCH_QUERY_MAX } from './search.js';

/**
 * The Universal Commerce Protocol as Souq serves it (release 2026-04-08; decision 0089). Requests are validated
 * here with the release's own rules (field names, integer minor units); answers are typed loosely for the API
 * docs — the release's JSON Schemas are what the tests hold them to.
 */
export const UCP_VERSION = '2026-04-08';

export const UCP = {
  service: 'dev.ucp.shopping',
  search: 'dev.ucp.shopping.catalog.search',
  lookup: 'dev.ucp.shopping.catalog.lookup',
  /** Souq's extension: the vendor that sells the product (reverse-domain name of souq.test). */
  vendor: 'test.souq.shopping.vendor',
  cod: 'test.souq.payment.cash_on_delivery',
  /** A card paid at the payment provider: tokenised by the agent at the provider, or typed by the shopper there (decision 0138). */
  card: 'test.souq.payment.card',
} as const;

/**
 * The card handler's credential (decision 0138): a payment method the agent created at the provider with the
 * publishable key the profile names, bound to one checkout by `metadata[ucp_checkout_id]`. Card data goes from the
 * agent to the provider only; Souq receives this token and reads the payment method back before charging it.
 */
export const UCP_CARD_CREDENTIAL = 'stripe_payment_method';
export const UCP_CARD_BINDING_FIELD = 'ucp_checkout_id';

/** The REST binding's base path and the MCP endpoint (both absolute in the profile). */
export const UCP_REST_BASE = '/ucp';
export const UCP_MCP_PATH = '/ucp/mcp';
export const UCP_VENDOR_SCHEMA_PATH = '/ucp/schemas/vendor.json';

/** Search paging: the binding's default limit is 10; Souq answers at most 50 per page. */
export const UCP_PAGE_DEFAULT = 10;
export const UCP_PAGE_MAX = 50;
/** Requests per minute per agent (by the profile it names; by client address when it names none). */
export const UCP_AGENT_RATE_PER_MINUTE = 120;
/** Lookup batch: more identifiers than this is an invalid request (the MCP binding's -32602). */
export const UCP_LOOKUP_MAX_IDS = 50;

const id = z.string().trim().min(1).max(100);
const amount = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** types/context.json: open object; Souq reads `language` (en or ar) and keeps the rest. */
export const ucpContextSchema = z
  .object({ language: z.string().max(35).optional(), currency: z.string().max(3).optional() })
  .loose();

/**
 * types/search_filters.json: `categories` and `price` (minor units) from the release, `in_stock` as Souq's own
 * (the schema leaves the object open). Souq's index filters by one category at a time (decision 0089).
 */
export const ucpFiltersSchema = z
  .object({
    categories: z.array(z.string().trim().min(1).max(100)).max(1, { error: 'Souq filters by one category at a time' }).optional(),
    price: z.object({ min: amount.optional(), max: amount.optional() }).optional(),
    in_stock: z.boolean().optional(),
  })
  .loose();

/** catalog_search.json#/$defs/search_request; the MCP binding requires `query`, so both bindings do. */
export const ucpSearchRequestSchema = z
  .object({
    query: z.string().trim().min(1, { error: 'Search query is required' }).max(SEARCH_QUERY_MAX),
    context: ucpContextSchema.optional(),
    filters: ucpFiltersSchema.optional(),
    pagination: z
      .object({ cursor: z.string().max(200).optional(), limit: z.number().int().min(1).max(UCP_PAGE_MAX).optional() })
      .optional(),
  })
  .loose();
export type UcpSearchRequest = z.infer<typeof ucpSearchRequestSchema>;

/** catalog_lookup.json#/$defs/lookup_request: product ids and variant ids. */
export const ucpLookupRequestSchema = z
  .object({
    ids: z.array(id).min(1).max(UCP_LOOKUP_MAX_IDS),
    filters: ucpFiltersSchema.optional(),
    context: ucpContextSchema.optional(),
  })
  .loose();
export type UcpLookupRequest = z.infer<typeof ucpLookupRequestSchema>;

/** catalog_lookup.json#/$defs/get_product_request. */
export const ucpGetProductRequestSchema = z
  .object({
    id,
    selected: z.array(z.object({ name: z.string().max(100), label: z.string().max(200) }).loose()).max(10).optional(),
    context: ucpContextSchema.optional(),
  })
  .loose();
export type UcpGetProductRequest = z.infer<typeof ucpGetProductRequestSchema>;

// ---------- answers (typed for the server and the docs; the release's schemas are the real check) ----------

const price = z.object({ amount: z.number().int(), currency: z.string() });
export type UcpPrice = z.infer<typeof price>;

/** Souq's vendor extension on a product: who sells it and on which terms. */
export const ucpVendorSchema = z.object({
  id: z.string(),
  name: z.string(),
  rating: z.object({ value: z.number(), scale_max: z.number(), count: z.number().int() }).optional(),
  return_window_days: z.number().int(),
  shipping: z.object({ fee: price, free_above: price }),
  /** The seller's delivery estimate in business days from shipping, when it gave one (decision 0107). */
  delivery: z.object({ min_business_days: z.number().int(), max_business_days: z.number().int() }).optional(),
});
export type UcpVendor = z.infer<typeof ucpVendorSchema>;

export const ucpVariantSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.object({ plain: z.string() }),
    sku: z.string().optional(),
    price,
    list_price: price.optional(),
    availability: z.object({ available: z.boolean(), status: z.string() }),
    options: z.array(z.object({ name: z.string(), label: z.string() })).optional(),
    seller: z.object({ name: z.string() }).optional(),
  })
  .loose();
export type UcpVariant = z.infer<typeof ucpVariantSchema>;

export const ucpProductSchema = z
  .object({
    id: z.string(),
    handle: z.string(),
    title: z.string(),
    description: z.object({ plain: z.string() }),
    url: z.string(),
    categories: z.array(z.object({ value: z.string(), taxonomy: z.string() })),
    price_range: z.object({ min: price, max: price }),
    list_price_range: z.object({ min: price, max: price }).optional(),
    media: z.array(z.object({ type: z.string(), url: z.string(), alt_text: z.string().optional() })),
    options: z.array(z.object({ name: z.string(), values: z.array(z.object({ label: z.string() })) })).optional(),
    variants: z.array(ucpVariantSchema),
    rating: z.object({ value: z.number(), scale_max: z.number(), count: z.number().int() }).optional(),
    tags: z.array(z.string()),
    [UCP.vendor]: ucpVendorSchema.optional(),
  })
  .loose();
export type UcpProduct = z.infer<typeof ucpProductSchema>;

const capabilityRef = z.array(z.object({ version: z.string() }).loose());
export const ucpResponseMetaSchema = z
  .object({ version: z.string(), status: z.enum(['success', 'error']).optional(), capabilities: z.record(z.string(), capabilityRef).optional() })
  .loose();

export const ucpMessageSchema = z
  .object({ type: z.enum(['error', 'warning', 'info']), code: z.string(), content: z.string(), severity: z.string().optional(), path: z.string().optional() })
  .loose();
export type UcpMessage = z.infer<typeof ucpMessageSchema>;

export const ucpSearchResponseSchema = z.object({
  ucp: ucpResponseMetaSchema,
  products: z.array(ucpProductSchema),
  pagination: z.object({ has_next_page: z.boolean(), cursor: z.string().optional(), total_count: z.number().int() }),
  messages: z.array(ucpMessageSchema).optional(),
});
export type UcpSearchResponse = z.infer<typeof ucpSearchResponseSchema>;

export const ucpLookupResponseSchema = z.object({
  ucp: ucpResponseMetaSchema,
  products: z.array(ucpProductSchema),
  messages: z.array(ucpMessageSchema).optional(),
});
export type UcpLookupResponse = z.infer<typeof ucpLookupResponseSchema>;

export const ucpGetProductResponseSchema = z.object({
  ucp: ucpResponseMetaSchema,
  product: ucpProductSchema.extend({ selected: z.array(z.object({ name: z.string(), label: z.string() })).optional() }),
  messages: z.array(ucpMessageSchema).optional(),
});

/** types/error_response.json: a business outcome with no resource (unknown product, ...). */
export const ucpErrorResponseSchema = z.object({ ucp: ucpResponseMetaSchema, messages: z.array(ucpMessageSchema).min(1) });
export type UcpErrorResponse = z.infer<typeof ucpErrorResponseSchema>;

/** GET /.well-known/ucp: the business profile (discovery/profile_schema.json#/$defs/business_profile). */
export const ucpProfileSchema = z.object({ ucp: ucpResponseMetaSchema }).loose();

// ---------- checkout (checkout.json with the fulfillment extension; decision 0089) ----------

export const UCP_CHECKOUT = {
  checkout: 'dev.ucp.shopping.checkout',
  fulfillment: 'dev.ucp.shopping.fulfillment',
  /** The discount extension (discount.json): codes in, applied discounts out, rejected codes as warnings (decision 0159). */
  discount: 'dev.ucp.shopping.discount',
} as const;
/** At most this many codes in one request (Souq takes one coupon; the rest are answered, not tried without end). */
export const UCP_DISCOUNT_MAX_CODES = 5;
/** An open checkout session lives this long after its last change. */
export const UCP_CHECKOUT_TTL_HOURS = 6;
export const UCP_CHECKOUT_MAX_LINES = 100;

const text = (max: number) => z.string().trim().max(max);

/** A line as the agent sends it: the catalog's variant (or product) id and a quantity; prices come from Souq. */
const lineInputSchema = z
  .object({ id: text(40).optional(), item: z.object({ id }).loose(), quantity: z.number().int().min(1).max(999) })
  .loose();

/** types/postal_address.json: no field is required by the release; what Souq needs to deliver is asked for in messages. */
const addressSchema = z
  .object({
    id: text(40).optional(),
    street_address: text(300).optional(),
    extended_address: text(300).optional(),
    address_locality: text(100).optional(),
    address_region: text(100).optional(),
    address_country: text(100).optional(),
    postal_code: text(20).optional(),
    first_name: text(60).optional(),
    last_name: text(60).optional(),
    phone_number: text(40).optional(),
  })
  .loose();

export const ucpBuyerSchema = z
  .object({
    first_name: text(60).optional(),
    last_name: text(60).optional(),
    email: z.string().trim().toLowerCase().pipe(z.email({ error: 'Enter a valid email address' })).optional(),
    phone_number: text(40).optional(),
  })
  .loose();

/**
 * A selected payment instrument names one of the profile's handlers. Cash on delivery takes no credential; the card
 * takes only a token from the provider (types/token_credential.json), never card data (decision 0138).
 */
const instrumentSchema = z
  .object({
    id: text(60),
    handler_id: z.enum(['cod', 'card'], { error: 'Unknown payment handler' }),
    type: text(40),
    credential: z
      .object({
        type: z.literal(UCP_CARD_CREDENTIAL, { error: `Only a ${UCP_CARD_CREDENTIAL} token from the payment provider is accepted; card data is never sent to Souq` }),
        token: z.string().trim().regex(/^pm_[A-Za-z0-9_]{6,250}$/, { error: 'Not a payment method token from the payment provider' }),
      })
      .loose()
      .optional(),
    selected: z.boolean().optional(),
  })
  .loose()
  .refine((i) => i.credential === undefined || i.handler_id === 'card', { error: 'Cash on delivery takes no payment credential', path: ['credential'] });

const checkoutFields = {
  buyer: ucpBuyerSchema.optional(),
  context: ucpContextSchema.optional(),
  fulfillment: z
    .object({
      methods: z
        .array(z.object({ type: z.enum(['shipping'], { error: 'Souq ships; pickup is not offered' }), destinations: z.array(addressSchema).max(1).optional() }).loose())
        .max(1)
        .optional(),
    })
    .loose()
    .optional(),
  payment: z.object({ instruments: z.array(instrumentSchema).max(1).optional() }).loose().optional(),
  /** discount.json's discounts_object as a request: codes replace the ones sent before; [] clears them. */
  discounts: z
    .object({ codes: z.array(z.string().trim().min(1).max(64)).max(UCP_DISCOUNT_MAX_CODES, { error: `At most ${UCP_DISCOUNT_MAX_CODES} discount codes` }).optional() })
    .loose()
    .optional(),
};

const lineItems = z.array(lineInputSchema).min(1, { error: 'Your cart is empty' }).max(UCP_CHECKOUT_MAX_LINES);

/** update_checkout / PUT /checkout-sessions/{id}: the whole session replaced. */
export const ucpCheckoutWriteSchema = z.object({ line_items: lineItems, ...checkoutFields }).loose();
export type UcpCheckoutWrite = z.infer<typeof ucpCheckoutWriteSchema>;

/**
 * create_checkout / POST /checkout-sessions: line items, or (the cart capability's extension of checkout, cart.json
 * `$defs.checkout`) a `cart_id` whose lines the session takes, ignoring any line items sent beside it.
 */
export const ucpCheckoutCreateSchema = z
  .object({ line_items: lineItems.optional(), cart_id: z.string().regex(/^cart_[0-9a-f]{32}$/, { error: 'Cart not found' }).optional(), ...checkoutFields })
  .loose()
  .refine((v) => v.cart_id !== undefined || v.line_items !== undefined, { error: 'Give line_items or a cart_id', path: ['line_items'] });
export type UcpCheckoutCreate = z.infer<typeof ucpCheckoutCreateSchema>;

/** complete_checkout: the payment (required) and nothing of the lines. */
export const ucpCheckoutCompleteSchema = z.object({ payment: checkoutFields.payment.unwrap().optional() }).loose();
export type UcpCheckoutComplete = z.infer<typeof ucpCheckoutCompleteSchema>;

export const ucpCheckoutIdParamSchema = z.object({ id: z.string().regex(/^chk_[0-9a-f]{32}$/, { error: 'Checkout session not found' }) });

/** The checkout answer (typed loosely for the docs; checkout.json is the real check in tests). */
export const ucpCheckoutSchema = z
  .object({ ucp: ucpResponseMetaSchema, id: z.string(), status: z.string(), currency: z.string(), line_items: z.array(z.object({}).loose()), totals: z.array(z.object({ type: z.string(), amount: z.number().int() }).loose()), links: z.array(z.object({}).loose()) })
  .loose();
export type UcpCheckout = z.infer<typeof ucpCheckoutSchema>;

// ---------- cart (cart.json) ----------

export const UCP_CART = 'dev.ucp.shopping.cart';
/** The order capability (order.json): get_order with a linked token, and order webhooks. */
export const UCP_ORDER = 'dev.ucp.shopping.order';
/** create_cart / update_cart: lines only (buyer and destination belong to checkout). */
export const ucpCartWriteSchema = z
  .object({ line_items: lineItems, context: ucpContextSchema.optional() })
  .loose();
export type UcpCartWrite = z.infer<typeof ucpCartWriteSchema>;
export const ucpCartIdParamSchema = z.object({ id: z.string().regex(/^cart_[0-9a-f]{32}$/, { error: 'Cart not found' }) });
export const ucpCartSchema = ucpCheckoutSchema.omit({ status: true });
