import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isBase64 } from './image-search.service.js';

// The rule the one-pass reader replaced (it overflowed V8's stack on a 7 MB image in a whole test run): the same
// answers on every string, and a long image read without a stack.
const RULE = /^[A-Za-z0-9+/_-]+={0,2}$/;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/_-= .,\n!é';

describe('isBase64', () => {
  it('answers as the regular expression it replaced, on any string of base64 letters and others', () => {
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom(...ALPHABET), maxLength: 40 }), (s) => isBase64(s) === RULE.test(s)), { numRuns: 5_000 });
  });

  it('reads the padding and the two alphabets', () => {
    expect(isBase64('iVBORw0KGgo=')).toBe(true);
    expect(isBase64('iVBORw0KGg==')).toBe(true);
    expect(isBase64('iVBORw0KG===')).toBe(false);
    expect(isBase64('a-b_c')).toBe(true);
    expect(isBase64('==')).toBe(false);
    expect(isBase64('')).toBe(false);
    expect(isBase64('abc=d')).toBe(false);
  });

  it('reads a 16 MB image in one pass', () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(12 * 1024 * 1024, 7)]);
    expect(isBase64(png.toString('base64'))).toBe(true);
    expect(isBase64(`${png.toString('base64')}!`)).toBe(false);
  });
});
