import { LOW_STOCK_THRESHOLD } from '@souq/shared/constants';
import { formatMoney } from '@souq/shared/rules/money';
import { formatCount } from '@souq/shared/rules/locale';

export type OverviewFigures = {
  totalProducts: number;
  activeProducts: number;
  totalInventory: number;
  inventoryValue: number;
  lowStock: number;
  orders30d: number;
  revenue30d: number;
  pendingOrders: number;
  topCategory30d: string | null;
  currency: string;
};

const plural = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;
const verb = (n: number, one: string, many: string) => (n === 1 ? one : many);

/**
 * The overview's 'AI Summary' (admin §2): a few sentences written from the real figures, every number in them. No
 * model and nothing random: the same figures always read the same, so the text can be trusted and tested.
 */
export function overviewSummary(f: OverviewFigures): string {
  if (f.totalProducts === 0) {
    return 'The catalogue is empty: no products have been added yet, so there is no inventory or sales to report.';
  }
  const sentences: string[] = [];
  const share = Math.round((f.activeProducts / f.totalProducts) * 100);
  sentences.push(`${formatCount(f.activeProducts)} of ${plural(f.totalProducts, 'product')} ${verb(f.activeProducts, 'is', 'are')} active (${share}%).`);
  sentences.push(`${plural(f.totalInventory, 'unit')} ${verb(f.totalInventory, 'is', 'are')} in stock, worth ${formatMoney(f.inventoryValue, f.currency)} at current prices.`);
  sentences.push(
    f.lowStock > 0
      ? `${plural(f.lowStock, 'active product')} ${verb(f.lowStock, 'is', 'are')} low on stock (under ${LOW_STOCK_THRESHOLD} units): restock before ${verb(f.lowStock, 'it sells', 'they sell')} out.`
      : `No active product is low on stock (under ${LOW_STOCK_THRESHOLD} units).`,
  );
  if (f.orders30d === 0) {
    sentences.push('No orders came in during the last 30 days.');
  } else {
    const average = formatMoney(f.revenue30d / f.orders30d, f.currency);
    const top = f.topCategory30d ? ` ${f.topCategory30d} sold the most.` : '';
    sentences.push(`The last 30 days brought ${plural(f.orders30d, 'order')} and ${formatMoney(f.revenue30d, f.currency)} in sales (${average} per order).${top}`);
  }
  if (f.pendingOrders > 0) sentences.push(`${plural(f.pendingOrders, 'order')} ${verb(f.pendingOrders, 'waits', 'wait')} for confirmation.`);
  return sentences.join(' ');
}
