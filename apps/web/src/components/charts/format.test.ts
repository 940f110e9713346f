import { describe, expect, it } from 'vitest';
import { categoryLabel, formatDayLong, formatDayShort } from './format';

describe('chart labels', () => {
  it('formats calendar days without a time zone shifting them', () => {
    expect(formatDayShort('2025-03-01')).toBe('Mar 1');
    expect(formatDayLong('2025-12-31')).toBe('Dec 31, 2025');
    expect(formatDayShort('not a date')).toBe('not a date');
  });

  it('turns category keys into words', () => {
    expect(categoryLabel('electronics')).toBe('Electronics');
    expect(categoryLabel('home_garden')).toBe('Home garden');
    expect(categoryLabel('')).toBe('Uncategorised');
  });
});
