// Honest "was" prices (issue 39 item 4, decision 0158). A strike-through price is a claim that the product used to
// cost more; it is shown only when the price history proves it. The rule is the EU's (Omnibus Directive 2019/2161,
// Art. 6a of Directive 98/6/EC): the prior price is the LOWEST price the product was sold at during the 30 days before
// the reduction, deals included. A product that had no price for the whole 30 days has no prior price to show.

/** The most products one offers request may ask about (a page of cards, a few shelves). */
export const OFFERS_MAX_IDS = 100;

/** The days before a reduction whose lowest price is the "was" price. */
export const REFERENCE_PRICE_DAYS = 30;

const DAY_MS = 86_400_000;

/** A list price in force from `at` until the next step (oldest first). */
export type PriceStep = { at: Date; cents: number };

/** A deal that ran (or runs) on the product: from `startsAt` to `endsAt`, its unit price worked out from the list price. */
export type PastReduction = { startsAt: Date; endsAt: Date; priceOn: (listCents: number) => number };

/**
 * The lowest price the product was sold at during [from − days, from): the list price in force at each moment, less
 * the best deal running then. Null when the history does not reach back to the window's start (a product first priced
 * inside it has no 30-day record). `steps` must be oldest first.
 */
export function lowestPriceBefore(steps: readonly PriceStep[], reductions: readonly PastReduction[], from: Date, days = REFERENCE_PRICE_DAYS): number | null {
  const start = from.getTime() - days * DAY_MS;
  const end = from.getTime();
  if (!steps.length || steps[0]!.at.getTime() > start) return null;
  // every moment the price may change inside the window: a list price step, a deal starting or ending
  const cuts = new Set<number>([start]);
  for (const s of steps) if (s.at.getTime() > start && s.at.getTime() < end) cuts.add(s.at.getTime());
  for (const r of reductions) {
    for (const t of [r.startsAt.getTime(), r.endsAt.getTime()]) if (t > start && t < end) cuts.add(t);
  }
  let lowest: number | null = null;
  for (const t of cuts) {
    // the list price in force at t: the last step at or before it
    let list = steps[0]!.cents;
    for (const s of steps) {
      if (s.at.getTime() > t) break;
      list = s.cents;
    }
    let price = list;
    for (const r of reductions) if (r.startsAt.getTime() <= t && t < r.endsAt.getTime()) price = Math.min(price, r.priceOn(list));
    lowest = lowest === null ? price : Math.min(lowest, price);
  }
  return lowest;
}

/**
 * The "was" price to strike through beside `nowCents`, or null for none: the lowest price of the `days` before the
 * reduction began (`reducedSince`: a running deal's start, or the moment the current list price was set), shown only
 * when it is above the price asked now. A list price cut (`deal` false) is a reduction for `days` after it was set,
 * then it is simply the price (it was held longer at the new price than at the old). A vendor's typed compare-at price
 * is never shown by itself: only this figure.
 */
export function honestWasPrice(input: {
  nowCents: number;
  reducedSince: Date;
  steps: readonly PriceStep[];
  reductions?: readonly PastReduction[];
  days?: number;
  /** Whether the reduction is a running deal (it is one until it ends). */
  deal: boolean;
  now: Date;
}): number | null {
  const days = input.days ?? REFERENCE_PRICE_DAYS;
  if (!input.deal && input.now.getTime() - input.reducedSince.getTime() > days * DAY_MS) return null;
  const lowest = lowestPriceBefore(input.steps, input.reductions ?? [], input.reducedSince, days);
  return lowest !== null && lowest > input.nowCents ? lowest : null;
}

/** How far a deal's end is, as a countdown shows it: days when far, hours and minutes when near, then minutes and seconds. */
export type Countdown =
  | { unit: 'ended' }
  | { unit: 'days'; days: number }
  | { unit: 'hours'; hours: number; minutes: number }
  | { unit: 'minutes'; minutes: number; seconds: number };

/**
 * The countdown to `endsAt` at `now`. Whole units are rounded DOWN, so it never promises more time than is left; from
 * two days on it counts days, under a day (and to two days) hours and minutes, under an hour minutes and seconds.
 */
export function countdownTo(endsAt: Date, now: Date): Countdown {
  const ms = endsAt.getTime() - now.getTime();
  if (ms <= 0) return { unit: 'ended' };
  const s = Math.floor(ms / 1000);
  if (s >= 2 * 86_400) return { unit: 'days', days: Math.floor(s / 86_400) };
  if (s >= 3600) return { unit: 'hours', hours: Math.floor(s / 3600), minutes: Math.floor((s % 3600) / 60) };
  return { unit: 'minutes', minutes: Math.floor(s / 60), seconds: s % 60 };
}

/** How often a countdown must be drawn again to stay exact: every second near the end, every minute otherwise. */
export const countdownTickMs = (c: Countdown): number => (c.unit === 'minutes' ? 1000 : 60_000);
