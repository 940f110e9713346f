// Paging arithmetic of server-side lists (limit/offset, total from X-Total-Count), kept pure so it is unit-tested.
import { t } from '@lingui/core/macro';
import { formatCount, isLocale } from '@souq/shared/rules/locale';
import { i18n } from './i18n';


/** 'Showing 1–50 of 1,234'; '' when there is nothing to show. */
export function pageRangeText(offset: number, limit: number, total: number): string {
  if (total <= 0) return '';
  const first = Math.min(offset + 1, total);
  const last = Math.min(offset + limit, total);
  const locale = isLocale(i18n.locale) ? i18n.locale : undefined;
  const from = formatCount(first, locale);
  const to = formatCount(last, locale);
  const all = formatCount(total, locale);
  return t`Showing ${from}–${to} of ${all}`;
}

/** 1-based page number and page count, e.g. offset 50, limit 50, total 1234 → page 2 of 25. */
export function pageOf(offset: number, limit: number, total: number): { page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(total / limit));
  return { page: Math.min(pages, Math.floor(offset / limit) + 1), pages };
}

/** The offset of the last page that has rows (0 for an empty list): where a list goes when its page ran dry. */
export function lastPageOffset(limit: number, total: number): number {
  return total <= 0 ? 0 : Math.floor((total - 1) / limit) * limit;
}

/** A non-negative whole offset from a URL value; anything else is 0. */
export function parseOffset(raw: string | null): number {
  const n = Number(raw);
  return raw !== null && Number.isInteger(n) && n > 0 ? n : 0;
}
