import { describe, expect, it } from 'vitest';
import { cartLineKey, choiceLabel, variantLabel, variantUnitPriceCents } from './variants.js';

describe('variants', () => {
  it('prices a line from the product and its options', () => {
    expect(variantUnitPriceCents(1000, [{ priceAdjustmentCents: 500 }])).toBe(1500);
    expect(variantUnitPriceCents(1000, [{ priceAdjustmentCents: 500 }, { priceAdjustmentCents: -200 }])).toBe(1300);
    expect(variantUnitPriceCents(1000, [])).toBe(1000);
    expect(variantUnitPriceCents(300, [{ priceAdjustmentCents: -500 }])).toBe(0);
  });

  it('names the choice in a fixed order of kinds', () => {
    expect(variantLabel([{ type: 'size', value: 'XL' }, { type: 'color', value: 'Red' }])).toBe('Color: Red · Size: XL');
    expect(choiceLabel({ size: 'XL' })).toBe('Size: XL');
    expect(choiceLabel({})).toBe('');
    expect(choiceLabel(undefined)).toBe('');
  });

  it('keys a cart line by product and options, whatever order the options came in', () => {
    expect(cartLineKey(12, {})).toBe('12');
    expect(cartLineKey(12, undefined)).toBe('12');
    expect(cartLineKey(12, { size: 'XL', color: 'Red' })).toBe(cartLineKey(12, { color: 'Red', size: 'XL' }));
    expect(cartLineKey(12, { size: 'XL' })).not.toBe(cartLineKey(12, { size: 'L' }));
  });
});
