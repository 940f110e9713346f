// The demo marketplace's sellers (decision 0096): six verified vendors, each owning whole shelves of the 80 demo
// products (a coherent shop, not a random scatter), with their own shipping rule, return window and, for some, a
// commission rate; the books and two kitchen basics stay with the marketplace itself (its own sub-order at checkout).
import { DEMO_VENDOR_EMAIL } from '@souq/shared/constants';
import type { OrderStatus } from '@souq/shared/constants';

export type SeedVendorKey = 'gadgets' | 'home' | 'sports' | 'style' | 'music' | 'pets';

export type SeedVendor = {
  key: SeedVendorKey;
  company_name: string;
  contact_name: string;
  email: string;
  phone: string;
  address: { street: string; city: string; state: string; postal_code: string; country: string };
  industry: string;
  website: string;
  taxId: string;
  /** Registered for VAT (decision 0098): its TRN is `taxId`, its prices include VAT; an unregistered vendor charges none. */
  vatRegistered: boolean;
  /** Where its payouts go (a UAE IBAN, mod-97 checked; demo accounts). */
  iban: string;
  establishmentDate: string;
  /** Shipping rule in fils; null keeps the spec's default (9.99, free above 50.00). */
  shippingFeeCents: number | null;
  freeShippingAboveCents: number | null;
  returnWindowDays: number;
  /** A vendor commission rate in basis points (most specific wins, decision 0087); null = its categories' or the default. */
  commissionBps: number | null;
  /** The shelves (slugs of SEED_SHELVES) whose products this vendor sells. */
  shelves: string[];
  verifiedDaysAgo: number;
};

export const SEED_VENDORS: readonly SeedVendor[] = [
  {
    key: 'gadgets', company_name: 'Gulf Gadgets Trading LLC', contact_name: 'Omar Haddad', email: DEMO_VENDOR_EMAIL, phone: '+971 4 555 0101', iban: 'AE140330000010123456701',
    address: { street: 'Sheikh Zayed Road 12, Office 2204', city: 'Dubai', state: 'Dubai', postal_code: '00000', country: 'UAE' },
    industry: 'Electronics', website: 'https://gulfgadgets.example', taxId: '100234567800003', vatRegistered: true, establishmentDate: '2016-03-01',
    shippingFeeCents: 1500, freeShippingAboveCents: 20000, returnWindowDays: 14, commissionBps: null,
    shelves: ['smartphones', 'laptops', 'audio', 'cameras', 'gaming'], verifiedDaysAgo: 120,
  },
  {
    key: 'home', company_name: 'Bayt Al Khaleej Home Appliances LLC', contact_name: 'Mariam Al Suwaidi', email: 'home@souq.test', phone: '+971 2 555 0404', iban: 'AE070260000020234567802',
    address: { street: 'Mussafah Industrial Area M-14, Warehouse 7', city: 'Abu Dhabi', state: 'Abu Dhabi', postal_code: '00000', country: 'UAE' },
    industry: 'Home & Garden', website: 'https://baytalkhaleej.example', taxId: '100345678900003', vatRegistered: true, establishmentDate: '2018-06-17',
    shippingFeeCents: 2500, freeShippingAboveCents: 30000, returnWindowDays: 21, commissionBps: null,
    shelves: ['smart-home', 'kitchen', 'home-office'], verifiedDaysAgo: 95,
  },
  {
    key: 'sports', company_name: 'Desert Trail Sports Trading LLC', contact_name: 'Khalid Al Nuaimi', email: 'sports@souq.test', phone: '+971 6 555 0505', iban: 'AE850350000030345678903',
    address: { street: 'Al Jurf Industrial 2, Unit 31', city: 'Ajman', state: 'Ajman', postal_code: '00000', country: 'UAE' },
    industry: 'Sports & Outdoors', website: 'https://deserttrail.example', taxId: '100456789000003', vatRegistered: false, establishmentDate: '2019-01-20',
    // keeps the spec's default rule, so the demo shows it beside the vendors' own
    shippingFeeCents: null, freeShippingAboveCents: null, returnWindowDays: 30, commissionBps: null,
    shelves: ['outdoor', 'sports', 'fitness-wearables'], verifiedDaysAgo: 80,
  },
  {
    key: 'style', company_name: 'Jumeirah Style House LLC', contact_name: 'Noura Al Falasi', email: 'style@souq.test', phone: '+971 4 555 0606', iban: 'AE030440000040456789004',
    address: { street: 'Jumeirah Beach Road, Village Mall Unit 18', city: 'Dubai', state: 'Dubai', postal_code: '00000', country: 'UAE' },
    industry: 'Beauty & Fashion', website: 'https://jumeirahstyle.example', taxId: '100567890100003', vatRegistered: true, establishmentDate: '2020-11-02',
    // opened cosmetics cannot be resold: a short window
    shippingFeeCents: 1200, freeShippingAboveCents: 15000, returnWindowDays: 7, commissionBps: null,
    shelves: ['beauty', 'fashion'], verifiedDaysAgo: 60,
  },
  {
    key: 'music', company_name: 'Maqam Music Centre LLC', contact_name: 'Yousef Barakat', email: 'music@souq.test', phone: '+971 6 555 0707', iban: 'AE480330000050567890105',
    address: { street: 'Al Majaz 3, Corniche Street, Shop 5', city: 'Sharjah', state: 'Sharjah', postal_code: '00000', country: 'UAE' },
    industry: 'Musical Instruments', website: 'https://maqammusic.example', taxId: '100678901200003', vatRegistered: true, establishmentDate: '2012-09-09',
    // bulky instruments: a higher fee; a negotiated vendor rate below its category's
    shippingFeeCents: 3500, freeShippingAboveCents: 50000, returnWindowDays: 14, commissionBps: 800,
    shelves: ['musical-instruments'], verifiedDaysAgo: 45,
  },
  {
    key: 'pets', company_name: 'Paws & Whiskers Pet Supplies LLC', contact_name: 'Hind Al Marzouqi', email: 'pets@souq.test', phone: '+971 7 555 0808', iban: 'AE460260000060678901206',
    address: { street: 'Al Nakheel, Oman Street, Shop 12', city: 'Ras Al Khaimah', state: 'Ras Al Khaimah', postal_code: '00000', country: 'UAE' },
    industry: 'Pet Supplies', website: 'https://pawswhiskers.example', taxId: '100789012300003', vatRegistered: false, establishmentDate: '2021-04-14',
    shippingFeeCents: 1000, freeShippingAboveCents: 10000, returnWindowDays: 10, commissionBps: null,
    shelves: ['pets'], verifiedDaysAgo: 30,
  },
];

/** Sold by the marketplace itself (no vendor): the books shelf and these kitchen basics. */
export const MARKETPLACE_SHELVES = ['books'];
export const MARKETPLACE_SKUS = ['HRT-SKL-28', 'HRT-KTL-GN'];

/** Commission rates besides the vendors' own: the default and two category rates (category = a product's first). */
export const SEED_COMMISSION = { defaultBps: 1000, categories: { Laptops: 600, Beauty: 1500 } as Record<string, number> };

/** The seller of a product: a vendor's key, or null for the marketplace. */
export function sellerOf(shelfSlug: string, sku: string): SeedVendorKey | null {
  if (MARKETPLACE_SHELVES.includes(shelfSlug) || MARKETPLACE_SKUS.includes(sku)) return null;
  const v = SEED_VENDORS.find((x) => x.shelves.includes(shelfSlug));
  if (!v) throw new Error(`No seed vendor sells the shelf ${shelfSlug}`);
  return v.key;
}

type Line = [sku: string, quantity: number];
export type SeedShopper = { email: string; name: string; phone: string | null; address: string; city: string };
/**
 * A past purchase: its lines (usually from several sellers, so it splits), how long ago, and the status each sub-order
 * reached (`status`, or per seller in `bySeller`, keyed by vendor key or 'marketplace').
 */
export type SeedPurchase = {
  daysAgo: number; shopper: 'customer' | SeedShopper; payment: 'card' | 'cod'; lines: Line[]; status: OrderStatus;
  bySeller?: Partial<Record<SeedVendorKey | 'marketplace', OrderStatus>>; notes?: string;
};

const ahmed: SeedShopper = { email: 'ahmed.k@example.com', name: 'Ahmed Karim', phone: '+971 55 987 6543', address: 'Al Nahda 1, Villa 22', city: 'Dubai' };
const maria: SeedShopper = { email: 'maria.s@example.com', name: 'Maria Santos', phone: null, address: 'Khalidiya Tower B, Flat 702', city: 'Abu Dhabi' };
const jin: SeedShopper = { email: 'j.lee@example.com', name: 'Jin Lee', phone: '+971 52 111 2233', address: 'Muwaileh Commercial, Building 5', city: 'Sharjah' };
const aisha: SeedShopper = { email: 'aisha.r@example.com', name: 'Aisha Rahman', phone: '+971 50 444 7788', address: 'Al Reem Island, Sky Tower, Flat 3105', city: 'Abu Dhabi' };

/** The order history, oldest first. The demo customer's three purchases keep their statuses (delivered, shipped, processing). */
export const SEED_PURCHASES: readonly SeedPurchase[] = [
  { daysAgo: 24, shopper: 'customer', payment: 'card', status: 'delivered', lines: [['VLC-RUN-PRO-42', 1], ['HDP-BTL-1L-SKY', 2], ['SDC-Q45-BLK', 1], ['BK-978-0735211292', 1]] },
  { daysAgo: 16, shopper: aisha, payment: 'card', status: 'delivered', lines: [['KYN-DP88-BLK', 1], ['ERG-DSK-140', 1], ['LUM-LMP-ARC', 1]] },
  { daysAgo: 9, shopper: ahmed, payment: 'card', status: 'delivered', lines: [['NOV-X15P-256-BLK', 1], ['PLS-BUDP-WHT', 1], ['CLN-BED-L-GRY', 1], ['CHG-DNT-30', 2]] },
  // one seller cancelled its part before shipping (the sale reversed in the ledger), the other delivered
  { daysAgo: 6, shopper: maria, payment: 'card', status: 'delivered', bySeller: { style: 'cancelled' }, lines: [['LUM-VTC-30', 1], ['MRG-LIP-RUBY', 2], ['BRW-ESP-15B', 1]] },
  { daysAgo: 3, shopper: 'customer', payment: 'cod', status: 'shipped', bySeller: { pets: 'delivered' }, lines: [['AUR-STU-CRM', 1], ['TTG-COL-M-TEAL', 1]] },
  { daysAgo: 1, shopper: maria, payment: 'cod', status: 'confirmed', bySeller: { marketplace: 'processing' }, lines: [['CRP-AF-XL55', 1], ['HRT-SKL-28', 1], ['ZEN-MAT-CORK6', 1]] },
  { daysAgo: 0.2, shopper: 'customer', payment: 'cod', status: 'processing', lines: [['BK-978-0241003008', 1], ['ESS-TEE-3PK-M', 1]], notes: 'Gift wrap, please.' },
  { daysAgo: 0.05, shopper: jin, payment: 'card', status: 'pending', lines: [['ERG-CHR-MESH', 1], ['HRM-UKE-CNC', 1], ['GLT-LNT-1000', 2]] },
];

/** Carriers the seeded shipments went with (ship requires a tracking number and carrier, decision 0086). */
export const SEED_CARRIERS = ['Aramex', 'Emirates Post', 'DHL Express', 'SMSA Express', 'Fetchr', 'Quiqup'];
