import { sql, type SQL } from 'drizzle-orm';
import { REVENUE_EXCLUDED_STATUSES } from '@souq/shared/constants';
import { orders } from '../../db/schema/orders.js';

// Small pieces every report query shares (the raw rows of a hand-written query: platform/sql-rows.ts). Counts and
// sums come back as bigint/numeric (text from node-postgres, numbers from PGlite): each is cast in SQL and mapped with
// Number so both drivers give plain numbers.

/** An integer aggregate as a JS number (`count(*)`, `sum(quantity)`), 0 when there are no rows. */
export const intOf = (expr: SQL) => sql<number>`coalesce(${expr}, 0)::int8`.mapWith(Number);

/** An order counts towards revenue unless it was cancelled or refunded (decision 0040). */
export const bringsRevenue: SQL = sql`${orders.status} not in (${sql.join(REVENUE_EXCLUDED_STATUSES.map((s) => sql`${s}`), sql`, `)})`;
