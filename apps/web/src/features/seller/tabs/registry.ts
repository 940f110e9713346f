import { msg } from '@lingui/core/macro';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** The vendor dashboard's eight tabs, in the spec's order (vendor §2); their names are read with `i18n._`. */
export const VENDOR_TABS = [
  { id: 'products', label: msg`Products` },
  { id: 'embedding', label: msg`Product Embedding` },
  { id: 'orders', label: msg`Orders` },
  { id: 'analytics', label: msg`Analytics` },
  { id: 'ai-optimization', label: msg`AI Optimization` },
  { id: 'onboarding', label: msg`Onboarding` },
  { id: 'profile', label: msg`Profile` },
  { id: 'settings', label: msg`Settings` },
  // verified reviews of the vendor's products and its replies (issue 28)
  { id: 'reviews', label: msg`Reviews` },
  // balance, payouts and statement from the ledger (issue 24, decision 0095)
  { id: 'earnings', label: msg`Earnings` },
  // coupons, deals and campaign opt-ins (issue 39, decision 0148)
  { id: 'promotions', label: msg`Promotions` },
  // sellers held to their promises: the five rates, the levels and the state (issue 40 item 7, decision 0154)
  { id: 'performance', label: msg`Performance` },
] as const;

export type VendorTabId = (typeof VENDOR_TABS)[number]['id'];
export const DEFAULT_VENDOR_TAB: VendorTabId = 'products';
export const isVendorTab = (v: unknown): v is VendorTabId => VENDOR_TABS.some((t) => t.id === v);

const tab = (load: () => Promise<{ default: ComponentType }>) => lazy(load);

/**
 * Each tab's screen, loaded when the tab is first opened. One line per tab, each tab in its own file under tabs/.
 * (Filled in by the vendor area's screens; a tab not listed here is not rendered.)
 */
export const TAB_COMPONENTS: Partial<Record<VendorTabId, LazyExoticComponent<ComponentType>>> = {
  products: tab(() => import('./ProductsTab')),
  embedding: tab(() => import('./EmbeddingTab')),
  orders: tab(() => import('./OrdersTab')),
  analytics: tab(() => import('./AnalyticsTab')),
  'ai-optimization': tab(() => import('./OptimizationTab')),
  onboarding: tab(() => import('./OnboardingTab')),
  profile: tab(() => import('./ProfileTab')),
  settings: tab(() => import('./SettingsTab')),
  reviews: tab(() => import('./ReviewsTab')),
  earnings: tab(() => import('./EarningsTab')),
  promotions: tab(() => import('./PromotionsTab')),
  performance: tab(() => import('./PerformanceTab')),
};
