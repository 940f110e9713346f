import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { ADDRESS_BOOK_MAX, type SavedAddress, type UaeAddressFields } from '@souq/shared/api/addresses';
import type { UaeAddress } from '@souq/shared/rules/uae-address';
import { MSG } from '@souq/shared/messages';
import { shopperAddresses } from '../../db/schema/delivery.js';
import type { Db, Tx } from '../../platform/db.js';
import { notFound, unprocessable } from '../../platform/errors.js';

type Row = typeof shopperAddresses.$inferSelect;

/** The structured address of a row (what an order snapshots). */
export const addressOf = (r: Row): UaeAddress => ({
  name: r.name, phone: r.phone, emirate: r.emirate, area: r.area, street: r.street, flat: r.flat, landmark: r.landmark,
  makani: r.makani, latitude: r.latitude, longitude: r.longitude,
});
const toDto = (r: Row): SavedAddress => ({ id: r.id, label: r.label, is_default: r.isDefault, address: addressOf(r), updated_at: r.updatedAt.toISOString() });
const columnsOf = (a: UaeAddressFields) => ({
  name: a.name, phone: a.phone, emirate: a.emirate, area: a.area, street: a.street, flat: a.flat, landmark: a.landmark,
  makani: a.makani, latitude: a.latitude, longitude: a.longitude,
});

export type AddressesService = ReturnType<typeof createAddressesService>;

/**
 * A shopper's address book (issue 40 item 6, decision 0151). Every read and write is scoped to the signed-in shopper:
 * another shopper's address is "not found". The first address becomes the default; making one the default unsets the
 * other in the same transaction; deleting the default makes the newest remaining one the default.
 */
export function createAddressesService(deps: { db: Db }) {
  const { db } = deps;

  async function own(tx: Db | Tx, userId: number, id: number): Promise<Row> {
    const [row] = await tx.select().from(shopperAddresses).where(and(eq(shopperAddresses.id, id), eq(shopperAddresses.userId, userId))).for('update');
    if (!row) throw notFound(MSG.addressNotFound);
    return row;
  }
  const clearDefault = (tx: Tx, userId: number) =>
    tx.update(shopperAddresses).set({ isDefault: false }).where(and(eq(shopperAddresses.userId, userId), eq(shopperAddresses.isDefault, true)));

  return {
    async list(userId: number): Promise<SavedAddress[]> {
      const rows = await db.select().from(shopperAddresses).where(eq(shopperAddresses.userId, userId))
        .orderBy(desc(shopperAddresses.isDefault), asc(shopperAddresses.id));
      return rows.map(toDto);
    },

    /** One of the shopper's addresses (checkout's saved-address pick); 404 for anyone else's. */
    async get(userId: number, id: number): Promise<SavedAddress> {
      return toDto(await own(db, userId, id));
    },

    async create(userId: number, input: { label: string; is_default?: boolean; address: UaeAddressFields }): Promise<SavedAddress> {
      return db.transaction(async (tx) => {
        // the shopper's row lock: two saves at once count and default one after the other
        await tx.execute(sql`select id from users where id = ${userId} for update`);
        const [{ n } = { n: 0 }] = await tx.select({ n: sql<number>`count(*)::int` }).from(shopperAddresses).where(eq(shopperAddresses.userId, userId));
        if (n >= ADDRESS_BOOK_MAX) throw unprocessable(MSG.addressBookFull(ADDRESS_BOOK_MAX));
        const isDefault = n === 0 || input.is_default === true;
        if (isDefault) await clearDefault(tx, userId);
        const [row] = await tx.insert(shopperAddresses).values({ userId, label: input.label, isDefault, ...columnsOf(input.address) }).returning();
        return toDto(row!);
      });
    },

    async update(userId: number, id: number, input: { label: string; is_default?: boolean; address: UaeAddressFields }): Promise<SavedAddress> {
      return db.transaction(async (tx) => {
        const before = await own(tx, userId, id);
        // unsetting the only default is not possible: some address stays the default while there is one
        const isDefault = input.is_default === undefined ? before.isDefault : input.is_default || before.isDefault;
        if (isDefault && !before.isDefault) await clearDefault(tx, userId);
        const [row] = await tx.update(shopperAddresses).set({ label: input.label, isDefault, ...columnsOf(input.address), updatedAt: new Date() })
          .where(eq(shopperAddresses.id, id)).returning();
        return toDto(row!);
      });
    },

    async remove(userId: number, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await own(tx, userId, id);
        await tx.delete(shopperAddresses).where(eq(shopperAddresses.id, id));
        if (!row.isDefault) return;
        const [next] = await tx.select({ id: shopperAddresses.id }).from(shopperAddresses).where(eq(shopperAddresses.userId, userId)).orderBy(desc(shopperAddresses.id)).limit(1);
        if (next) await tx.update(shopperAddresses).set({ isDefault: true }).where(eq(shopperAddresses.id, next.id));
      });
    },
  };
}
