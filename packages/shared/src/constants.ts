// Every business constant of the spec (customer-storefront §9, vendor-area §9, admin-area §9), in one place.
// Server and client both import from here so that a rule and its on-screen mirror never drift apart.

export const ASSISTANT_NAME = 'souq_assistant';
/** localStorage key prefix for the assistant's client state (spec §3: "assistant-name prefix"). */
export const STORAGE_PREFIX = `${ASSISTANT_NAME}_`;

export const STORAGE_KEYS = {
  authToken: 'auth_token',
  authUser: 'auth_user',
  vendorToken: 'vendor_token',
  vendor: 'vendor',
  adminAccessGranted: 'admin_access_granted',
  adminToken: 'admin_token',
  user: 'user',
  cart: `${STORAGE_PREFIX}cart`,
  /** The coupon code the shopper applied (code box or chat), kept for checkout for this browser session. */
  cartCode: `${STORAGE_PREFIX}cart_code`,
  preferences: `${STORAGE_PREFIX}preferences`,
  history: `${STORAGE_PREFIX}history`,
  searches: `${STORAGE_PREFIX}searches`,
  categories: `${STORAGE_PREFIX}categories`,
  budget: `${STORAGE_PREFIX}budget`,
  lockedProduct: `${STORAGE_PREFIX}locked_product`,
  lockedProducts: 'lockedProducts',
  personalizeEvents: 'personalize_events',
  mode: `${STORAGE_PREFIX}mode`,
  /** Anonymous visitor id for tracking and recommendations when nobody is signed in. */
  anonymousId: `${STORAGE_PREFIX}anonymous_id`,
} as const;

// Pricing (customer §9)
export const FREE_SHIPPING_THRESHOLD_CENTS = 5000; // free when the subtotal is *above* 50
export const SHIPPING_FEE_CENTS = 999;
export const TAX_RATE = 0.05;
export const TAX_LABEL = 'Tax (5%)';
/** Checkout's line when prices include VAT (decision 0098): "includes VAT AED 4.76". */
export const TAX_INCLUDED_LABEL = 'includes VAT';
/** The same as a totals row: "includes VAT (5%)". */
export const TAX_INCLUDED_LINE = `${TAX_INCLUDED_LABEL} (${Math.round(TAX_RATE * 100)}%)`;
/** The shop's tax settings (admin, decision 0098/0099), keys of the `settings` table. */
export const TAX_SETTING_KEYS = {
  mode: 'tax.price_mode',
  issueOn: 'tax.invoice_on',
  legalName: 'tax.marketplace_legal_name',
  address: 'tax.marketplace_address',
  trn: 'tax.marketplace_trn',
  /** The emirate of the marketplace's establishment: where its own supplies go in Box 1 (decision 0111). */
  emirate: 'tax.marketplace_emirate',
} as const;
/** When a sub-order's tax invoice is issued: when it ships (the supply, Art. 25) or when it is paid. */
export const INVOICE_ISSUE_MOMENTS = ['shipped', 'paid'] as const;
export type InvoiceIssueMoment = (typeof INVOICE_ISSUE_MOMENTS)[number];
/**
 * The marketplace's commission on vendor sales until the operator sets a default (decision 0087), in basis points
 * (1000 = 10 %); VAT on the commission is TAX_RATE.
 */
export const DEFAULT_COMMISSION_BPS = 1000;
/**
 * The ledger's accounts and entry kinds (decisions 0087, 0095). payouts_clearing holds a payout between the batch and
 * the bank's answer; bank is the marketplace's own bank account; marketplace_adjustments is what manual credits cost
 * the marketplace (debits earn it).
 */
export const LEDGER_ACCOUNTS = [
  'shopper_receivable', 'vendor_payable', 'marketplace_sales', 'shipping_revenue', 'sales_tax_payable', 'commission_revenue',
  'commission_vat_payable', 'payouts_clearing', 'bank', 'marketplace_adjustments',
  // what the marketplace owes a shopper who took a refund as store credit (decision 0094), one per shopper
  'shopper_store_credit',
  // the cash side (decision 0137): money the payment provider holds for the marketplace, and what it charges
  'provider_clearing', 'provider_fees',
  // card money a dispute took out of the provider's balance until it is decided, and what lost disputes cost (decision 0145)
  'provider_disputes', 'dispute_losses',
  // what the marketplace owes a shopper as a bank transfer refund, and such refunds between the batch and the bank's
  // answer (decision 0141)
  'shopper_refunds_payable', 'refunds_clearing',
  // cash on delivery (decision 0140): cash a courier collected and owes the marketplace, and what a remittance was
  // short (debit) or over (credit) against the sub-orders it settled
  'courier_cash', 'cod_differences',
  // the marketplace's share of promotions it funds, paid toward purchases on the shopper's behalf (decision 0152)
  'marketplace_promotions',
] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];
export const LEDGER_KINDS = [
  'sale', 'shipping', 'sales_tax', 'commission', 'commission_vat', 'refund', 'commission_reversal',
  'payout', 'payout_paid', 'payout_reversal', 'adjustment',
  // a card payment captured by the provider, and the provider's fee on it (decision 0137)
  'payment_received', 'provider_fee',
  // money given back to the card by the provider (decision 0137)
  'card_refund',
  // a dispute's money taken by the provider, given back when won, lost for good, and its fee (decision 0145)
  'dispute_withdrawn', 'dispute_reinstated', 'dispute_lost', 'dispute_fee',
  // store credit spent on a purchase, and given back when its sub-order is cancelled; cash collected on delivery;
  // a bank-transfer refund sent in a batch, paid by the bank, or failed (decision 0141)
  'credit_spent', 'credit_returned', 'cash_collected', 'refund_sent', 'refund_paid', 'refund_reversal',
  // cash on delivery (decision 0140): collected by the courier at delivery, remitted by the courier, the difference
  'cod_collected', 'cod_remitted', 'cod_difference',
  // a card sub-order's money transferred to its seller's connected account at the provider, and a transfer (part)
  // reversed back to the marketplace: by Souq for a refund after payment, or by the provider (decision 0147)
  'transfer', 'transfer_reversal',
  // the marketplace's share of a promotion paid toward a purchase, and given back by a cancellation or a return (decision 0152)
  'promotion_paid', 'promotion_returned',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  sale: 'Sale', shipping: 'Shipping', sales_tax: 'Sales tax', commission: 'Commission', commission_vat: 'VAT on commission',
  refund: 'Refund', commission_reversal: 'Commission reversed', payout: 'Payout', payout_paid: 'Payout sent by the bank',
  payout_reversal: 'Payout failed (returned)', adjustment: 'Adjustment',
  payment_received: 'Card payment received', provider_fee: 'Payment provider fee', card_refund: 'Refunded to the card',
  dispute_withdrawn: 'Disputed: taken by the provider', dispute_reinstated: 'Dispute won: money back', dispute_lost: 'Dispute lost', dispute_fee: 'Dispute fee',
  credit_spent: 'Store credit spent', credit_returned: 'Store credit given back', cash_collected: 'Cash collected on delivery',
  refund_sent: 'Refund sent to the bank', refund_paid: 'Refund paid by the bank', refund_reversal: 'Refund transfer failed (owed again)',
  cod_collected: 'Cash collected by the courier', cod_remitted: 'Cash remitted by the courier', cod_difference: 'Remittance difference',
  transfer: 'Transferred to your provider account', transfer_reversal: 'Transfer returned',
  promotion_paid: 'Promotion paid by the marketplace', promotion_returned: 'Promotion given back',
};
export const LEDGER_ACCOUNT_LABELS: Record<LedgerAccount, string> = {
  shopper_receivable: 'Shopper receivable', vendor_payable: 'Vendor payable', marketplace_sales: 'Marketplace sales',
  shipping_revenue: 'Shipping revenue', sales_tax_payable: 'Sales tax payable', commission_revenue: 'Commission revenue',
  commission_vat_payable: 'Commission VAT payable', payouts_clearing: 'Payouts clearing', bank: 'Bank',
  marketplace_adjustments: 'Marketplace adjustments', shopper_store_credit: 'Shopper store credit',
  provider_clearing: 'Payment provider clearing', provider_fees: 'Payment provider fees',
  provider_disputes: 'Held in card disputes', dispute_losses: 'Lost card disputes',
  shopper_refunds_payable: 'Shopper refunds payable', refunds_clearing: 'Refunds clearing',
  courier_cash: 'Cash held by couriers', cod_differences: 'Cash remittance differences',
  marketplace_promotions: 'Marketplace promotions',
};
/** A payout is pending from its batch until the admin marks it paid (the bank sent it) or failed (money returned). */
/** A bank-transfer refund (decision 0141): owed → sent (in a batch) → paid | failed (owed again, new details asked). */
export const BANK_REFUND_STATUSES = ['owed', 'sent', 'paid', 'failed'] as const;
export type BankRefundStatus = (typeof BANK_REFUND_STATUSES)[number];
export const PAYOUT_STATUSES = ['pending', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
/**
 * A payout account's state (decision 0125): new or changed details wait for an admin's verification (and, after a
 * change, a number of days); an account a payout bounced from for an account reason is not paid until it changes.
 */
export const PAYOUT_ACCOUNT_STATES = ['pending_verification', 'verified', 'failed'] as const;
export type PayoutAccountState = (typeof PAYOUT_ACCOUNT_STATES)[number];
/** Days a changed payout account waits before a batch pays it, unless PAYOUT_ACCOUNT_WAIT_DAYS says otherwise. */
export const PAYOUT_ACCOUNT_WAIT_DAYS = 3;
/**
 * Why the bank returned a payout. The first three are the account's fault (closed, no such account, the name does
 * not match): the account is marked failed and not paid again until its details change. The others may be retried.
 */
export const PAYOUT_FAILURE_CODES = ['account_closed', 'invalid_account', 'holder_mismatch', 'bank_rejected', 'other'] as const;
export type PayoutFailureCode = (typeof PAYOUT_FAILURE_CODES)[number];
export const ACCOUNT_FAILURE_CODES: readonly PayoutFailureCode[] = ['account_closed', 'invalid_account', 'holder_mismatch'];
/** Why a batch left a vendor out: no account, not verified yet, verified but in its waiting days, a failed account. */
export const PAYOUT_SKIP_REASONS = ['no_iban', 'unverified', 'waiting', 'account_failed'] as const;
export type PayoutSkipReason = (typeof PAYOUT_SKIP_REASONS)[number];
/** A payout batch pays vendors whose available balance is at least this (AED 100.00) unless the admin sets another. */
export const PAYOUT_MINIMUM_CENTS = 10_000;
/** The bank transfer's reference: the marketplace's prefix and the payout's number. */
export const payoutReference = (payoutId: number) => `SOUQ-PO-${String(payoutId).padStart(6, '0')}`;
/** Entries per page in the Earnings tab and the Finance ledger browser. */
export const LEDGER_PAGE_SIZE = 25;
/** At most this many rows in one statement export (a year of a busy vendor); the range must be narrowed past it. */
export const STATEMENT_MAX_ROWS = 50_000;
/** Days after delivery a shopper may ask for a return, unless the vendor sets its own (issue 24). */
export const RETURN_WINDOW_DAYS_DEFAULT = 14;
/** Why a shopper returns units of a line (decision 0094): a fixed list, plus free text. */
export const RETURN_REASONS = ['damaged', 'wrong_item', 'not_as_described', 'no_longer_needed', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  damaged: 'Arrived damaged or faulty',
  wrong_item: 'Wrong item sent',
  not_as_described: 'Not as described',
  no_longer_needed: 'No longer needed',
  other: 'Other reason',
};
/** Where a refund goes: card orders to the card; cash on delivery as store credit or a bank transfer, the shopper's choice. */
export const REFUND_METHODS = ['original', 'store_credit', 'bank_transfer'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];
export const COD_REFUND_METHODS = ['store_credit', 'bank_transfer'] as const;
export const REFUND_METHOD_LABELS: Record<RefundMethod, string> = {
  original: 'Back to the card you paid with',
  store_credit: 'Store credit',
  bank_transfer: 'Bank transfer',
};
/** A return request's life (decision 0094): requested → approved | rejected; approved → received (refund issued). */
export const RETURN_STATUSES = ['requested', 'approved', 'rejected', 'received'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Requested',
  approved: 'Approved — send it back',
  rejected: 'Rejected',
  received: 'Received — refunded',
};
/** Units still counted against a line: every request not rejected. */
export const RETURN_LIVE_STATUSES: readonly ReturnStatus[] = ['requested', 'approved', 'received'];
/** The seller's name on the marketplace's own sub-orders (products without a vendor; decision 0086). */
export const MARKETPLACE_SELLER_NAME = 'Souq';

export const SHOP_CURRENCY_DEFAULT = 'AED';
/**
 * The one switch for the dirham sign (U+20C3, Unicode 18): off until the fonts people have carry it; meanwhile amounts
 * read 'AED 89.50' / '89.50 د.إ.' (issue 26 item 4).
 */
export const USE_DIRHAM_SIGN = false;
export const CURRENCIES = ['AED', 'USD', 'EUR', 'GBP'] as const;
/** The budget preference's currency when none was chosen: the shop's (issue 23; the spec's USD was a prototype slip). */
export const DEFAULT_BUDGET_CURRENCY = SHOP_CURRENCY_DEFAULT;
export const EMBED_CURRENCY = 'AED';

/** What a shopper chooses at checkout (the rest of a purchase that store credit does not cover is paid so). */
export const PAYMENT_METHODS = ['card', 'cod'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/**
 * How a purchase is stored as paid: as chosen, or `store_credit` when the shopper's store credit paid all of it (issue
 * 34, decision 0157): then no card is charged and no cash is collected at the door.
 */
export const PAID_BY = ['card', 'cod', 'store_credit'] as const;
export type PaidBy = (typeof PAID_BY)[number];
export const PAYMENT_METHOD_LABELS: Record<PaidBy, string> = {
  card: 'Credit/Debit Card',
  cod: 'Cash on Delivery',
  store_credit: 'Store credit',
};
export const PAYMENT_NOTES: Record<PaidBy, string> = {
  cod: 'Payment: Cash on Delivery',
  card: 'Payment: Card (demo)',
  store_credit: 'Payment: Store credit',
};

// Shop policies the assistant quotes (assistant area). The spec has no returns rule: this one is the shop's own
// (docs/decisions/0027-assistant-orders-and-policies.md).
export const RETURN_WINDOW_DAYS = 14;
export const REFUND_BUSINESS_DAYS = 5;

// Chat (customer §9)
export const CHAT_HISTORY_SENT = 5;
export const SEARCH_REPLY_MAX_PRODUCTS = 3;
export const SEARCH_REPLY_MAX_CATEGORIES = 5;
export const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, pair: 2, couple: 2,
};

// Recommendations
export const RECOMMENDATIONS_BLOCK_COUNT = 8;
export const RECOMMENDATIONS_DEFAULT_COUNT = 10;
export const HISTORY_DEFAULT_LIMIT = 50;
export const SIMILAR_DEFAULT_COUNT = 10;
export const FALLBACK_RECOMMENDATIONS = [
  { itemId: '1', score: 0.95 },
  { itemId: '2', score: 0.9 },
  { itemId: '3', score: 0.85 },
  { itemId: '4', score: 0.8 },
  { itemId: '5', score: 0.75 },
] as const;
export const EVENT_TYPES = [
  'view', 'click', 'add_to_cart', 'purchase', 'search', 'chat_interaction', 'session_start', 'session_end',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const LOCAL_EVENT_STORE_CAP = 1000;
export const EVENT_QUEUE_CAP = 100;

// Side panel / locker
export const LOCKER_MAX = 2;
export const FEATURED_PRODUCTS = 5;
export const SHOPPING_HISTORY_CAP = 50;
export const HISTORY_TO_CONTEXT = 10;
export const CATEGORIES_FOR_RECOMMENDATIONS = 5;
export const RECENT_SEARCHES_CAP = 10;

// Support
export const SUPPORT_POLL_MS = 5000;
export const ADMIN_SUPPORT_POLL_MS = 3000;
export const CHAT_MONITOR_REFRESH_MS = 60_000;
export const SUPPORT_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export const SUPPORT_STATUSES = ['open', 'pending', 'resolved'] as const;
export const DEFAULT_SUPPORT_SUBJECT = 'New Support Request';
export const SUPPORT_QUICK_REPLIES = ['greeting', 'investigating', 'need info', 'resolved', 'follow up'] as const;
// Support, notifications and live events (conversations area)
export const SUPPORT_SUBJECT_MAX = 200;
export const SUPPORT_MESSAGE_MAX = 5000;
/** Widget panel sizes (customer §2). */
export const SUPPORT_PANEL_SIZE = { width: 380, height: 500 } as const;
export const SUPPORT_PANEL_MINIMISED = { width: 300, height: 60 } as const;
/** Server-sent events: a comment line this often keeps proxies from closing an idle stream; the client reconnects when it hears nothing for twice as long. */
export const EVENTS_HEARTBEAT_MS = 20_000;
/** Reconnect backoff of the live stream: doubles from the first to the last, with jitter. */
export const EVENTS_RECONNECT_MS = { first: 1000, max: 30_000 } as const;

// Storefront layout
export const SHELF_COUNT = 16;
export const SHELF_SIZE = 5;
export const SHELF_SCROLL_STEP_PX = 304;
export const PRODUCT_CARD_WIDTH_PX = 280;
export const CARD_TILT_MAX_DEG = 16;
export const CUBE_GRID_MAX = 9;
export const SIDEBAR_WIDTH_PX = 280;
export const SIDEBAR_COLLAPSED_PX = 70;
/** The longest e-mail address a mailbox can have (RFC 5321's 256-octet path less its angle brackets). */
export const EMAIL_MAX_LENGTH = 254;

/** The development API server's port (customer spec §7/§8); read only behind import.meta.env.DEV. */
export const DEV_FALLBACK_PORT = 3001;

// Uploads
export const IMAGE_SEARCH_MAX_BYTES = 5 * 1024 * 1024; // 5242880
export const VENDOR_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024; // 10485760
export const TRADE_LICENSE_TYPES = ['pdf', 'jpg', 'jpeg', 'png'] as const;
export const EMIRATES_ID_TYPES = ['jpg', 'jpeg', 'png'] as const;

// Vendor / products
export const PRODUCT_CATEGORIES = [
  'electronics', 'clothing', 'home', 'sports', 'books', 'beauty', 'toys', 'automotive', 'health', 'food',
] as const;
export const PRODUCT_STATUSES = ['active', 'inactive', 'draft', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const TARGET_AUDIENCES = ['men', 'women', 'children', 'unisex'] as const;
export const SEASONALITIES = ['spring', 'summer', 'fall', 'winter', 'all-year'] as const;
export const COUNTRIES_OF_ORIGIN = ['us', 'cn', 'de', 'jp'] as const;
export const VARIANT_TYPES = ['color', 'size', 'material'] as const;
/** How a variant type is named to shoppers (product dialog, cart, order lines). */
export const VARIANT_TYPE_LABELS: Record<(typeof VARIANT_TYPES)[number], string> = { color: 'Color', size: 'Size', material: 'Material' };
export const PRODUCT_LIMITS = { name: 200, description: 2000, brand: 100, sku: 100, seoTitle: 60, metaDescription: 160 } as const;
export const LOW_STOCK_THRESHOLD = 10;
export const ADMIN_LIST_TAGS_SHOWN = 3;
export const ADMIN_LIST_CATEGORIES_SHOWN = 2;

export const EMBED_DEFAULTS = {
  theme: 'light',
  width: '100%',
  height: 'auto',
  showPrice: true,
  showImage: true,
  showDescription: true,
  showTags: false,
  showKeywords: false,
} as const;
export const DEFAULT_VENDOR_ID = 1;

// Vendor products, embeds and optimisation (vendor area: products tab, embedding tool, AI optimisation)
/**
 * Exchange rates into AED (1 unit of the currency = this many AED) for prices entered in another currency of the
 * product form. AED is pegged to USD at 3.6725; EUR and GBP are configured reference rates, converted to the shop
 * currency on the server when a product is saved.
 */
export const CURRENCY_RATES_TO_AED: Record<(typeof CURRENCIES)[number], number> = { AED: 1, USD: 3.6725, EUR: 4.0, GBP: 4.65 };
/** A product holds at most this many images (URLs and uploaded photos together); the first is primary. */
export const PRODUCT_IMAGES_MAX = 10;
export const PRODUCT_PHOTO_MAX_BYTES = VENDOR_DOCUMENT_MAX_BYTES;
export const PRODUCT_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PRODUCT_VARIANTS_MAX = 50;
/** Embed iframe sizes: a number with a CSS unit, or 'auto' (height only). */
export const EMBED_SIZE_PATTERN = /^(auto|\d{1,4}(\.\d{1,2})?(px|%|rem|em|vw|vh)?)$/;
/** Height of an embed whose height is 'auto' until the card reports its own (px). */
export const EMBED_AUTO_HEIGHT_PX = 420;
/** SEO content rules (vendor §9). */
export const SEO_RULES = {
  title: { min: 30, max: 60, truncateTo: 57 },
  description: { min: 150, max: 300, truncateTo: 297 },
  keywords: { min: 3, max: 8 },
  keywordLength: { min: 3, max: 20 },
} as const;
/** A score under this triggers recommendations (vendor §9). */
export const SCORE_RECOMMENDATION_BELOW = 80;
/** Settings tab: the automatic re-run of the analysis. */
export const OPTIMISER_AUTO_RUN_MS = 30 * 60 * 1000;

export const EMIRATES = ['Abu Dhabi', 'Dubai', 'Sharjah', 'Ajman', 'Umm Al Quwain', 'Ras Al Khaimah', 'Fujairah'] as const;
export const BUSINESS_TYPES = ['LLC', 'Sole Proprietorship', 'Partnership', 'Branch Office', 'Free Zone Company'] as const;
export const INDUSTRIES = [
  'Electronics', 'Fashion', 'Home & Garden', 'Sports', 'Beauty', 'Automotive', 'Books', 'Food', 'Health', 'Other',
] as const;
export const DEFAULT_VENDOR_COUNTRY = 'UAE';
export const DEFAULT_MAP_POINT = { latitude: 25.2048, longitude: 55.2708 } as const;
export const ONBOARDING_STEPS = [
  'Basic Information', 'Location Details', 'Business Details', 'Document Upload', 'Review & Submit', 'Verification',
] as const;
export const VENDOR_DOCUMENT_TYPES = ['trade_license', 'emirates_id_front', 'emirates_id_back'] as const;

// Orders
// 'awaiting_payment' (decision 0137): a card purchase placed and its stock reserved, not yet authorised by the payment
// provider; its seller does not see it and it holds no money until then. First: the least advanced status.
export const ORDER_STATUSES = [
  'awaiting_payment', 'pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

// Chat monitor
export const CHAT_SESSION_STATUSES = ['active', 'paused', 'escalated', 'closed'] as const;
export const CHAT_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;

// Notifications
export const NOTIFICATION_TYPES = ['general', 'promotion', 'update', 'announcement'] as const;
export const DEFAULT_NOTIFICATION_PREFERENCES = {
  orderUpdates: true,
  productRecommendations: true,
  promotions: false,
  aiInsights: true,
} as const;

// Optimiser (vendor §9)
export const OPTIMISER_RUN_HISTORY = 10;
export const OPTIMISER_ACTIVITY_LOG = 20;
export const OPTIMISER_PERF_HISTORY = 10;
export const PERF_MONITOR_REFRESH_MS = 10 * 60 * 1000;
export const PERF_TARGETS = { loadMs: 3000, renderMs: 100, memoryPct: 80, latencyMs: 200 } as const;
export const SCORE_THRESHOLDS = [90, 80, 70, 60] as const;

// Auth
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Admin sessions end after this long idle (issue 13: every use moves the end). */
export const ADMIN_SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** ADMIN_ACCESS_CODE shorter than this stops the server at start. */
export const ADMIN_ACCESS_CODE_MIN_LENGTH = 12;
export const DEMO_PASSWORD = 'souq-demo-1';
export const DEMO_CUSTOMER_EMAIL = 'customer@souq.test';
export const DEMO_VENDOR_EMAIL = 'vendor@souq.test';
export const PASSWORD_MIN_LENGTH = 8;

// Lists
export const LIST_DEFAULT_LIMIT = 50;
export const LIST_MAX_LIMIT = 200;

// Profile (customer §2): gender choices, here so screens can list them without loading the zod contracts
export const GENDERS = ['male', 'female', 'other', 'prefer_not_to_say'] as const;

// Storefront tracking (admin §3 "Recommendation tracking event", §4 "Tracking session")
/** The source of chat_interaction events: the AI chat assistant. */
export const CHAT_TRACKING_SOURCE = 'ai_chat_assistant';
/** A tracking session ends after this long without activity (as web analytics count visits). */
export const TRACKING_SESSION_IDLE_MS = 30 * 60_000;
// Admin area (issue 9): reports and admin lists
/** Orders in these statuses bring no revenue (sales analytics, overview, product and order figures). */
// awaiting_payment: a card purchase not yet paid is no revenue (decision 0137)
export const REVENUE_EXCLUDED_STATUSES = ['awaiting_payment', 'cancelled', 'refunded'] as const satisfies readonly OrderStatus[];
/** Cash on delivery still to collect: COD orders not yet delivered and not in these statuses either. */
export const COD_SETTLED_STATUSES = ['delivered', 'cancelled', 'refunded'] as const satisfies readonly OrderStatus[];
/** Sales analytics: a unit price falls in [edge, next edge), in major units of the shop currency; the last is open. */
export const PRICE_BUCKET_EDGES = [0, 50, 100, 250, 500, 1000] as const;
/** Sales analytics: an order's total falls in [edge, next edge), major units; the last is open. */
export const CART_VALUE_BUCKET_EDGES = [0, 100, 250, 500, 1000, 2500] as const;
/** Sales analytics: default window (days, today included) and the longest range one request may ask for. */
export const SALES_DEFAULT_DAYS = 30;
export const SALES_MAX_DAYS = 366;
/** Sales analytics: rows of the Top Categories and Top Products tables. */
export const SALES_TOP_ROWS = 10;
/** Admin views: orders shown in a user's and a product's details. */
export const ADMIN_RECENT_ORDERS = 10;
/** The AI chatbot figures look back this far (the spec's "last 24 hours" of the chat monitor). */
export const CHATBOT_WINDOW_HOURS = 24;
/** How often the admin bell asks again what is waiting. */
export const ADMIN_BELL_REFRESH_MS = 60_000;
/** The add_to_cart interaction events the shop's chat records (spec: source 'ai_chat_assistant'; our chat panel: 'chat_ai' for the assistant's actions, 'chat' for typed commands). */
export const CHAT_CART_SOURCES = ['ai_chat_assistant', 'chat_ai', 'chat'] as const;
