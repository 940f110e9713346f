import type { VendorAnalytics } from '@souq/shared/api/vendor-dashboard';
import { formatMoney } from '@souq/shared/rules/money';
import { formatCount, formatDate } from '@souq/shared/rules/locale';

type Figures = VendorAnalytics['analytics'];

const plural = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** '12 Mar 2026' from 'YYYY-MM-DD' (UTC days, as the figures are). */
const day = (iso: string) => formatDate(iso);

/**
 * The Analytics tab's "AI Insights" (vendor §3 `ai.summary`): a short text written from the vendor's own figures,
 * offline and deterministic (same figures, same words), so every sentence can be checked against the cards next to
 * it. No model is asked: the value is in naming what the numbers say and the next step, not in prose.
 */
export function vendorInsights(a: Figures): string {
  const o = a.overview;
  const money = (v: number) => formatMoney(v, o.currency);
  if (o.total_products === 0) {
    return 'You have no products in the shop yet. Add your first product in the Products tab: these insights fill in from your catalogue and your orders.';
  }
  const out: string[] = [];

  const hidden = o.total_products - o.active_products;
  out.push(
    hidden > 0
      ? `You have ${plural(o.total_products, 'product')}, ${formatCount(o.active_products)} of them active; ${plural(hidden, 'product is', 'products are')} not visible to customers until you set them active.`
      : o.total_products === 1 ? 'Your product is active in the shop.' : `All ${formatCount(o.total_products)} of your products are active in the shop.`,
  );
  out.push(`Your average price is ${money(o.avg_price)} and the stock on hand is worth ${money(o.inventory_value)}.`);

  const [topCategory] = a.categories;
  if (topCategory) out.push(`${topCategory.category} is your largest category (${plural(topCategory.count, 'product')}).`);
  else out.push('None of your products has a category yet: a category helps customers find them in search and browsing.');

  if (o.low_stock > 0) {
    out.push(`${plural(o.low_stock, 'active product has', 'active products have')} fewer than ${o.low_stock_threshold} in stock: restock before they sell out.`);
  }

  const s = a.sales;
  const range = `${day(s.from)} to ${day(s.to)}`;
  if (s.totals.orders === 0) {
    out.push(`No sales from ${range}.`);
  } else {
    out.push(
      `From ${range} you sold ${plural(s.totals.units_sold, 'unit')} in ${plural(s.totals.orders, 'order')} for ${money(s.totals.revenue)} (${money(s.totals.revenue / s.totals.orders)} per order).`,
    );
    const [best] = s.top_products;
    if (best) out.push(`Best seller: ${best.name} with ${money(best.revenue)} from ${plural(best.units_sold, 'unit')}.`);
    const bestDay = s.revenue_by_day.reduce((m, d) => (d.revenue > m.revenue ? d : m), s.revenue_by_day[0]!);
    out.push(`Your best day was ${day(bestDay.date)} with ${money(bestDay.revenue)}.`);
    // the later half of the range against the earlier half: a direction, not a forecast
    const half = Math.floor(s.revenue_by_day.length / 2);
    if (half >= 2) {
      const sum = (ds: typeof s.revenue_by_day) => ds.reduce((t, d) => t + d.revenue, 0);
      const early = sum(s.revenue_by_day.slice(0, half));
      const late = sum(s.revenue_by_day.slice(s.revenue_by_day.length - half));
      if (early > 0) {
        const change = Math.round(((late - early) / early) * 100);
        out.push(change === 0 ? 'Revenue held level between the first and the second half of the range.' : `Revenue in the second half of the range was ${change > 0 ? 'up' : 'down'} ${Math.abs(change)}% on the first half.`);
      } else if (late > 0) {
        out.push('All of the revenue came in the second half of the range.');
      }
    }
  }
  return out.join(' ');
}
