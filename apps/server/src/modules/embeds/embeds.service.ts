import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { MSG } from '@souq/shared/messages';
import { embedSettingsSchema, type EmbedRecord, type EmbedSettings } from '@souq/shared/api/embeds';
import { embedCode } from '@souq/shared/rules/embed';
import { embeddedProducts } from '../../db/schema/catalogue.js';
import type { Db } from '../../platform/db.js';
import type { Bus } from '../../platform/bus.js';
import { unprocessable } from '../../platform/errors.js';
import { changesBetween, type Actor, type AuditLog } from '../../platform/audit.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { EmbedInfo } from '../catalogue/catalogue.dto.js';

export type EmbedsService = ReturnType<typeof createEmbedsService>;

type EmbedRow = typeof embeddedProducts.$inferSelect;

const toRecord = (r: EmbedRow, productName: string): EmbedRecord => ({
  id: r.id,
  vendor_id: r.vendorId,
  product_id: r.productId,
  product_name: productName,
  embed_code: r.embedCode,
  // rows written before a setting existed read it with its default
  embed_settings: embedSettingsSchema.parse(r.embedSettings),
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

/**
 * Embed records (vendor §2 embedding tool, admin §2 product manager): one per product, holding the code a vendor
 * pastes into another site and the settings it was made with. The code is always computed here from the product and
 * the settings, never taken from the client, so a stored code can only ever point at Souq's own card.
 */
export function createEmbedsService(deps: { db: Db; bus: Bus; catalogue: CatalogueService; audit?: AuditLog }) {
  const { db } = deps;

  return {
    /** Embed info per product id, for the catalogue's product DTOs (embed_id, embed_settings, embed_code). */
    async lookup(productIds: number[]): Promise<Map<number, EmbedInfo>> {
      if (!productIds.length) return new Map();
      const rows = await db.select().from(embeddedProducts).where(inArray(embeddedProducts.productId, productIds));
      return new Map(rows.map((r) => [r.productId, { id: r.id, settings: r.embedSettings, code: r.embedCode }]));
    },

    /**
     * Saves the embed of a product (created, or replaced with the new settings), with its audit entry.
     * `ownerVendorId` limits a vendor to its own products (another vendor's product is a 404); an admin's `vendorId`,
     * when given, must be the product's vendor. `origin` is the Souq address the code points at.
     */
    async save(
      input: { productId: number; vendorId?: number | null; settings: EmbedSettings },
      opts: { actor: Actor; ownerVendorId?: number; origin: string },
    ): Promise<{ record: EmbedRecord; created: boolean }> {
      const product = await deps.catalogue.getManaged(input.productId, { ownerVendorId: opts.ownerVendorId });
      if (opts.ownerVendorId === undefined && input.vendorId != null && input.vendorId !== product.vendor_id) {
        throw unprocessable(MSG.embedVendorMismatch);
      }
      const code = embedCode(opts.origin, product, input.settings);
      const result = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(embeddedProducts).where(eq(embeddedProducts.productId, product.id)).for('update');
        const values = { vendorId: product.vendor_id, embedCode: code, embedSettings: input.settings, updatedAt: new Date() };
        const [row] = before
          ? await tx.update(embeddedProducts).set(values).where(eq(embeddedProducts.id, before.id)).returning()
          : await tx.insert(embeddedProducts).values({ ...values, productId: product.id }).returning();
        const snapshot = (r: EmbedRow) => ({ productId: r.productId, vendorId: r.vendorId, embedSettings: r.embedSettings, embedCode: r.embedCode });
        await deps.audit?.record(tx, {
          actor: opts.actor,
          action: before ? 'embed.update' : 'embed.create',
          target: { type: 'embed', id: row!.id },
          changes: changesBetween(before ? snapshot(before) : null, snapshot(row!)),
        });
        return { record: toRecord(row!, product.name), created: !before };
      });
      // the product's public record carries its embed (embed_id, embed_settings): caches and the search index follow
      void deps.bus.emit('product.changed', { id: product.id });
      return result;
    },

    /** Embed records, newest first: a vendor's own (vendorId), or all for admins; bounded, with the total. */
    async list(filter: { vendorId?: number; productId?: number }, page: { limit: number; offset: number }) {
      const conds: (SQL | undefined)[] = [
        filter.vendorId !== undefined ? eq(embeddedProducts.vendorId, filter.vendorId) : undefined,
        filter.productId !== undefined ? eq(embeddedProducts.productId, filter.productId) : undefined,
      ];
      const where = and(...conds);
      const [rows, [total]] = await Promise.all([
        db.select().from(embeddedProducts).where(where).orderBy(desc(embeddedProducts.updatedAt), desc(embeddedProducts.id)).limit(page.limit).offset(page.offset),
        db.select({ n: count() }).from(embeddedProducts).where(where),
      ]);
      const names = new Map((await deps.catalogue.getProductsByIds(rows.map((r) => r.productId), { includeInactive: true })).map((p) => [p.id, p.name]));
      return { items: rows.map((r) => toRecord(r, names.get(r.productId) ?? '')), total: total?.n ?? 0 };
    },
  };
}
