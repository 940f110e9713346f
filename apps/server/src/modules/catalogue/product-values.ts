import type { products } from '../../db/schema/catalogue.js';

// The column values a product write takes: what the service inserts and updates, and what product-input.ts maps the
// API's fields to. Apart from both so neither imports the other.

type Insert = typeof products.$inferInsert;
/** What a product is created from (seed, vendor and admin tools). The slug is derived from the name when absent. */
export type ProductInput = Omit<Insert, 'id' | 'slug' | 'searchVector' | 'searchText' | 'updatedAt'> & { slug?: string };
export type ProductPatch = Partial<Omit<Insert, 'id' | 'searchVector' | 'searchText' | 'createdAt' | 'updatedAt'>>;
