import { z } from 'zod';
import { LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT } from '../constants.js';

/** The one error shape every endpoint answers with (ARCHITECTURE "API rules"). */
export const errorBodySchema = z.object({
  error: z.string(),
  detail: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Bounded list paging: the body stays an array, the total goes in X-Total-Count. */
export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(LIST_MAX_LIMIT).default(LIST_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).default(0),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const idParamSchema = z.object({ id: z.coerce.number().int().positive() });

/** A trimmed string; blank becomes undefined so `.optional()` fields accept '' from forms. */
export const optionalText = (max = 500) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v),
    z.string().max(max).optional());

export const successSchema = z.object({ success: z.literal(true) });

// UI kit (0060): the sort convention of sortable lists, `?sort=<column>&order=asc|desc` (useListQuery sends it)
export const SORT_ORDERS = ['asc', 'desc'] as const;
/** Query keys `sort` and `order` of a sortable list: `sort` must be one of the endpoint's columns. */
export const sortQuerySchema = <C extends string>(columns: readonly [C, ...C[]], defaults: { sort: C; order: (typeof SORT_ORDERS)[number] }) =>
  z.object({ sort: z.enum(columns).default(defaults.sort), order: z.enum(SORT_ORDERS).default(defaults.order) });
