import { describe, expect, it } from 'vitest';
import { pageQuerySchema, sortQuerySchema } from './common.js';

describe('list query schemas', () => {
  const query = pageQuerySchema.extend(sortQuerySchema(['created_at', 'total'], { sort: 'created_at', order: 'desc' }).shape);

  it('defaults the sort and accepts the columns the endpoint names', () => {
    expect(query.parse({})).toEqual({ limit: 50, offset: 0, sort: 'created_at', order: 'desc' });
    expect(query.parse({ sort: 'total', order: 'asc', offset: '50' })).toEqual({ limit: 50, offset: 50, sort: 'total', order: 'asc' });
  });

  it('refuses a column or a direction it does not know', () => {
    expect(query.safeParse({ sort: 'password_hash' }).success).toBe(false);
    expect(query.safeParse({ order: 'sideways' }).success).toBe(false);
  });
});
