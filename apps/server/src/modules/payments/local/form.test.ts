import { describe, expect, it } from 'vitest';
import { encodeForm, FormError, parseForm } from './form.js';

describe("Stripe's form encoding", () => {
  it('reads bracket notation: nested hashes, numbered and appended arrays, empty values', () => {
    const body = 'amount=100&metadata[order]=SQ-1&metadata[note]=&expand[0]=latest_charge&expand[1]=latest_charge.balance_transaction&enabled_events[]=a&enabled_events[]=b&payment_method_data[card][number]=4242%204242&items[0][price]=p_1&items[0][qty]=2';
    expect(parseForm(body)).toEqual({
      amount: '100',
      metadata: { order: 'SQ-1', note: '' },
      expand: ['latest_charge', 'latest_charge.balance_transaction'],
      enabled_events: ['a', 'b'],
      payment_method_data: { card: { number: '4242 4242' } },
      items: [{ price: 'p_1', qty: '2' }],
    });
  });

  it('round-trips what it encodes and refuses malformed names', () => {
    const value = { amount: 5, metadata: { a: 'x y', b: 'é' }, expand: ['data.source'] };
    expect(parseForm(encodeForm(value))).toEqual({ amount: '5', metadata: { a: 'x y', b: 'é' }, expand: ['data.source'] });
    expect(() => parseForm('a]b=1')).not.toThrow();
    expect(() => parseForm('a[b=1')).toThrow(FormError);
    expect(() => parseForm('a=1&a[b]=2')).toThrow(FormError);
  });
});
