import { describe, expect, it } from 'vitest';
import { MSG_AR } from './messages.ar.js';
import { formatMoney } from './rules/money.js';

// The dirham's text symbol ends on a dot of its own (د.إ.), so an Arabic sentence that ends on an amount printed
// 'د.إ..' (issue 26 item 6). Every text is called with the amount in each argument that holds money (named so in
// messages.ts) and a count in the others.
const MONEY_ARGUMENTS = new Set(['price', 'revenue', 'amount', 'total', 'refund', 'average', 'above', 'below', 'tax', 'stockValue', 'shipping', 'goods', 'commission', 'perOrder', 'fee', 'value']);

// Intl wraps the amount in right-to-left marks, which sit between the two dots and hide them from a plain search.
const withoutMarks = (text: string): string => text.replace(/[\u200e\u200f\u061c]/g, '');

/** The names of a text's parameters, as the compiled arrow function still spells them. */
function parameterNames(text: (...a: never[]) => unknown): string[] {
  const head = /^\s*(?:\(([^)]*)\)|([A-Za-z_$][\w$]*))\s*=>/.exec(text.toString());
  return (head?.[1] ?? head?.[2] ?? '').split(',').map((p) => p.trim().split(/[\s=:]/)[0] ?? '').filter(Boolean);
}

/** Every text of the catalogue with its key path, the nested groups (return history, chat topics…) included. */
function* texts(group: object, path: string): Generator<[string, unknown]> {
  for (const [key, text] of Object.entries(group)) {
    if (text && typeof text === 'object' && !Array.isArray(text)) yield* texts(text, `${path}${key}.`);
    else yield [`${path}${key}`, text];
  }
}

describe('Arabic texts given an amount', () => {
  const amount = formatMoney(1234.5, 'AED', 'ar');

  it('the sample amount ends on the symbol’s own dot', () => {
    expect(withoutMarks(amount).endsWith('د.إ.')).toBe(true);
  });

  it('never print the symbol’s dot and a full stop together', () => {
    const doubled: string[] = [];
    let withMoney = 0;
    for (const [key, text] of texts(MSG_AR, '')) {
      if (typeof text !== 'function') continue;
      const names = parameterNames(text as (...a: never[]) => unknown);
      if (!names.some((name) => MONEY_ARGUMENTS.has(name))) continue;
      withMoney += 1;
      const printed = (text as (...a: unknown[]) => unknown)(...names.map((name) => (MONEY_ARGUMENTS.has(name) ? amount : 3)));
      if (withoutMarks(Array.isArray(printed) ? printed.join('\n') : String(printed)).includes('د.إ..')) doubled.push(key);
    }
    // the parameter names were read: the texts that print money were found
    expect(withMoney).toBeGreaterThan(20);
    expect(doubled).toEqual([]);
  });
});
