import { useEffect, useSyncExternalStore } from 'react';
import type { Offer, Offers } from '@souq/shared/api/promotions';
import { OFFERS_MAX_IDS } from '@souq/shared/rules/reference-price';
import { api } from '@/lib/api-client';
import { tokens } from '@/lib/storage';

// Each product's offer (decision 0158: its running deal by the checkout's own rule, the deal's end and the honest
// "was" price) for the cards, shelves and the product dialog. Cards ask one by one as they mount; the asks of one
// turn are sent as one GET /api/promotions/offers, so a page of shelves is one request, not eighty. A small store
// of its own instead of a query per card: eighty query observers were measurable on a slow phone's first render.
// A signed-in shopper's offers are their own (a deal limited per shopper is gone once they used it, decision 0163):
// the shopper's session goes along, and what is known is forgotten when the session changes or an order is placed.

/** undefined: not known yet; null: no offer (inactive, or the answer failed: the card shows its list price). */
const known = new Map<number, Offer | null>();
const asked = new Set<number>();
const listeners = new Set<() => void>();
let queued: number[] = [];
let flushing: ReturnType<typeof setTimeout> | null = null;
/** The server's clock less the device's, from the last answer: a countdown is right on a device whose clock is off. */
let skewMs = 0;
/** The shopper's session the known offers were asked with. */
let askedAs: string | null = tokens.customer();

const emit = () => listeners.forEach((l) => l());

async function flush() {
  flushing = null;
  const ids = queued;
  queued = [];
  for (let i = 0; i < ids.length; i += OFFERS_MAX_IDS) {
    const chunk = ids.slice(i, i + OFFERS_MAX_IDS);
    try {
      const res = await api<Offers>(`/api/promotions/offers?ids=${chunk.join(',')}`, { devFallback: true });
      skewMs = Date.parse(res.now) - Date.now() || 0;
      const by = new Map(res.offers.map((o) => [o.product_id, o]));
      for (const id of chunk) known.set(id, by.get(id) ?? null);
    } catch {
      // no offers known: the list price shows, and the next mount asks again
      for (const id of chunk) known.set(id, null);
    } finally {
      for (const id of chunk) asked.delete(id);
    }
  }
  emit();
}

/** Ask for these products' offers (again): what is known keeps showing until the answer replaces it. */
function askFor(ids: Iterable<number>) {
  for (const id of ids) {
    if (asked.has(id)) continue;
    asked.add(id);
    queued.push(id);
  }
  flushing ??= setTimeout(() => void flush(), 0);
}

function ask(id: number) {
  const session = tokens.customer();
  if (session !== askedAs) {
    // signed in or out since: every offer shown is asked again for this shopper
    askedAs = session;
    askFor(known.keys());
  }
  if (known.has(id) || asked.has(id)) return;
  askFor([id]);
}

/** Forget a product's offer and ask again (a deal's countdown reached its end). */
export function refreshOffer(id: number) {
  known.delete(id);
  ask(id);
}

/** Ask again for every offer known (the shopper placed an order: a limited deal of theirs may be used up). */
export function forgetOffers() {
  askFor(known.keys());
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

/** The product's offer: undefined while it is asked for, null when it has none to show. */
export function useOffer(id: number): Offer | null | undefined {
  useEffect(() => {
    if (id > 0) ask(id);
  }, [id]);
  return useSyncExternalStore(subscribe, () => known.get(id), () => undefined);
}

/** Now by the server's clock (ms). */
export const serverNow = () => Date.now() + skewMs;

/** The running deal of an offer at `now`, or null once it has ended (the price is back without waiting for the server). */
export const runningDeal = (offer: Offer | null | undefined, now: number) =>
  offer?.deal && Date.parse(offer.deal.ends_at) > now ? offer.deal : null;
