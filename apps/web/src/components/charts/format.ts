// Labels of the charts and of their screen-reader tables (pure, unit-tested; no recharts here).

/** One point of a time series: a calendar day 'YYYY-MM-DD' (the shop's day) and an amount in major units. */
export type TimePoint = { date: string; value: number };
/** One bar of a category chart: the category key as the API sends it and an amount in major units. */
export type CategoryPoint = { category: string; value: number };

// 'YYYY-MM-DD' parses as UTC midnight: format in UTC so no time zone moves the day
const short = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const long = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

const dayOf = (iso: string) => {
  const d = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** Axis tick of a day: 'Mar 5'. A value that is not a date reads as itself. */
export function formatDayShort(iso: string): string {
  const d = dayOf(iso);
  return d ? short.format(d) : iso;
}

/** Tooltip and table text of a day: 'Mar 5, 2025'. */
export function formatDayLong(iso: string): string {
  const d = dayOf(iso);
  return d ? long.format(d) : iso;
}

/** 'home_garden' → 'Home garden', 'electronics' → 'Electronics'. */
export function categoryLabel(category: string): string {
  const words = category.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Uncategorised';
}
