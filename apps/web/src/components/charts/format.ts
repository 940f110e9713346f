// Labels of the charts and of their screen-reader tables (pure, unit-tested; no recharts here).
import { formatDate } from '@souq/shared/rules/locale';

/** One point of a time series: a calendar day 'YYYY-MM-DD' (the shop's day) and an amount in major units. */
export type TimePoint = { date: string; value: number };
/** One bar of a category chart: the category key as the API sends it and an amount in major units. */
export type CategoryPoint = { category: string; value: number };

/** Axis tick of a day: 'Mar 5'. A value that is not a date reads as itself. */
export const formatDayShort = (iso: string): string => formatDate(iso, 'monthDay');

/** Tooltip and table text of a day: 'Mar 5, 2025'. */
export const formatDayLong = (iso: string): string => formatDate(iso, 'day');

/** 'home_garden' → 'Home garden', 'electronics' → 'Electronics'. */
export function categoryLabel(category: string): string {
  const words = category.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Uncategorised';
}
