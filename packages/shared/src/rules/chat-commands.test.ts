import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.js';
import { findMentionedProduct, isCartCommand, isClearContextCommand, parseCartCommand, parseQuantity } from './chat-commands.js';

const catalogue = [
  { id: 1, name: 'Wireless Headphones' },
  { id: 2, name: 'Running Shoes' },
  { id: 3, name: 'iPhone 15' },
  { id: 4, name: 'iPhone 15 Pro' },
];

describe('typed chat commands (customer spec §4)', () => {
  it('recognises add/put/place/buy/purchase together with cart or bag', () => {
    for (const t of ['add it to my cart', 'Put two in the bag', 'PLACE one in cart', 'buy and add to cart', 'purchase: bag it, cart']) {
      expect(isCartCommand(t)).toBe(true);
    }
    for (const t of ['add wireless headphones', 'what is in my cart?', 'show my bag', 'address of the cart shop']) {
      expect(isCartCommand(t)).toBe(false);
    }
    expect(parseCartCommand('tell me about Running Shoes', catalogue, null)).toBeNull();
  });

  it('recognises everyday verbs of putting something in a cart, with the cart after in / into', () => {
    for (const t of ['throw two in my cart', 'pop it into the basket', 'toss a pack of batteries in my cart', 'stick one in the trolley']) {
      expect(isCartCommand(t)).toBe(true);
    }
    // the verb without the cart, or the cart without putting anything in it
    for (const t of ['throw pillow', 'drop the price', 'what did I get in my cart?'.replace('get', 'see')]) {
      expect(isCartCommand(t)).toBe(false);
    }
  });

  it('takes the product named in the text, case-insensitively, and the first number as quantity', () => {
    expect(parseCartCommand('Add 3 running shoes to my cart', catalogue, null)).toEqual({ product: catalogue[1], quantity: 3 });
    expect(parseCartCommand('put wireless headphones in the bag', catalogue, catalogue[1])).toEqual({ product: catalogue[0], quantity: 1 });
  });

  it('falls back to the context product', () => {
    expect(parseCartCommand('add a pair to my cart', catalogue, catalogue[1])).toEqual({ product: catalogue[1], quantity: 2 });
    expect(parseCartCommand('buy a couple, put them in the cart', catalogue, catalogue[0])).toEqual({ product: catalogue[0], quantity: 2 });
  });

  it('answers notFound when no product is named and there is no context', () => {
    expect(parseCartCommand('add the blue thing to my cart', catalogue, null)).toEqual({ notFound: true });
    expect(MSG.productNotFoundInChat).toBe("I couldn't find that product. Please mention the exact product name.");
  });

  it('reads number words one to ten, pair and couple; at least 1', () => {
    expect(parseQuantity('add ten of them')).toBe(10);
    expect(parseQuantity('add seven')).toBe(7);
    expect(parseQuantity('add someone')).toBe(1);
    expect(parseQuantity('add 0 to cart')).toBe(1);
    expect(parseQuantity('add 4 not five')).toBe(4);
    expect(parseQuantity('nothing here')).toBe(1);
  });

  it('does not read digits of the product name as a quantity, and prefers the more specific name', () => {
    expect(parseCartCommand('add iPhone 15 to cart', catalogue, null)).toEqual({ product: catalogue[2], quantity: 1 });
    expect(parseCartCommand('add 2 iphone 15 pro to my cart', catalogue, null)).toEqual({ product: catalogue[3], quantity: 2 });
    expect(findMentionedProduct('running shoes or wireless headphones?', catalogue)).toBe(catalogue[0]);
    expect(findMentionedProduct('nothing known', catalogue)).toBeNull();
  });

  it('never reads digits of the name as a quantity, even next to a quantity the shopper typed (issue 23)', () => {
    const shop = [
      { id: 10, name: 'Stride GPS Smartwatch 5' },
      { id: 11, name: 'Alpine Down Sleeping Bag -5°C' },
      { id: 12, name: 'Lumo Smart LED Bulb 4-Pack' },
    ];
    expect(parseCartCommand('add Stride GPS Smartwatch 5 to my cart', shop, null)).toEqual({ product: shop[0], quantity: 1 });
    expect(parseCartCommand('add 5 Stride GPS Smartwatch 5 to my cart', shop, null)).toEqual({ product: shop[0], quantity: 5 });
    expect(parseCartCommand('add Alpine Down Sleeping Bag -5°C to my cart', shop, null)).toEqual({ product: shop[1], quantity: 1 });
    expect(parseCartCommand('add Lumo Smart LED Bulb 4-Pack to my cart', shop, null)).toEqual({ product: shop[2], quantity: 1 });
    // written loosely, with the product in context: the run of name words goes, the shopper's number stays
    expect(parseQuantity('add 3 of the stride smartwatch 5 to my bag', shop[0]!.name)).toBe(3);
    expect(parseQuantity('add the stride smartwatch 5 to my bag', shop[0]!.name)).toBe(1);
    expect(parseQuantity('put a pair of alpine sleeping bag -5°C in the cart', shop[1]!.name)).toBe(2);
  });

  it('lifts a negative or zero quantity to the minimum of 1; a hyphen inside a word is no minus sign', () => {
    expect(parseCartCommand('add -5 Stride GPS Smartwatch 5 to my cart', [{ id: 10, name: 'Stride GPS Smartwatch 5' }], null)).toEqual({ product: { id: 10, name: 'Stride GPS Smartwatch 5' }, quantity: 1 });
    expect(parseQuantity('add \u22123 to my cart')).toBe(1);
    expect(parseQuantity('add -0 to my cart')).toBe(1);
    expect(parseQuantity('add the USB-3 cable to my cart')).toBe(3);
    expect(parseQuantity('add 2-3 to my cart')).toBe(2);
  });

  it('formats the reply with the spec text', () => {
    expect(MSG.addedToCart(2, 'Running Shoes')).toBe('Added **2 × Running Shoes** to your cart.');
  });

  it('detects clear + context/selection', () => {
    expect(isClearContextCommand('Clear context please')).toBe(true);
    expect(isClearContextCommand('clear my selection')).toBe(true);
    expect(isClearContextCommand('clear the cart')).toBe(false);
    expect(isClearContextCommand('what is the context?')).toBe(false);
  });
});
