import { describe, expect, it } from 'vitest';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import plugin, { physicalClasses } from './logical-properties.mjs';

describe('physical direction classes', () => {
  it('finds each physical class with its logical name, variants and negatives included', () => {
    expect(physicalClasses('ml-2 pr-4 sm:left-3 -mr-1 text-right border-l rounded-br-sm hover:pl-[3px] right-1/2')).toEqual([
      { physical: 'ml-2', logical: 'ms-2' },
      { physical: 'pr-4', logical: 'pe-4' },
      { physical: 'sm:left-3', logical: 'sm:start-3' },
      { physical: '-mr-1', logical: '-me-1' },
      { physical: 'text-right', logical: 'text-end' },
      { physical: 'border-l', logical: 'border-s' },
      { physical: 'rounded-br-sm', logical: 'rounded-ee-sm' },
      { physical: 'hover:pl-[3px]', logical: 'hover:ps-[3px]' },
      { physical: 'right-1/2', logical: 'end-1/2' },
    ]);
  });

  it('leaves logical classes, words and look-alikes alone', () => {
    expect(physicalClasses('ms-2 pe-4 start-3 text-start border-s rounded-ee-sm px-4 inset-x-0 border-lime-500 right left right-hand Rotate left mr')).toEqual([]);
  });
});

// the rule's cases as tests of this run
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;
new RuleTester({ languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } } }).run(
  'logical-properties',
  plugin.rules['logical-properties'],
  {
    valid: [
      { code: '<div className="ms-2 text-end" style={{ marginInlineStart: 4, textAlign: "start" }} />' },
      { code: 'const align = c.align === "right" ? "text-end" : "";' },
    ],
    invalid: [
      { code: '<div className="ml-2 text-right" />', errors: 2 },
      { code: 'const c = `absolute ${x} left-0`;', errors: 1 },
      { code: '<div style={{ marginLeft: 4, textAlign: "right" }} />', errors: 2 },
    ],
  },
);

new RuleTester({ languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } } }).run(
  'no-literal-text',
  plugin.rules['no-literal-text'],
  {
    valid: [
      { code: '<p><Trans>Get Started</Trans></p>' },
      { code: '<button aria-label={t`Close`}>{label}</button>' },
      { code: '<span>Souq</span>' },
      { code: '<span>{count} · 4.5</span>' },
      { code: '<span> — </span>' },
    ],
    invalid: [
      { code: '<p>Get Started</p>', errors: 1 },
      { code: '<input placeholder="Search products" />', errors: 1 },
      { code: '<nav aria-label={"Main"} />', errors: 1 },
      { code: '<Dialog title="Explore demos" description="Two showcases" />', errors: 2 },
    ],
  },
);
