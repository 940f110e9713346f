import { describe, expect, it } from 'vitest';
import { listRequestQuery, readListState, writeListState, type ListStateOptions } from './list-state';

const opts: ListStateOptions<{ status: string; category: string }> = {
  filters: { status: '', category: '' },
  defaultSort: { key: 'created_at', order: 'desc' },
  prefix: '',
};

describe('list state in the URL', () => {
  it('reads search, filters, sort and offset, with defaults for what is missing or malformed', () => {
    expect(readListState(new URLSearchParams(''), opts)).toEqual({ search: '', filters: { status: '', category: '' }, sort: { key: 'created_at', order: 'desc' }, offset: 0 });
    const state = readListState(new URLSearchParams('search=%20lamp%20&status=shipped&sort=total&order=asc&offset=100&other=x'), opts);
    expect(state).toEqual({ search: 'lamp', filters: { status: 'shipped', category: '' }, sort: { key: 'total', order: 'asc' }, offset: 100 });
    expect(readListState(new URLSearchParams('sort=total&order=sideways&offset=-3'), opts)).toMatchObject({ sort: { key: 'total', order: 'desc' }, offset: 0 });
  });

  it('keeps the other keys of the page, drops defaults and goes back to page one on any change but the page', () => {
    const prev = new URLSearchParams('tab=orders&status=pending&offset=150');
    expect(writeListState(prev, { filters: { status: 'shipped' } }, opts).toString()).toBe('tab=orders&status=shipped');
    expect(writeListState(prev, { offset: 200 }, opts).toString()).toBe('tab=orders&status=pending&offset=200');
    expect(writeListState(prev, { filters: { status: '' } }, opts).toString()).toBe('tab=orders');
    expect(writeListState(prev, { search: '  desk ' }, opts).get('search')).toBe('desk');
    expect(writeListState(prev, { sort: { key: 'total', order: 'asc' } }, opts).toString()).toBe('tab=orders&status=pending&sort=total&order=asc');
    // the default sort is not written: links stay short
    expect(writeListState(new URLSearchParams('sort=total&order=asc'), { sort: { key: 'created_at', order: 'desc' } }, opts).toString()).toBe('');
  });

  it('reads back what it writes', () => {
    const written = writeListState(new URLSearchParams(), { search: 'red lamp', filters: { category: 'home' }, sort: { key: 'name', order: 'asc' } }, opts);
    expect(readListState(written, opts)).toEqual({ search: 'red lamp', filters: { status: '', category: 'home' }, sort: { key: 'name', order: 'asc' }, offset: 0 });
  });

  it('prefixes URL keys so two lists on one page keep apart', () => {
    const prefixed = { ...opts, prefix: 'v_' };
    const url = writeListState(new URLSearchParams('status=pending'), { filters: { status: 'shipped' }, offset: 50 }, prefixed);
    expect(url.toString()).toBe('status=pending&v_status=shipped&v_offset=50');
    expect(readListState(url, prefixed).filters.status).toBe('shipped');
    expect(readListState(url, opts).filters.status).toBe('pending');
  });

  it('asks the server with plain keys, leaving out unset filters and an empty search', () => {
    const state = readListState(new URLSearchParams('v_search=lamp&v_status=shipped&v_offset=50'), { ...opts, prefix: 'v_' });
    expect(listRequestQuery(state, 50, 'search').toString()).toBe('limit=50&offset=50&search=lamp&status=shipped&sort=created_at&order=desc');
    expect(listRequestQuery({ ...state, search: '' }, 20, 'q').toString()).toBe('limit=20&offset=50&status=shipped&sort=created_at&order=desc');
    expect(listRequestQuery({ ...state, sort: null }, 20, null).has('search')).toBe(false);
  });
});
