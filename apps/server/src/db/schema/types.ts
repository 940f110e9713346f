import { customType } from 'drizzle-orm/pg-core';

/** Postgres tsvector, filled by a trigger (see the search migration); never written by the application. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
