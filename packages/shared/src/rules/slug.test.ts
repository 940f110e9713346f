import { describe, expect, it } from 'vitest';
import { slugify } from './slug.js';

describe('slugify', () => {
  it('lower-cases and joins words with single dashes', () => {
    expect(slugify('Sony WH-1000XM5 Wireless Headphones')).toBe('sony-wh-1000xm5-wireless-headphones');
    expect(slugify('  --Hello,   World!!  ')).toBe('hello-world');
    expect(slugify('Café Crème 2 Go')).toBe('cafe-creme-2-go');
  });

  it('gives an empty slug when nothing is alphanumeric and respects the length cap', () => {
    expect(slugify('!!!')).toBe('');
    expect(slugify('a b c d e f', 5)).toBe('a-b-c');
  });
});
