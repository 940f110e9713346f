// Where the parts of a chart go in the page's reading direction (issue 26 item 3, decision 0103). Pure, so the
// layout is unit-tested without drawing; the recharts drawings read it through useChartLayout.
import { textDirection, type Locale } from '@souq/shared/rules/locale';
import { useLocale } from '@/lib/use-locale';

type Margin = { top: number; right: number; bottom: number; left: number };

export type ChartLayout = {
  dir: 'ltr' | 'rtl';
  /** Time runs from the line's start (oldest) to its end (newest): right to left in Arabic, as Arabic dashboards draw it. */
  reversedTime: boolean;
  /** The value axis sits at the line's start side. */
  valueAxis: 'left' | 'right';
  /** Bars of a category chart grow from the start side, where their names are. */
  categoryAxis: 'left' | 'right';
  /** The tooltip opens towards the line's end of the pointer (recharts' reverseDirection.x moves it to the left). */
  tooltipTowardsLeft: boolean;
  /** Room kept at the end side of a time series (the start side holds the value axis). */
  timeMargin: Margin;
  /** Room kept at the end side of a category chart, where the bars end. */
  categoryMargin: Margin;
  /** Corner radii [top-left, top-right, bottom-right, bottom-left] of a horizontal bar: rounded at its far end. */
  barEndRadius: [number, number, number, number];
};

/**
 * The drawing itself is laid out left to right in both languages: the positions above already mirror it, and SVG
 * reads text-anchor 'start'/'end' by the CSS direction, so an inherited 'rtl' pushed the value axis' numbers into the
 * plot. Each text still reads in its own direction (the bidi algorithm orders an Arabic label right to left); the
 * tooltip, HTML, takes the page's direction back (ChartLayout.dir).
 */
export const DRAWING_STYLE = { direction: 'ltr' } as const;

const margin = (dir: 'ltr' | 'rtl', top: number, bottom: number, endSide: number): Margin =>
  dir === 'rtl' ? { top, right: 0, bottom, left: endSide } : { top, right: endSide, bottom, left: 0 };

export function chartLayout(locale: Locale): ChartLayout {
  const dir = textDirection(locale);
  const rtl = dir === 'rtl';
  return {
    dir,
    reversedTime: rtl,
    valueAxis: rtl ? 'right' : 'left',
    categoryAxis: rtl ? 'right' : 'left',
    tooltipTowardsLeft: rtl,
    timeMargin: margin(dir, 4, 0, 8),
    categoryMargin: margin(dir, 0, 0, 12),
    barEndRadius: rtl ? [4, 0, 0, 4] : [0, 4, 4, 0],
  };
}

/** The chart layout of the page's language. */
export const useChartLayout = (): ChartLayout => chartLayout(useLocale());
