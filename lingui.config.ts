import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

// The web app's message catalogues (issue 26, decision 0104): English is the source (the spec's exact texts, written
// in the components), Arabic the translation. One catalogue per area, so a page loads the texts of its own area in
// its reader's language only: the storefront's with every page, the vendor's and the admin's with their routes.
const web = '<rootDir>/apps/web/src';
const STOREFRONT = ['app', 'components', 'lib', 'features/landing', 'features/storefront', 'features/cart', 'features/checkout',
  'features/account', 'features/assistant', 'features/chat', 'features/image-search', 'features/tracking', 'features/notifications',
  'features/support', 'features/recommendations', 'features/demos', 'features/returns', 'features/connect', 'features/delivery'];
// the delivery feature's vendor and admin parts (decision 0151) go in their areas' catalogues
const DELIVERY_AREAS = { vendor: `${web}/features/delivery/vendor`, admin: `${web}/features/delivery/admin` };

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'ar'],
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
  catalogs: [
    { path: `${web}/locales/{locale}/storefront`, include: STOREFRONT.map((d) => `${web}/${d}`), exclude: ['**/*.test.*', `${DELIVERY_AREAS.vendor}/**`, `${DELIVERY_AREAS.admin}/**`] },
    { path: `${web}/locales/{locale}/vendor`, include: [`${web}/features/vendor`, `${web}/features/product-manager`, `${web}/features/optimisation`, DELIVERY_AREAS.vendor], exclude: ['**/*.test.*'] },
    { path: `${web}/locales/{locale}/admin`, include: [`${web}/features/admin`, DELIVERY_AREAS.admin], exclude: ['**/*.test.*'] },
  ],
});
