import { customType } from 'drizzle-orm/pg-core';

/** Postgres tsvector, filled by a trigger (see the search migration); never written by the application. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Binary data (PostgreSQL bytea): a Buffer from node-postgres, a Uint8Array from PGlite. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength)),
  fromDriver: (v) => v,
});
