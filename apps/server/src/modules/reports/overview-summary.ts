import { LOW_STOCK_THRESHOLD } from '@souq/shared/constants';
import { formatMoney } from '@souq/shared/rules/money';
import type { Locale } from '@souq/shared/rules/locale';
import { messagesFor } from '@souq/shared/messages-for';

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

/**
 * The overview's 'AI Summary' (admin §2): a few sentences written from the real figures, every number in them. No
 * model and nothing random: the same figures always read the same, so the text can be trusted and tested. The
 * sentences are MSG's in `locale`; money follows the formatters' reader (the caller runs this inside `withReader` for
 * a reader of another language); `departmentName` gives the top category's name in that language.
 */
export function overviewSummary(f: OverviewFigures, locale: Locale = 'en', departmentName: (category: string) => string = (c) => c): string {
  const say = messagesFor(locale);
  if (f.totalProducts === 0) return say.adminSummaryEmpty;
  const sentences: string[] = [];
  const share = Math.round((f.activeProducts / f.totalProducts) * 100);
  sentences.push(say.adminSummaryActive(f.activeProducts, f.totalProducts, share));
  sentences.push(say.adminSummaryStock(f.totalInventory, formatMoney(f.inventoryValue, f.currency)));
  sentences.push(f.lowStock > 0 ? say.adminSummaryLowStock(f.lowStock, LOW_STOCK_THRESHOLD) : say.adminSummaryNoLowStock(LOW_STOCK_THRESHOLD));
  if (f.orders30d === 0) {
    sentences.push(say.adminSummaryNoOrders);
  } else {
    const average = formatMoney(f.revenue30d / f.orders30d, f.currency);
    const top = f.topCategory30d ? ` ${say.adminSummaryTopCategory(departmentName(f.topCategory30d))}` : '';
    sentences.push(`${say.adminSummaryOrders(f.orders30d, formatMoney(f.revenue30d, f.currency), average)}${top}`);
  }
  if (f.pendingOrders > 0) sentences.push(say.adminSummaryPending(f.pendingOrders));
  return sentences.join(' ');
}
