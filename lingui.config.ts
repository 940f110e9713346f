import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

// The web app's message catalogues (issue 26, decision 0104): English is the source (the spec's exact texts, written
// in the components), Arabic the translation. One catalogue per area, so a page loads the texts of its own area in
// its reader's language only: the storefront's with every page, the vendor's and the admin's with their routes.
const web = '<rootDir>/apps/web/src';
const STOREFRONT = ['app', 'components', 'lib', 'features/landing', 'features/storefront', 'features/checkout',
  'features/account', 'features/assistant', 'features/notifications', 'features/support', 'features/demos', 'features/connect'];
/** Shared components of the seller and admin areas only (promotions are created by both; both read a seller's performance). */
const SELLER_AND_ADMIN = ['components/promotions', 'components/performance'];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'ar'],
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
  catalogs: [
    // components only the seller and admin areas use carry their texts in those areas' catalogues, not in every page's
    { path: `${web}/locales/{locale}/storefront`, include: STOREFRONT.map((d) => `${web}/${d}`), exclude: ['**/*.test.*', ...SELLER_AND_ADMIN.map((d) => `${web}/${d}/**`)] },
    { path: `${web}/locales/{locale}/vendor`, include: [`${web}/features/seller`, `${web}/features/product-manager`, ...SELLER_AND_ADMIN.map((d) => `${web}/${d}`)], exclude: ['**/*.test.*'] },
    { path: `${web}/locales/{locale}/admin`, include: [`${web}/features/admin`, ...SELLER_AND_ADMIN.map((d) => `${web}/${d}`)], exclude: ['**/*.test.*'] },
  ],
});
