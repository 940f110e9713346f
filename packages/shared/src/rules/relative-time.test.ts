import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time.js';

const now = new Date('2025-03-10T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('formatRelativeTime (customer spec §9)', () => {
  it('reads Just now under a minute', () => {
    expect(formatRelativeTime(ago(0), now)).toBe('Just now');
    expect(formatRelativeTime(ago(59_999), now)).toBe('Just now');
    expect(formatRelativeTime(new Date(now.getTime() + 5000), now)).toBe('Just now');
  });

  it('reads minutes, then hours', () => {
    expect(formatRelativeTime(ago(60_000), now)).toBe('1m ago');
    expect(formatRelativeTime(ago(59 * 60_000), now)).toBe('59m ago');
    expect(formatRelativeTime(ago(60 * 60_000), now)).toBe('1h ago');
    expect(formatRelativeTime(ago(23 * 3_600_000 + 59 * 60_000), now).toString()).toBe('23h ago');
  });

  it('reads a date from 24 hours on, and nothing for an invalid time', () => {
    expect(formatRelativeTime('2025-03-01T08:00:00Z', now)).toBe('Mar 1, 2025');
    expect(formatRelativeTime('not a date', now)).toBe('');
  });
});

describe('formatRelativeTime in Arabic (issue 26 item 4)', () => {
  it('writes the same steps in Arabic words and plurals, with the digits the reader chose', () => {
    expect(formatRelativeTime(ago(0), now, 'ar')).toBe('الآن');
    expect(formatRelativeTime(ago(60_000), now, 'ar')).toBe('قبل دقيقة واحدة');
    expect(formatRelativeTime(ago(2 * 60_000), now, 'ar')).toBe('قبل دقيقتين');
    expect(formatRelativeTime(ago(5 * 60_000), now, 'ar')).toBe('قبل 5 دقائق');
    expect(formatRelativeTime(ago(3 * 3_600_000), now, 'ar')).toBe('قبل 3 ساعات');
    expect(formatRelativeTime(ago(5 * 60_000), now, { locale: 'ar', digits: 'arab' })).toBe('قبل ٥ دقائق');
    expect(formatRelativeTime('2025-03-01T08:00:00Z', now, 'ar')).not.toMatch(/[A-Za-z]/);
  });

  it('keeps the spec\'s English short form for an English reader', () => {
    expect(formatRelativeTime(ago(5 * 60_000), now, 'en')).toBe('5m ago');
  });
});
