import type { VendorAnalytics } from '@souq/shared/api/vendor-dashboard';
import { formatMoney } from '@souq/shared/rules/money';
import { formatDate, type Locale } from '@souq/shared/rules/locale';
import { messagesFor } from '@souq/shared/messages-for';

type Figures = VendorAnalytics['analytics'];

/** '12 Mar 2026' from 'YYYY-MM-DD' (UTC days, as the figures are), as the reader writes dates. */
const day = (iso: string) => formatDate(iso);

/**
 * The Analytics tab's "AI Insights" (vendor §3 `ai.summary`): a short text written from the vendor's own figures,
 * offline and deterministic (same figures, same words), so every sentence can be checked against the cards next to
 * it. No model is asked: the value is in naming what the numbers say and the next step, not in prose.
 * The sentences are MSG's in `locale` (issue 26 item 1); money and dates follow the formatters' reader (the caller
 * runs this inside `withReader` for a reader of another language). `departmentName` gives a category's name in that
 * language (the category as the vendor wrote it when there is none); the best seller is named in Arabic when it has
 * an Arabic name.
 */
export function vendorInsights(a: Figures, locale: Locale = 'en', departmentName: (category: string) => string = (c) => c): string {
  const say = messagesFor(locale);
  const o = a.overview;
  const money = (v: number) => formatMoney(v, o.currency);
  if (o.total_products === 0) return say.insightsNoProducts;
  const out: string[] = [];

  const hidden = o.total_products - o.active_products;
  out.push(
    hidden > 0
      ? say.insightsSomeHidden(o.total_products, o.active_products, hidden)
      : o.total_products === 1 ? say.insightsOneActive : say.insightsAllActive(o.total_products),
  );
  out.push(say.insightsPrices(money(o.avg_price), money(o.inventory_value)));

  const [topCategory] = a.categories;
  if (topCategory) out.push(say.insightsTopCategory(departmentName(topCategory.category), topCategory.count));
  else out.push(say.insightsNoCategory);

  if (o.low_stock > 0) out.push(say.insightsLowStock(o.low_stock, o.low_stock_threshold));

  const s = a.sales;
  if (s.totals.orders === 0) {
    out.push(say.insightsNoSales(day(s.from), day(s.to)));
  } else {
    out.push(say.insightsSales(day(s.from), day(s.to), s.totals.units_sold, s.totals.orders, money(s.totals.revenue), money(s.totals.revenue / s.totals.orders)));
    const [best] = s.top_products;
    if (best) out.push(say.insightsBestSeller((locale === 'ar' && best.name_ar) || best.name, money(best.revenue), best.units_sold));
    const bestDay = s.revenue_by_day.reduce((m, d) => (d.revenue > m.revenue ? d : m), s.revenue_by_day[0]!);
    out.push(say.insightsBestDay(day(bestDay.date), money(bestDay.revenue)));
    // the later half of the range against the earlier half: a direction, not a forecast
    const half = Math.floor(s.revenue_by_day.length / 2);
    if (half >= 2) {
      const sum = (ds: typeof s.revenue_by_day) => ds.reduce((t, d) => t + d.revenue, 0);
      const early = sum(s.revenue_by_day.slice(0, half));
      const late = sum(s.revenue_by_day.slice(s.revenue_by_day.length - half));
      if (early > 0) {
        const change = Math.round(((late - early) / early) * 100);
        out.push(change === 0 ? say.insightsRevenueLevel : say.insightsRevenueChange(change));
      } else if (late > 0) {
        out.push(say.insightsRevenueLateOnly);
      }
    }
  }
  return out.join(' ');
}
