import { describe, expect, it } from 'vitest';
import { CHAT_PRIORITIES, CHAT_SESSION_STATUSES, ORDER_STATUSES, PRODUCT_STATUSES, SUPPORT_PRIORITIES, SUPPORT_STATUSES } from '@souq/shared/constants';
import { BADGE_TONES, STATUS_BADGES, statusBadge } from './status-badges';

describe('status badges', () => {
  it("gives orders the spec's colours (admin §4)", () => {
    const tones = Object.fromEntries(ORDER_STATUSES.map((s) => [s, statusBadge('order', s).tone]));
    expect(tones).toEqual({ awaiting_payment: 'grey', pending: 'amber', confirmed: 'blue', processing: 'purple', shipped: 'green', delivered: 'darkGreen', cancelled: 'red', refunded: 'grey' });
    expect(statusBadge('order', 'delivered').label).toBe('Delivered');
  });

  it("uses the spec's vendor words", () => {
    expect(statusBadge('vendor', 'verified')).toEqual({ label: 'Verified', tone: 'green' });
    expect(statusBadge('vendor', 'pending')).toEqual({ label: 'Pending Review', tone: 'amber' });
    expect(statusBadge('vendor', 'incomplete')).toEqual({ label: 'Incomplete', tone: 'grey' });
  });

  it('covers every status the API can send, each with words and a colour that exists', () => {
    const families: [keyof typeof STATUS_BADGES, readonly string[]][] = [
      ['order', ORDER_STATUSES], ['product', PRODUCT_STATUSES], ['support', SUPPORT_STATUSES], ['chat', CHAT_SESSION_STATUSES],
      ['priority', SUPPORT_PRIORITIES], ['priority', CHAT_PRIORITIES],
    ];
    for (const [kind, statuses] of families) {
      expect(Object.keys(STATUS_BADGES[kind]).sort()).toEqual([...statuses].sort());
      for (const s of statuses) {
        const { label, tone } = statusBadge(kind, s);
        expect(label.length).toBeGreaterThan(0);
        expect(BADGE_TONES[tone]).toBeTruthy();
      }
    }
  });

  it('shows an unknown value as its own words in grey instead of failing', () => {
    expect(statusBadge('order', 'on_hold')).toEqual({ label: 'On hold', tone: 'grey' });
    expect(statusBadge('chat', '')).toEqual({ label: 'Unknown', tone: 'grey' });
  });
});
