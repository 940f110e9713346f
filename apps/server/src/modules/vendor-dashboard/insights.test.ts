import { describe, expect, it } from 'vitest';
import type { VendorAnalytics } from '@souq/shared/api/vendor-dashboard';
import { MSG_AR } from '@souq/shared/messages.ar';
import { registerArabicMessages } from '@souq/shared/messages-for';
import { vendorInsights } from './insights.js';

type Figures = VendorAnalytics['analytics'];

const days = (revenues: number[]) => revenues.map((revenue, i) => ({ date: `2026-03-${String(i + 1).padStart(2, '0')}`, revenue, orders: revenue > 0 ? 1 : 0 }));

function figures(overrides: Partial<Figures['overview']> = {}, sales: Partial<Figures['sales']> = {}): Figures {
  return {
    overview: { total_products: 4, active_products: 4, avg_price: 50, inventory_value: 1000, low_stock: 0, low_stock_threshold: 10, currency: 'AED', ...overrides },
    categories: [{ category: 'Home', count: 3 }],
    tags: [],
    recent_products: [],
    sales: { from: '2026-03-01', to: '2026-03-04', currency: 'AED', totals: { orders: 0, revenue: 0, units_sold: 0 }, revenue_by_day: days([0, 0, 0, 0]), top_products: [], ...sales },
  };
}

describe('vendorInsights', () => {
  it('tells a vendor without products where to start, and nothing else', () => {
    expect(vendorInsights(figures({ total_products: 0, active_products: 0, avg_price: 0, inventory_value: 0 }))).toBe(
      'You have no products in the shop yet. Add your first product in the Products tab: these insights fill in from your catalogue and your orders.',
    );
  });

  it('says when there were no sales in the range and leaves out low stock when there is none', () => {
    const text = vendorInsights(figures());
    expect(text).toBe('All 4 of your products are active in the shop. Your average price is AED\u00a050.00 and the stock on hand is worth AED\u00a01,000.00. Home is your largest category (3 products). No sales from Mar 1, 2026 to Mar 4, 2026.');
  });

  it('compares the second half of the range with the first, names the best day, and asks for categories when none', () => {
    const text = vendorInsights({
      ...figures({ low_stock: 2 }, {
        totals: { orders: 3, revenue: 400, units_sold: 5 },
        revenue_by_day: days([100, 0, 0, 300]),
        top_products: [{ id: 1, name: 'Lamp', name_ar: 'مصباح', revenue: 300, units_sold: 3 }],
      }),
      categories: [],
    });
    expect(text).toContain('None of your products has a category yet');
    expect(text).toContain('2 active products have fewer than 10 in stock');
    expect(text).toContain('you sold 5 units in 3 orders for AED\u00a0400.00 (AED\u00a0133.33 per order).');
    expect(text).toContain('Best seller: Lamp with AED\u00a0300.00 from 3 units.');
    expect(text).toContain('Your best day was Mar 4, 2026 with AED\u00a0300.00.');
    expect(text).toContain('Revenue in the second half of the range was up 200% on the first half.');
  });

  it('names the best seller by its Arabic name for an Arabic reader, and by its English one when it has none', () => {
    registerArabicMessages(MSG_AR);
    const sold = (name_ar: string, locale: 'en' | 'ar' = 'ar') =>
      vendorInsights(figures({}, { totals: { orders: 1, revenue: 300, units_sold: 3 }, revenue_by_day: days([0, 0, 0, 300]), top_products: [{ id: 1, name: 'Lamp', name_ar, revenue: 300, units_sold: 3 }] }), locale);
    expect(sold('مصباح')).toContain('الأكثر مبيعًا: مصباح بإيرادات');
    expect(sold('')).toContain('الأكثر مبيعًا: Lamp بإيرادات');
    // English readers keep the English name
    expect(sold('مصباح', 'en')).toContain('Best seller: Lamp with');
  });
});
