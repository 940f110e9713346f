import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.js';
import { emailSchema } from './email.js';

/** A valid address of exactly `n` characters (64-character local part, labels of at most 63). */
const emailOfLength = (n: number) => {
  const local = 'a'.repeat(64);
  const rest = n - local.length - 1 - '.com'.length;
  const labels: string[] = [];
  for (let left = rest; left > 0; left -= 64) labels.push('b'.repeat(Math.min(63, left - (left > 63 ? 1 : 0))));
  return `${local}@${labels.join('.')}.com`;
};

describe('emailSchema (issue 23: a 1,000-character e-mail signed up)', () => {
  it('accepts an address of 254 characters and refuses 255 and 1,000 with the length message', () => {
    expect(emailOfLength(254)).toHaveLength(254);
    expect(emailSchema.parse(emailOfLength(254))).toBe(emailOfLength(254));
    for (const n of [255, 1000]) {
      const r = emailSchema.safeParse(emailOfLength(n));
      expect(emailOfLength(n)).toHaveLength(n);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(MSG.emailTooLong(254));
    }
  });

  it('trims and lower-cases before measuring, and still refuses what is not an address', () => {
    expect(emailSchema.parse(`  ${emailOfLength(254).toUpperCase()}  `)).toBe(emailOfLength(254));
    expect(emailSchema.safeParse('not-an-address').error?.issues[0]?.message).toBe(MSG.emailInvalid);
  });
});
