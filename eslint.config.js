import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import souq from './scripts/eslint/logical-properties.mjs';

/** Folders of apps/web/src whose every text comes from the message catalogues; grows as areas are translated. */
const TRANSLATED = ['features/landing', 'components/ui', 'components/reviews', 'components/charts', 'features/support', 'features/demos',
  'features/storefront', 'features/checkout', 'app', 'components/products', 'components/returns', 'components/seller', 'lib',
  'components/shop', 'components/cart', 'components/chat', 'components/admin',
  'features/account', 'features/assistant', 'features/notifications', 'features/connect',
  'features/seller', 'features/product-manager',
  'features/admin'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'test-results/**', 'playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, souq },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // right-to-left as code (issue 26): logical directions only
      'souq/logical-properties': ['error'],
      // import direction (decision 0146): a feature imports no other feature, lib/ and components/ import no feature,
      // nothing below app/ imports app/; the rule resolves the `@/…` alias and relative paths alike
      'souq/web-layers': ['error'],
    },
  },
  {
    // the parts of the web app whose texts are in the catalogues (decision 0104): no literal text may come back
    files: TRANSLATED.map((d) => `apps/web/src/${d}/**/*.tsx`),
    ignores: ['**/*.test.tsx'],
    rules: { 'souq/no-literal-text': ['error'] },
  },
  {
    // the ledger owns its table (decision 0116): only modules/ledger/ledger.post.ts writes ledger_entries (the test
    // ledger.owner.test.ts checks the same over every file, this says it in the editor)
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/modules/ledger/ledger.post.ts', '**/*.test.ts', 'apps/server/src/db/migrations/**'],
    rules: {
      'no-restricted-syntax': ['error', ...[
        "CallExpression[callee.property.name=/^(insert|update|delete)$/] > Identifier.arguments[name='ledgerEntries']",
        'TemplateElement[value.raw=/(insert\\s+into|update|delete\\s+from|truncate)\\s+(table\\s+)?("?public"?\\.)?"?ledger_entries/i]',
        'Literal[value=/(insert\\s+into|update|delete\\s+from|truncate)\\s+(table\\s+)?("?public"?\\.)?"?ledger_entries/i]',
      ].map((selector) => ({ selector, message: 'Only the ledger writes ledger_entries: post through post() in modules/ledger/ledger.post.ts (decision 0116).' }))],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
