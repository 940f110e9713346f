import { and, desc, eq, gte, inArray, lt } from 'drizzle-orm';
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
import { notFound, unprocessable } from '../../platform/errors.js';
import { zipStore } from '../../platform/zip.js';
import { issueCommissionDocuments } from './commission.documents.js';
import { isClosed } from './commission.period.js';
import { isBusinessToBusiness, pintAeXml } from './pint-ae.js';
import { isPlainDocument, readTaxSettings, shownTitles, type TaxDocumentRow } from './tax.documents.js';
import { renderTaxDocumentPdf } from './tax.pdf.js';

// The shop's tax settings, a vendor's tax profile, and who may read which tax documents (decisions 0098, 0099).

export type TaxService = ReturnType<typeof createTaxService>;
/** Who reads a document: a shopper, a vendor, or an admin. */
export type DocumentScope = { userId: number } | { vendorId: number } | 'admin';

export function createTaxService(deps: { db: Db; audit: AuditLog }) {
  const { db } = deps;

  async function dtos(rows: TaxDocumentRow[]): Promise<TaxDocument[]> {
    const byId = new Map(rows.map((r) => [r.id, r]));
    const missing = [...new Set(rows.flatMap((r) => (r.correctsId && !byId.has(r.correctsId) ? [r.correctsId] : [])))];
    if (missing.length) for (const r of await db.select().from(taxDocuments).where(inArray(taxDocuments.id, missing))) byId.set(r.id, r);
    return rows.map((r) => ({
      id: r.id, kind: r.kind, form: r.form, subject: r.subject, title: shownTitles(r.snapshot).title, number: r.number, order_id: r.orderId, order_number: r.snapshot.orderNumber,
      supplier_name: r.snapshot.supplier.name, recipient_name: r.snapshot.recipient.name, vendor_id: r.vendorId, period: r.period,
      currency: r.currency, net: centsToAmount(r.netCents), tax: centsToAmount(r.taxCents),
      total: centsToAmount(r.totalCents), issued_at: r.issuedAt.toISOString(), corrects_number: r.correctsId ? byId.get(r.correctsId)?.number ?? null : null,
      pint_ae: isBusinessToBusiness(r.snapshot),
      charges_vat: !isPlainDocument(r.snapshot),
    }));
  }

  /**
   * One document when `scope` allows it, else 404: the shopper's own purchases' documents; a vendor's own sub-orders'
   * documents and the commission documents addressed to it (decision 0108); any for an admin.
   */
  async function documentFor(id: number, scope: DocumentScope) {
    const [row] = await db.select({ d: taxDocuments, userId: orders.userId, seller: orders.sellerVendorId })
      .from(taxDocuments).leftJoin(orders, eq(orders.id, taxDocuments.orderId)).where(eq(taxDocuments.id, id));
    const allowed = row && (scope === 'admin' || ('userId' in scope
      ? row.d.subject === 'sale' && row.userId === scope.userId
      : row.d.subject === 'sale' ? row.seller === scope.vendorId : row.d.vendorId === scope.vendorId));
    if (!allowed) throw notFound(MSG.taxDocumentNotFound);
    return row.d;
  }

  const pintFile = (d: TaxDocumentRow) => ({
    name: `${d.number}.xml`,
    data: Buffer.from(pintAeXml({ id: d.id, kind: d.kind, number: d.number, issuedAt: d.issuedAt, currency: d.currency, snapshot: d.snapshot }), 'utf8'),
  });

  return {
    async settings(): Promise<TaxSettings> {
      const s = await readTaxSettings(db);
      return { price_mode: s.priceMode, invoice_on: s.invoiceOn, legal_name: s.legalName, address: s.address, trn: s.trn, vat_registered: Boolean(s.trn), emirate: s.emirate, note: TAX_ADVICE_NOTE };
    },

    /** The admin sets them, with one audit entry (before → after), in one transaction. */
    async setSettings(input: z.output<typeof taxSettingsUpdateSchema>, actor: Actor): Promise<TaxSettings> {
      await db.transaction(async (tx) => {
        const before = await readTaxSettings(tx);
        const values: [string, string][] = [
          [TAX_SETTING_KEYS.mode, input.price_mode], [TAX_SETTING_KEYS.issueOn, input.invoice_on], [TAX_SETTING_KEYS.legalName, input.legal_name],
          [TAX_SETTING_KEYS.address, input.address], [TAX_SETTING_KEYS.trn, input.trn],
          // omitted by an older client: the stored emirate stays
          ...(input.emirate ? [[TAX_SETTING_KEYS.emirate, input.emirate] as [string, string]] : []),
        ];
        for (const [key, value] of values) {
          await tx.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
        }
        await deps.audit.record(tx, {
          actor, action: 'tax.settings', target: { type: 'settings', id: 'tax' },
          changes: changesBetween(
            { price_mode: before.priceMode, invoice_on: before.invoiceOn, legal_name: before.legalName, address: before.address, trn: before.trn, emirate: before.emirate },
            { price_mode: input.price_mode, invoice_on: input.invoice_on, legal_name: input.legal_name, address: input.address, trn: input.trn, emirate: input.emirate ?? before.emirate },
          ),
        });
      });
      return this.settings();
    },

    async vendorProfile(vendorId: number): Promise<VendorTaxProfile> {
      const [v] = await db.select().from(vendors).where(eq(vendors.id, vendorId));
      if (!v) throw notFound(MSG.vendorNotFound);
      const trn = normaliseTrn(v.vatNumber) ?? '';
      return { vat_registered: v.vatRegistered, trn, verified: v.isVerified, charges_vat: Boolean(v.vatRegistered && v.isVerified && trn), emirate: v.vatEmirate ?? null, note: TAX_ADVICE_NOTE };
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
          vatRegistered: input.vat_registered, vatNumber: trn, updatedAt: new Date(), ...(input.emirate ? { vatEmirate: input.emirate } : {}),
          ...(recheck ? { isVerified: false, verificationDate: null, verifiedBy: null } : {}),
        }).where(eq(vendors.id, vendorId));
        await deps.audit.record(tx, {
          actor, action: 'vendor.taxProfile', target: { type: 'vendor', id: vendorId },
          changes: changesBetween(
            { vat_registered: v.vatRegistered, trn: v.vatNumber, is_verified: v.isVerified, emirate: v.vatEmirate },
            { vat_registered: input.vat_registered, trn, is_verified: recheck ? false : v.isVerified, emirate: input.emirate ?? v.vatEmirate },
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

    /** A vendor's commission invoices and credit notes (decision 0108), newest first. */
    async listCommissionForVendor(vendorId: number) {
      return dtos(await db.select().from(taxDocuments).where(and(eq(taxDocuments.subject, 'commission'), eq(taxDocuments.vendorId, vendorId)))
        .orderBy(desc(taxDocuments.id)).limit(500));
    },

    /** Every commission document, or one month's / one vendor's, newest first (admin). */
    async listCommission(f: { period?: string; vendor_id?: number }) {
      return dtos(await db.select().from(taxDocuments).where(and(
        eq(taxDocuments.subject, 'commission'),
        f.period ? eq(taxDocuments.period, f.period) : undefined,
        f.vendor_id ? eq(taxDocuments.vendorId, f.vendor_id) : undefined,
      )).orderBy(desc(taxDocuments.id)).limit(500));
    },

    /**
     * The admin's "issue now" for a month that has ended (every vendor, or one): the same idempotent run as the
     * monthly job; audited with what it issued.
     */
    async issueCommission(input: { period: string; vendor_id?: number }, actor: Actor, now: Date = new Date()) {
      if (!isClosed(input.period, now)) throw unprocessable(MSG.periodNotClosed);
      if (input.vendor_id !== undefined) {
        const [v] = await db.select({ id: vendors.id }).from(vendors).where(eq(vendors.id, input.vendor_id));
        if (!v) throw notFound(MSG.vendorNotFound);
      }
      const issued = await issueCommissionDocuments(db, input.period, { vendorId: input.vendor_id, at: now });
      await deps.audit.record(db, {
        actor, action: 'commission.issue', target: { type: 'commission_period', id: input.period },
        changes: { issued: { before: null, after: issued.map((d) => d.number).join(', ') || 'none' } },
      });
      return { period: input.period, issued: await dtos(issued) };
    },

    /** One B2B document as PINT AE XML (404 when the scope may not read it, 422 when it is not B2B). */
    async pintAe(id: number, scope: DocumentScope) {
      const doc = await documentFor(id, scope);
      if (!isBusinessToBusiness(doc.snapshot)) throw unprocessable(MSG.pintNotBusiness);
      const f = pintFile(doc);
      return { bytes: f.data, filename: f.name };
    },

    /** Every B2B document issued in [from, to] (days in UTC) as one ZIP of PINT AE XML files (admin). */
    async pintAeExport(q: { from: string; to: string }) {
      const rows = await db.select().from(taxDocuments).where(and(
        gte(taxDocuments.issuedAt, new Date(`${q.from}T00:00:00.000Z`)),
        lt(taxDocuments.issuedAt, new Date(new Date(`${q.to}T00:00:00.000Z`).getTime() + 86_400_000)),
      )).orderBy(taxDocuments.id);
      const b2b = rows.filter((r) => isBusinessToBusiness(r.snapshot));
      return { bytes: zipStore(b2b.map((d) => ({ ...pintFile(d), at: d.issuedAt }))), filename: `pint-ae-${q.from}-${q.to}.zip`, count: b2b.length };
    },

    /** The PDF of a document the scope may read (404 otherwise), and its file name. */
    async pdf(id: number, scope: DocumentScope) {
      const doc = await documentFor(id, scope);
      return { bytes: await renderTaxDocumentPdf(doc.snapshot), filename: `${doc.number}.pdf` };
    },
  };
}
