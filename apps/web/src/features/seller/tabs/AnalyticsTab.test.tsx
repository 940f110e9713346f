import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { i18n } from '@lingui/core';
import type { VendorAnalytics } from '@souq/shared/api/vendor-dashboard';
import type { CategoryName } from '@souq/shared/api/catalogue';
import { AppProviders, newQueryClient } from '@/app/providers';
import { messages as arVendor } from '@/locales/ar/vendor.po';
import { dashboardKeys } from '../dashboard-api';
import AnalyticsTab from './AnalyticsTab';

// The vendor's Analytics tab names departments and best sellers in the page's language (issue 26 item 1), from the
// answers of GET /api/analytics/vendor and GET /api/categories/names.
const answer: VendorAnalytics = {
  analytics: {
    overview: { total_products: 2, active_products: 2, avg_price: 50, inventory_value: 500, low_stock: 0, low_stock_threshold: 10, currency: 'AED' },
    categories: [{ category: 'Kitchen', count: 2 }],
    tags: [],
    recent_products: [],
    sales: {
      from: '2026-03-01', to: '2026-03-02', currency: 'AED', totals: { orders: 1, revenue: 100, units_sold: 2 },
      revenue_by_day: [{ date: '2026-03-01', revenue: 0, orders: 0 }, { date: '2026-03-02', revenue: 100, orders: 1 }],
      top_products: [{ id: 1, name: 'Steel Kettle', name_ar: 'غلاية فولاذية', revenue: 100, units_sold: 2 }, { id: 2, name: 'Tea Cup', name_ar: '', revenue: 0, units_sold: 0 }],
    },
  },
  ai: { summary: '' },
};
const names: CategoryName[] = [{ name: 'Kitchen', name_ar: 'المطبخ' }];

describe('the Analytics tab in Arabic', () => {
  it('names the department and the best seller in Arabic, the English name where there is none', () => {
    i18n.load('ar', arVendor);
    i18n.activate('ar');
    const client = newQueryClient();
    client.setQueryData(dashboardKeys.analytics('', ''), answer);
    client.setQueryData(['departments', 'ar'], names);
    const html = renderToString(<AppProviders client={client} i18n={i18n}><MemoryRouter><AnalyticsTab /></MemoryRouter></AppProviders>);
    expect(html).toContain('المطبخ');
    expect(html).not.toContain('>Kitchen<');
    expect(html).toContain('<bdi lang="ar" dir="auto">غلاية فولاذية</bdi>');
    expect(html).not.toContain('Steel Kettle');
    expect(html).toContain('<bdi lang="en" dir="auto">Tea Cup</bdi>');
  });
});
