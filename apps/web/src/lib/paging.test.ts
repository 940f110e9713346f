import { describe, expect, it } from 'vitest';
import { lastPageOffset, pageOf, pageRangeText, parseOffset } from './paging';

describe('paging', () => {
  it('says which rows are shown, with thousands separators', () => {
    expect(pageRangeText(0, 50, 1234)).toBe('Showing 1–50 of 1,234');
    expect(pageRangeText(1200, 50, 1234)).toBe('Showing 1,201–1,234 of 1,234');
    expect(pageRangeText(0, 50, 7)).toBe('Showing 1–7 of 7');
    expect(pageRangeText(0, 50, 0)).toBe('');
  });

  it('counts pages from limit, offset and total', () => {
    expect(pageOf(0, 50, 1234)).toEqual({ page: 1, pages: 25 });
    expect(pageOf(50, 50, 1234)).toEqual({ page: 2, pages: 25 });
    expect(pageOf(1200, 50, 1234)).toEqual({ page: 25, pages: 25 });
    expect(pageOf(0, 50, 0)).toEqual({ page: 1, pages: 1 });
    // an offset past the end reads as the last page
    expect(pageOf(5000, 50, 120)).toEqual({ page: 3, pages: 3 });
  });

  it('finds the last page that has rows', () => {
    expect(lastPageOffset(50, 120)).toBe(100);
    expect(lastPageOffset(50, 100)).toBe(50);
    expect(lastPageOffset(50, 1)).toBe(0);
    expect(lastPageOffset(50, 0)).toBe(0);
  });

  it('reads an offset from the URL, refusing what is not a non-negative whole number', () => {
    expect(parseOffset('150')).toBe(150);
    for (const raw of [null, '', '-50', '1.5', 'abc', '1e400']) expect(parseOffset(raw)).toBe(0);
  });
});
