import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid, bigint } from 'drizzle-orm/pg-core';
import type { PayoutAccountState } from '@souq/shared/constants';
import type { VatEmirate } from '@souq/shared/rules/tax';
import { users } from './accounts.js';

// spelled out: drizzle-kit reads this file without the shared package's runtime
const PAYOUT_ACCOUNT_STATES = ['pending_verification', 'verified', 'failed'] as const satisfies readonly PayoutAccountState[];

export type VendorAddressJson = {
  street: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
  coordinates: { latitude: number; longitude: number };
};

export const vendors = pgTable(
  'vendors',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    companyName: text('company_name').notNull(),
    /** The store's name and description in Arabic, and its description in English (issue 26 item 5); '' when none. */
    companyNameAr: text('company_name_ar').notNull().default(''),
    description: text('description').notNull().default(''),
    descriptionAr: text('description_ar').notNull().default(''),
    contactName: text('contact_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    website: text('website').notNull().default(''),
    address: jsonb('address').$type<VendorAddressJson>().notNull(),
    businessType: text('business_type').notNull().default(''),
    industry: text('industry').notNull().default(''),
    taxId: text('tax_id').notNull().default(''),
    /** The vendor's TRN (15 digits, decision 0098); required when `vatRegistered`. */
    vatNumber: text('vat_number').notNull().default(''),
    /** Declared VAT-registered (decision 0098): its standard-rated lines carry VAT once an admin has verified the vendor. */
    vatRegistered: boolean('vat_registered').notNull().default(false),
    /**
     * The emirate of the establishment the vendor supplies from (decision 0111): its standard-rated supplies go in that
     * emirate's line of Box 1 (1a–1g). Null until the vendor declares it; the VAT report flags it then.
     */
    vatEmirate: text('vat_emirate').$type<VatEmirate>(),
    establishmentDate: text('establishment_date'),
    isVerified: boolean('is_verified').notNull().default(false),
    /** Set when an admin rejects; cleared when documents are uploaded again. */
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    verificationDate: timestamp('verification_date', { withTimezone: true }),
    verifiedBy: text('verified_by'),
    verificationNotes: text('verification_notes'),
    onboardingCompletedAt: timestamp('onboarding_completed_at', { withTimezone: true }),
    /** The vendor's own shipping rule per sub-order (decision 0086); null = the spec's default (9.99, free above 50.00). */
    shippingFeeCents: integer('shipping_fee_cents'),
    /** Free shipping when the sub-order's subtotal is strictly above this; null = the default threshold. */
    freeShippingAboveCents: integer('free_shipping_above_cents'),
    /** Days after delivery a shopper may ask for a return; the sub-order's money is held until it closes (issue 24). */
    returnWindowDays: integer('return_window_days').notNull().default(14),
    /** Business days from shipping to the door under this vendor's rule (decision 0107); null = no estimate given. */
    deliveryMinDays: integer('delivery_min_days'),
    deliveryMaxDays: integer('delivery_max_days'),
    /** The delivery promise's dispatch rule (decision 0151): business days to hand an order to the courier, and the Dubai time ('HH:MM') after which an order counts from the next business day. */
    handlingDays: integer('handling_days').notNull().default(1),
    cutoffTime: text('cutoff_time').notNull().default('14:00'),
    /** Where payouts go (decision 0095): a UAE IBAN, validated by its checksum, and the account holder's name. */
    payoutIban: text('payout_iban'),
    payoutAccountHolder: text('payout_account_holder'),
    payoutAccountUpdatedAt: timestamp('payout_account_updated_at', { withTimezone: true }),
    /**
     * Whether batches may pay the account (decision 0125): new or changed details are pending_verification until an
     * admin verifies them; a payout returned for an account reason makes it failed until the details change. Null
     * without an account.
     */
    payoutAccountState: text('payout_account_state', { enum: PAYOUT_ACCOUNT_STATES }),
    /** A changed account is paid from this moment on (once verified): the seller has that long to notice a change it did not make. */
    payoutPayableFrom: timestamp('payout_payable_from', { withTimezone: true }),
    payoutVerifiedAt: timestamp('payout_verified_at', { withTimezone: true }),
    payoutVerifiedBy: text('payout_verified_by'),
    /** The bank's reason of the payout that made the account failed. */
    payoutFailureReason: text('payout_failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vendors_user_key').on(t.userId),
    // VAT_EMIRATES spelled out: drizzle-kit reads this file without the shared package's runtime (a test compares them)
    check('vendors_vat_emirate_check', sql`${t.vatEmirate} in ('abu_dhabi', 'dubai', 'sharjah', 'ajman', 'umm_al_quwain', 'ras_al_khaimah', 'fujairah')`),
  ],
);

/** Every stored upload. Private files are served only to their owner and admins. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    visibility: text('visibility', { enum: ['public', 'private'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('files_storage_key_key').on(t.storageKey)],
);

export const vendorDocuments = pgTable(
  'vendor_documents',
  {
    id: serial('id').primaryKey(),
    vendorId: integer('vendor_id').notNull().references(() => vendors.id, { onDelete: 'cascade' }),
    docType: text('doc_type', { enum: ['trade_license', 'emirates_id_front', 'emirates_id_back', 'other'] }).notNull(),
    fileId: uuid('file_id').notNull().references(() => files.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('vendor_documents_vendor_idx').on(t.vendorId),
    // one current document per required type; 'other' may repeat
    uniqueIndex('vendor_documents_one_per_type').on(t.vendorId, t.docType).where(sql`doc_type <> 'other'`),
  ],
);
