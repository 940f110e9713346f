import { and, desc, eq, inArray } from 'drizzle-orm';
import { TAX_SETTING_KEYS } from '@souq/shared/constants';
import { MSG } from '@souq/shared/messages';
import type { TaxDocument, TaxSettings, vendorTaxProfileUpdateSchema, taxSettingsUpdateSchema, VendorTaxProfile } from '@souq/shared/api/tax';
import { centsToAmount } from '@souq/shared/rules/money';
import { normaliseTrn, TAX_ADVICE_NOTE } from '@souq/shared/rules/tax';
import type { z } from 'zod';
import { settings } from '../../db/schema/accounts.js';
import { orders } from '../../db/schema/orders.js';
import { taxDocuments } from '../../db/schema/tax.js';
import { vendors } from '../../db/schema/vendors.js';
import type { Db } from '../../platform/db.js';
import { changesBetween, type Actor, type AuditLog } from '../../platform/audit.js';
import { notFound } from '../../platform/errors.js';
import { readTaxSettings, type TaxDocumentRow } from './tax.documents.js';
import { renderTaxDocumentPdf } from './tax.pdf.js';

// The shop's tax settings, a vendor's tax profile, and who may read which tax documents (decisions 0098, 0099).

export type TaxService = ReturnType<typeof createTaxService>;

export function createTaxService(deps: { db: Db; audit: AuditLog }) {
  const { db } = deps;

  async function dtos(rows: TaxDocumentRow[]): Promise<TaxDocument[]> {
    const byId = new Map(rows.map((r) => [r.id, r]));
    const missing = [...new Set(rows.flatMap((r) => (r.correctsId && !byId.has(r.correctsId) ? [r.correctsId] : [])))];
    if (missing.length) for (const r of await db.select().from(taxDocuments).where(inArray(taxDocuments.id, missing))) byId.set(r.id, r);
    return rows.map((r) => ({
      id: r.id, kind: r.kind, form: r.form, title: r.snapshot.title, number: r.number, order_id: r.orderId, order_number: r.snapshot.orderNumber,
      supplier_name: r.snapshot.supplier.name, currency: r.currency, net: centsToAmount(r.netCents), tax: centsToAmount(r.taxCents),
      total: centsToAmount(r.totalCents), issued_at: r.issuedAt.toISOString(), corrects_number: r.correctsId ? byId.get(r.correctsId)?.number ?? null : null,
    }));
  }

  /** One document when `scope` allows it (the shopper's own, the vendor's own sub-order's, any for an admin); else 404. */
  async function documentFor(id: number, scope: { userId: number } | { vendorId: number } | 'admin') {
    const [row] = await db.select({ d: taxDocuments, userId: orders.userId, seller: orders.sellerVendorId })
      .from(taxDocuments).innerJoin(orders, eq(orders.id, taxDocuments.orderId)).where(eq(taxDocuments.id, id));
    const allowed = row && (scope === 'admin' || ('userId' in scope ? row.userId === scope.userId : row.seller === scope.vendorId));
    if (!allowed) throw notFound(MSG.taxDocumentNotFound);
    return row.d;
  }

  return {
    async settings(): Promise<TaxSettings> {
      const s = await readTaxSettings(db);
      return { price_mode: s.priceMode, invoice_on: s.invoiceOn, legal_name: s.legalName, address: s.address, trn: s.trn, vat_registered: Boolean(s.trn), note: TAX_ADVICE_NOTE };
    },

    /** The admin sets them, with one audit entry (before → after), in one transaction. */
    async setSettings(input: z.output<typeof taxSettingsUpdateSchema>, actor: Actor): Promise<TaxSettings> {
      await db.transaction(async (tx) => {
        const before = await readTaxSettings(tx);
        const values: [string, string][] = [
          [TAX_SETTING_KEYS.mode, input.price_mode], [TAX_SETTING_KEYS.issueOn, input.invoice_on], [TAX_SETTING_KEYS.legalName, input.legal_name],
          [TAX_SETTING_KEYS.address, input.address], [TAX_SETTING_KEYS.trn, input.trn],
        ];
        for (const [key, value] of values) {
          await tx.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
        }
        await deps.audit.record(tx, {
          actor, action: 'tax.settings', target: { type: 'settings', id: 'tax' },
          changes: changesBetween(
            { price_mode: before.priceMode, invoice_on: before.invoiceOn, legal_name: before.legalName, address: before.address, trn: before.trn },
            { price_mode: input.price_mode, invoice_on: input.invoice_on, legal_name: input.legal_name, address: input.address, trn: input.trn },
          ),
        });
      });
      return this.settings();
    },

    async vendorProfile(vendorId: number): Promise<VendorTaxProfile> {
      const [v] = await db.select().from(vendors).where(eq(vendors.id, vendorId));
      if (!v) throw notFound(MSG.vendorNotFound);
      const trn = normaliseTrn(v.vatNumber) ?? '';
      return { vat_registered: v.vatRegistered, trn, verified: v.isVerified, charges_vat: Boolean(v.vatRegistered && v.isVerified && trn), note: TAX_ADVICE_NOTE };
    },

    /**
     * A vendor declares its registration and TRN (audited). A changed TRN is the admin's to check again with the
     * documents: the vendor's verification is withdrawn, so no VAT is charged on an unchecked TRN.
     */
    async setVendorProfile(vendorId: number, input: z.output<typeof vendorTaxProfileUpdateSchema>, actor: Actor): Promise<VendorTaxProfile> {
      await db.transaction(async (tx) => {
        const [v] = await tx.select().from(vendors).where(eq(vendors.id, vendorId)).for('update');
        if (!v) throw notFound(MSG.vendorNotFound);
        const trn = input.vat_registered ? input.trn : input.trn || '';
        const recheck = input.vat_registered && trn !== (normaliseTrn(v.vatNumber) ?? '');
        await tx.update(vendors).set({
          vatRegistered: input.vat_registered, vatNumber: trn, updatedAt: new Date(),
          ...(recheck ? { isVerified: false, verificationDate: null, verifiedBy: null } : {}),
        }).where(eq(vendors.id, vendorId));
        await deps.audit.record(tx, {
          actor, action: 'vendor.taxProfile', target: { type: 'vendor', id: vendorId },
          changes: changesBetween(
            { vat_registered: v.vatRegistered, trn: v.vatNumber, is_verified: v.isVerified },
            { vat_registered: input.vat_registered, trn, is_verified: recheck ? false : v.isVerified },
          ),
        });
      });
      return this.vendorProfile(vendorId);
    },

    /** The shopper's documents (their own purchases' sub-orders), newest first. */
    async listForUser(userId: number) {
      const rows = await db.select({ d: taxDocuments }).from(taxDocuments).innerJoin(orders, eq(orders.id, taxDocuments.orderId))
        .where(eq(orders.userId, userId)).orderBy(desc(taxDocuments.id)).limit(200);
      return dtos(rows.map((r) => r.d));
    },

    /** One sub-order's documents, for its vendor (404 for another's) or an admin. */
    async listForOrder(orderId: number, scope: { vendorId: number } | 'admin') {
      const [o] = await db.select({ seller: orders.sellerVendorId }).from(orders).where(eq(orders.id, orderId));
      if (!o || (scope !== 'admin' && o.seller !== scope.vendorId)) throw notFound(MSG.orderNotFound);
      return dtos(await db.select().from(taxDocuments).where(and(eq(taxDocuments.orderId, orderId))).orderBy(taxDocuments.id));
    },

    /** The PDF of a document the scope may read (404 otherwise), and its file name. */
    async pdf(id: number, scope: { userId: number } | { vendorId: number } | 'admin') {
      const doc = await documentFor(id, scope);
      return { bytes: await renderTaxDocumentPdf(doc.snapshot), filename: `${doc.number}.pdf` };
    },
  };
}
