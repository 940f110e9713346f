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
