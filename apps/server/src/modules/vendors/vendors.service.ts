import { and, desc, eq, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_MAP_POINT, DEFAULT_VENDOR_COUNTRY } from '@souq/shared/constants';
import { MSG } from '@souq/shared/messages';
import type { Vendor } from '@souq/shared/api/auth';
import {
  VENDOR_DOCUMENT_FIELDS, VENDOR_DOCUMENT_LABELS,
  type AdminVendorsQuery, type VendorDocumentField, type VendorOnboarding, type VendorProfileUpdate, type VendorStats,
} from '@souq/shared/api/vendors';
import { normaliseTrn } from '@souq/shared/rules/tax';
import { VENDOR_STATUS_LABELS, vendorStatus, type VendorStatus } from '@souq/shared/rules/vendor-status';
import { users } from '../../db/schema/accounts.js';
import { files, vendorDocuments, vendors, type VendorAddressJson } from '../../db/schema/vendors.js';
import type { Db, Tx } from '../../platform/db.js';
import { changesBetween, type Actor, type AuditLog } from '../../platform/audit.js';
import { badRequest, conflict, notFound, say } from '../../platform/errors.js';
import { containsPattern } from '../../platform/like.js';
import { isUniqueViolation } from '../../platform/pg-errors.js';
import type { Upload } from '../../platform/uploads.js';
import type { FilesService } from '../files/files.service.js';
import { toVendorDto, type DocumentRow } from './vendors.dto.js';

export type VendorsService = ReturnType<typeof createVendorsService>;
/** What other modules need to show or check a vendor beside its data (products' owner, the product manager's picker). */
export type VendorSummary = { id: number; companyName: string; contactName: string; email: string; isVerified: boolean };
/** Uploaded documents by their field, already read and type-checked (platform/uploads readUpload). */
export type DocumentUploads = Partial<Record<VendorDocumentField, Upload>>;

type VendorRow = typeof vendors.$inferSelect;

/**
 * How many of the three required documents (trade licence, Emirates ID front and back) a vendor has on file: the
 * one SQL expression behind the derived status in lists, filters, stat cards and the bell (vendor §4).
 */
const requiredDocCount = sql<number>`(select count(distinct ${vendorDocuments.docType}) from ${vendorDocuments} where ${vendorDocuments.vendorId} = ${vendors.id} and ${vendorDocuments.docType} <> 'other')`;

/** The derived status (packages/shared rules/vendor-status) as SQL conditions, for filters and counts. */
const STATUS_WHERE: Record<VendorStatus, SQL> = {
  verified: eq(vendors.isVerified, true),
  rejected: and(eq(vendors.isVerified, false), isNotNull(vendors.rejectedAt))!,
  pending: and(eq(vendors.isVerified, false), isNull(vendors.rejectedAt), sql`${requiredDocCount} = ${VENDOR_DOCUMENT_FIELDS.length}`)!,
  incomplete: and(eq(vendors.isVerified, false), isNull(vendors.rejectedAt), sql`${requiredDocCount} < ${VENDOR_DOCUMENT_FIELDS.length}`)!,
};

/** The audited snapshot of a vendor's verification decision. */
/** The TRN a verification vouches for (decision 0098): a registered vendor's well-formed one, while it is verified. */
const verifiedTrn = (v: VendorRow) => (v.isVerified && v.vatRegistered ? normaliseTrn(v.vatNumber) : null);
const decision = (v: VendorRow) => ({ is_verified: v.isVerified, rejected_at: v.rejectedAt, verification_date: v.verificationDate, verified_by: v.verifiedBy });

/** The audited snapshot of a vendor's editable data (what `changesBetween` compares). */
function snapshot(v: VendorRow) {
  return {
    company_name: v.companyName, company_name_ar: v.companyNameAr, description: v.description, description_ar: v.descriptionAr, contact_name: v.contactName, email: v.email, phone: v.phone, website: v.website, address: v.address,
    business_type: v.businessType, industry: v.industry, tax_id: v.taxId, vat_number: v.vatNumber, establishment_date: v.establishmentDate,
  };
}

/**
 * The vendor's e-mail is also its login (sign-up sets both, vendor §2): an edit of the profile or the wizard's
 * first step moves the login with it, in the same transaction, so the vendor never signs in with an address it
 * no longer shows. Another account's address is refused with the sign-up's own message.
 */
async function moveLoginEmail(tx: Tx, userId: number, email: string): Promise<void> {
  const login = email.trim().toLowerCase();
  try {
    await tx.update(users).set({ email: login }).where(and(eq(users.id, userId), ne(users.email, login)));
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(MSG.vendorEmailTaken);
    throw err;
  }
}

export function createVendorsService(deps: { db: Db; audit: AuditLog; files: Pick<FilesService, 'storeWith' | 'removeRows'>; now?: () => Date }) {
  const { db, audit } = deps;
  const now = deps.now ?? (() => new Date());

  async function docsOf(exec: Db | Tx, vendorIds: number[]): Promise<(DocumentRow & { vendorId: number })[]> {
    if (!vendorIds.length) return [];
    return exec
      .select({ vendorId: vendorDocuments.vendorId, docType: vendorDocuments.docType, fileId: vendorDocuments.fileId, originalName: files.originalName, mimeType: files.mimeType })
      .from(vendorDocuments)
      .innerJoin(files, eq(files.id, vendorDocuments.fileId))
      .where(inArray(vendorDocuments.vendorId, vendorIds))
      .orderBy(vendorDocuments.id);
  }

  async function getDto(vendorId: number, exec: Db | Tx = db): Promise<Vendor> {
    const [row] = await exec.select().from(vendors).where(eq(vendors.id, vendorId));
    if (!row) throw notFound(MSG.vendorNotFound);
    return toVendorDto(row, await docsOf(exec, [vendorId]));
  }

  /** The vendor row locked for this transaction, with its current documents by type. */
  async function lockWithDocs(tx: Tx, vendorId: number) {
    const [row] = await tx.select().from(vendors).where(eq(vendors.id, vendorId)).for('update');
    if (!row) throw notFound(MSG.vendorNotFound);
    const docs = await tx
      .select({ id: vendorDocuments.id, docType: vendorDocuments.docType, fileId: vendorDocuments.fileId })
      .from(vendorDocuments)
      .where(and(eq(vendorDocuments.vendorId, vendorId), ne(vendorDocuments.docType, 'other')));
    return { row, docs: new Map(docs.map((d) => [d.docType as VendorDocumentField, d])) };
  }

  const statusOf = (row: VendorRow, has: (f: VendorDocumentField) => boolean): VendorStatus =>
    vendorStatus({
      isVerified: row.isVerified,
      rejected: row.rejectedAt !== null,
      hasTradeLicense: has('trade_license'),
      hasIdFront: has('emirates_id_front'),
      hasIdBack: has('emirates_id_back'),
    });

  /**
   * Stores the uploaded documents (private files owned by the vendor's account, so the vendor and admins can open
   * them) and replaces the vendor's current ones of the same types, in one transaction with `write` and one audit
   * entry. The replaced files' rows go in the same transaction and their stored objects after the commit; if
   * anything fails, the new objects are deleted again (files.storeWith): no orphan row or file either way.
   */
  async function withDocuments(
    vendorId: number,
    uploads: DocumentUploads,
    write: (tx: Tx, current: Awaited<ReturnType<typeof lockWithDocs>>, replaced: Record<string, { before: string | null; after: string }>) => Promise<void>,
  ) {
    const [owner] = await db.select({ userId: vendors.userId }).from(vendors).where(eq(vendors.id, vendorId));
    if (!owner) throw notFound(MSG.vendorNotFound);
    const fields = VENDOR_DOCUMENT_FIELDS.filter((f) => uploads[f]);
    let deleteOldObjects: () => Promise<void> = async () => {};
    await deps.files.storeWith(
      fields.map((f) => {
        const u = uploads[f]!;
        return { data: u.data, mime: u.mime, ext: u.ext, originalName: u.filename, ownerUserId: owner.userId, visibility: 'private' as const };
      }),
      async (tx, stored) => {
        const current = await lockWithDocs(tx, vendorId);
        const replaced: Record<string, { before: string | null; after: string }> = {};
        const oldFileIds: string[] = [];
        for (const [i, field] of fields.entries()) {
          const old = current.docs.get(field);
          if (old) {
            await tx.delete(vendorDocuments).where(eq(vendorDocuments.id, old.id));
            oldFileIds.push(old.fileId);
          }
          await tx.insert(vendorDocuments).values({ vendorId, docType: field, fileId: stored[i]!.id });
          replaced[field] = { before: old?.fileId ?? null, after: stored[i]!.id };
        }
        deleteOldObjects = await deps.files.removeRows(tx, oldFileIds);
        await write(tx, current, replaced);
      },
    );
    await deleteOldObjects();
  }

  return {
    async idForUser(userId: number): Promise<number | null> {
      const [row] = await db.select({ id: vendors.id }).from(vendors).where(eq(vendors.userId, userId));
      return row?.id ?? null;
    },

    getDto: (vendorId: number) => getDto(vendorId),

    /** Names, contact and verification of some vendors, by id (one query). */
    async summariesByIds(ids: number[]): Promise<Map<number, VendorSummary>> {
      const unique = [...new Set(ids)];
      if (!unique.length) return new Map();
      const rows = await db
        .select({ id: vendors.id, companyName: vendors.companyName, contactName: vendors.contactName, email: vendors.email, isVerified: vendors.isVerified })
        .from(vendors)
        .where(inArray(vendors.id, unique));
      return new Map(rows.map((r) => [r.id, r]));
    },

    /** Vendors waiting for an admin's decision (the admin bell). */
    async countPendingReview(): Promise<number> {
      return db.$count(vendors, STATUS_WHERE.pending);
    },

    /** The admin list: newest first, searched (company, contact, e-mail), filtered by derived status; a page and the total. */
    async list(q: AdminVendorsQuery): Promise<{ items: Vendor[]; total: number }> {
      const where = and(
        q.search
          ? or(
              sql`lower(${vendors.companyName}) like ${containsPattern(q.search)}`,
              sql`lower(${vendors.contactName}) like ${containsPattern(q.search)}`,
              sql`lower(${vendors.email}) like ${containsPattern(q.search)}`,
            )
          : undefined,
        q.status ? STATUS_WHERE[q.status] : undefined,
      );
      const [rows, total] = await Promise.all([
        db.select().from(vendors).where(where).orderBy(desc(vendors.createdAt), desc(vendors.id)).limit(q.limit).offset(q.offset),
        db.$count(vendors, where),
      ]);
      const docs = await docsOf(db, rows.map((r) => r.id));
      return { items: rows.map((r) => toVendorDto(r, docs.filter((d) => d.vendorId === r.id))), total };
    },

    /** The Vendors section's stat cards: every vendor by derived status, one query. */
    async stats(): Promise<VendorStats> {
      const count = (cond: SQL) => sql<number>`count(*) filter (where ${cond})::int`;
      const [row] = await db
        .select({
          total: sql<number>`count(*)::int`,
          verified: count(STATUS_WHERE.verified),
          pending: count(STATUS_WHERE.pending),
          incomplete: count(STATUS_WHERE.incomplete),
          rejected: count(STATUS_WHERE.rejected),
        })
        .from(vendors);
      return row ?? { total: 0, verified: 0, pending: 0, incomplete: 0, rejected: 0 };
    },

    /**
     * The onboarding wizard's submission (vendor §2, §7): the profile data of steps 1–3 and the documents of step 4.
     * A document already on file may be left out (a re-submission replaces only what is sent); one missing from
     * both is a 400 and nothing is written. New documents from the vendor reopen the review: a rejected or verified
     * vendor goes back to Pending Review. Documents an admin uploads on the vendor's behalf only end a rejection.
     */
    async submitOnboarding(vendorId: number, data: VendorOnboarding, uploads: DocumentUploads, actor: Actor): Promise<Vendor> {
      const [existing] = await db.select({ isVerified: vendors.isVerified, rejectedAt: vendors.rejectedAt }).from(vendors).where(eq(vendors.id, vendorId));
      if (!existing) throw notFound(MSG.vendorNotFound);
      const onFile = new Set((await docsOf(db, [vendorId])).map((d) => d.docType));
      // what an admin is reviewing stays as submitted: the vendor changes it again once the admin asks for changes
      // (a rejection with notes); an admin correcting it on the vendor's behalf is audited like any admin edit
      const status = vendorStatus({
        isVerified: existing.isVerified, rejected: existing.rejectedAt !== null,
        hasTradeLicense: onFile.has('trade_license'), hasIdFront: onFile.has('emirates_id_front'), hasIdBack: onFile.has('emirates_id_back'),
      });
      if (status === 'pending' && actor.role !== 'admin') throw conflict(MSG.onboardingUnderReview);
      const missing = VENDOR_DOCUMENT_FIELDS.filter((f) => !uploads[f] && !onFile.has(f));
      if (missing.length) {
        throw badRequest(MSG.validationFailed, Object.fromEntries(missing.map((f) => [f, say.documentRequired(VENDOR_DOCUMENT_LABELS[f])])));
      }
      const newDocuments = VENDOR_DOCUMENT_FIELDS.some((f) => uploads[f]);
      await withDocuments(vendorId, uploads, async (tx, { row }, replaced) => {
        const address: VendorAddressJson = {
          street: data.address.street,
          city: data.address.city,
          state: data.address.state,
          postal_code: data.address.postal_code,
          country: data.address.country || DEFAULT_VENDOR_COUNTRY,
          coordinates: data.address.coordinates ?? row.address.coordinates ?? { ...DEFAULT_MAP_POINT },
        };
        const set = {
          companyName: data.company_name, contactName: data.contact_name, email: data.email, phone: data.phone, website: data.website,
          address, businessType: data.business_type, industry: data.industry, taxId: data.tax_id, vatNumber: data.vat_number,
          establishmentDate: data.establishment_date,
        };
        // the previous decision no longer applies to new documents: it stays in the audit trail, not on the record
        const unverify = newDocuments && actor.role !== 'admin' && row.isVerified;
        const endRejection = newDocuments && row.rejectedAt !== null;
        const [after] = await tx
          .update(vendors)
          .set({
            ...set,
            onboardingCompletedAt: now(),
            updatedAt: now(),
            ...(unverify || endRejection ? { isVerified: false, rejectedAt: null, verificationDate: null, verifiedBy: null } : {}),
          })
          .where(eq(vendors.id, vendorId))
          .returning();
        await moveLoginEmail(tx, row.userId, data.email);
        await audit.record(tx, {
          actor,
          action: 'vendor.onboarding',
          target: { type: 'vendor', id: vendorId },
          changes: { ...changesBetween(snapshot(row), snapshot(after!)), ...replaced, ...changesBetween(decision(row), decision(after!)) },
        });
      });
      return getDto(vendorId);
    },

    /** An admin's 'Update' of one document on the vendor's profile (vendor §2): the same storage path as onboarding. */
    async replaceDocument(vendorId: number, field: VendorDocumentField, upload: Upload, actor: Actor): Promise<Vendor> {
      await withDocuments(vendorId, { [field]: upload }, async (tx, { row }, replaced) => {
        // a new document ends a rejection (back to Pending Review); an admin's replacement keeps a verification
        const [after] = await tx
          .update(vendors)
          .set({ updatedAt: now(), ...(row.rejectedAt ? { rejectedAt: null, verificationDate: null, verifiedBy: null } : {}) })
          .where(eq(vendors.id, vendorId))
          .returning();
        await audit.record(tx, {
          actor,
          action: 'vendor.document',
          target: { type: 'vendor', id: vendorId },
          changes: { ...replaced, ...changesBetween(decision(row), decision(after!)) },
        });
      });
      return getDto(vendorId);
    },

    /**
     * Verify (is_verified true) or reject (false) a vendor, only while it is Pending Review (admin §4); records who
     * (the acting admin's name), when and the notes the vendor then sees. 409 in any other state.
     */
    async verify(vendorId: number, input: { is_verified: boolean; verification_notes: string }, actor: Actor): Promise<Vendor> {
      await db.transaction(async (tx) => {
        const { row, docs } = await lockWithDocs(tx, vendorId);
        const status = statusOf(row, (f) => docs.has(f));
        if (status !== 'pending') throw conflict(say.vendorNotPendingReview(VENDOR_STATUS_LABELS[status]));
        const at = now();
        const [after] = await tx
          .update(vendors)
          .set({
            isVerified: input.is_verified,
            rejectedAt: input.is_verified ? null : at,
            verificationDate: at,
            verifiedBy: actor.name,
            verificationNotes: input.verification_notes || null,
            updatedAt: at,
          })
          .where(eq(vendors.id, vendorId))
          .returning();
        await audit.record(tx, {
          actor,
          action: input.is_verified ? 'vendor.verify' : 'vendor.reject',
          target: { type: 'vendor', id: vendorId },
          changes: changesBetween(
            // the TRN a registered vendor declared is checked with the documents: the entry names the one verified
            { is_verified: row.isVerified, verification_date: row.verificationDate, verified_by: row.verifiedBy, verification_notes: row.verificationNotes, trn_verified: verifiedTrn(row) },
            { is_verified: after!.isVerified, verification_date: after!.verificationDate, verified_by: after!.verifiedBy, verification_notes: after!.verificationNotes, trn_verified: verifiedTrn(after!) },
          ),
        });
      });
      return getDto(vendorId);
    },

    /**
     * Applies the edited profile: only the fields present change. The address is merged field by field inside
     * the same UPDATE (read and write in one transaction, so two edits cannot lose each other's parts). Audited.
     */
    async updateProfile(vendorId: number, patch: VendorProfileUpdate, actor: Actor) {
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(vendors).where(eq(vendors.id, vendorId)).for('update');
        if (!row) throw notFound(MSG.vendorNotFound);
        const address = patch.address
          ? {
              ...row.address,
              ...Object.fromEntries(Object.entries(patch.address).filter(([, v]) => v !== undefined)),
            }
          : row.address;
        if (patch.address && !address.country) address.country = DEFAULT_VENDOR_COUNTRY;
        const [after] = await tx
          .update(vendors)
          .set({
            ...(patch.company_name !== undefined && { companyName: patch.company_name }),
            ...(patch.company_name_ar !== undefined && { companyNameAr: patch.company_name_ar }),
            ...(patch.description !== undefined && { description: patch.description }),
            ...(patch.description_ar !== undefined && { descriptionAr: patch.description_ar }),
            ...(patch.contact_name !== undefined && { contactName: patch.contact_name }),
            ...(patch.email !== undefined && { email: patch.email }),
            ...(patch.phone !== undefined && { phone: patch.phone }),
            ...(patch.website !== undefined && { website: patch.website }),
            ...(patch.business_type !== undefined && { businessType: patch.business_type }),
            ...(patch.industry !== undefined && { industry: patch.industry }),
            ...(patch.tax_id !== undefined && { taxId: patch.tax_id }),
            ...(patch.vat_number !== undefined && { vatNumber: patch.vat_number }),
            ...(patch.establishment_date !== undefined && { establishmentDate: patch.establishment_date }),
            address,
            updatedAt: now(),
          })
          .where(eq(vendors.id, vendorId))
          .returning();
        if (patch.email !== undefined) await moveLoginEmail(tx, row.userId, patch.email);
        await audit.record(tx, { actor, action: 'vendor.profile', target: { type: 'vendor', id: vendorId }, changes: changesBetween(snapshot(row), snapshot(after!)) });
      });
      return getDto(vendorId);
    },
  };
}
