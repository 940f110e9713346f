import { useEffect, useState } from 'react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Offer } from '@souq/shared/api/promotions';
import { countdownTickMs, countdownTo } from '@souq/shared/rules/reference-price';
import { centsToAmount, formatMoney } from '@souq/shared/rules/money';
import { formatCount, formatDate } from '@souq/shared/rules/locale';
import { Price } from '@/components/ui/Price';
import { cx } from '@/components/ui/cx';
import { useLocale } from '@/lib/use-locale';
import { refreshOffer, runningDeal, serverNow, useOffer } from '@/lib/shop/offers';

/**
 * "Ends in …" for a deal, from its real end by the server's clock (decision 0158): days when two or more are left,
 * hours and minutes under that, minutes and seconds in the last hour; drawn again only as often as it changes. At the
 * end it calls `onEnd` (the price goes back at once; the offer is asked for again).
 */
export function DealCountdown({ endsAt, onEnd, className }: { endsAt: string; onEnd: () => void; className?: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  const [now, setNow] = useState(serverNow);
  const end = new Date(endsAt);
  const left = countdownTo(end, new Date(now));
  useEffect(() => {
    if (left.unit === 'ended') {
      onEnd();
      return;
    }
    // the next redraw at the next whole unit (a second, or a minute), never later than the end itself
    const step = countdownTickMs(left);
    const wait = Math.min(end.getTime() - now, step - (now % step) || step);
    const timer = setTimeout(() => setNow(serverNow()), Math.max(50, wait));
    return () => clearTimeout(timer);
  });
  if (left.unit === 'ended') return null;
  const n = (v: number) => formatCount(v, locale);
  const pad = (v: number) => formatCount(v, locale).padStart(2, formatCount(0, locale));
  let text: string;
  if (left.unit === 'days') {
    const days = left.days;
    const count = n(days);
    text = plural(days, { one: `Ends in ${count} day`, other: `Ends in ${count} days` });
  } else if (left.unit === 'hours') {
    const h = n(left.hours);
    const m = n(left.minutes);
    text = t`Ends in ${h} h ${m} min`;
  } else {
    const clock = `${n(left.minutes)}:${pad(left.seconds)}`;
    text = t`Ends in ${clock}`;
  }
  return (
    <time dateTime={endsAt} title={formatDate(endsAt, 'dayTime', locale)} className={cx('tabular-nums', className)}>
      {text}
    </time>
  );
}

/**
 * A product's price as a shopper is charged now: with a running deal, the deal's price (the checkout's own figure),
 * the honest "was" price struck through and the deal's end counting down; with a recent real price cut, the was
 * price; otherwise the list price alone. `price` is what the card knows until the offer arrives.
 */
export function OfferPrice({ productId, price, variant, className }: {
  productId: number;
  price: number;
  /** card: the price row of a card; dialog: the product dialog's larger price. */
  variant: 'card' | 'dialog';
  className?: string;
}) {
  const offer = useOffer(productId);
  const [, redraw] = useState(0);
  const deal = runningDeal(offer, serverNow());
  const cents = deal ? deal.price_cents : offer ? offer.price_cents : null;
  const was = offer?.was_cents ?? null;
  // a deal's was price is measured against the deal; once it ended, the list price has no reduction to show
  const wasShown = was !== null && (deal !== null || !offer?.deal) && cents !== null && was > cents ? was : null;
  const onEnd = () => {
    redraw((x) => x + 1);
    refreshOffer(productId);
  };
  return (
    <span className={cx('flex min-w-0 flex-col', variant === 'dialog' && 'gap-1')}>
      <span className={cx('inline-flex flex-wrap items-baseline gap-x-2', className)}>
        {cents !== null ? <Price cents={cents} className={deal ? 'text-rose-700' : undefined} /> : <Price value={price} />}
        {wasShown !== null && <WasPrice cents={wasShown} />}
      </span>
      {deal && (
        <span className={cx('flex flex-wrap items-center gap-x-2 gap-y-0.5 font-medium', variant === 'card' ? 'text-xs' : 'text-sm')}>
          <span className="rounded bg-rose-600 px-1.5 py-px text-xs font-semibold text-white"><Trans>Deal</Trans></span>
          <DealCountdown endsAt={deal.ends_at} onEnd={onEnd} className="text-rose-800" />
          {/* a limited deal is for signed-in shoppers, each up to the limit (decision 0158): said where there is room */}
          {variant === 'dialog' && deal.per_shopper_limit !== null && <LimitNote limit={deal.per_shopper_limit} />}
        </span>
      )}
    </span>
  );
}

function LimitNote({ limit }: { limit: number }) {
  const count = formatCount(limit, useLocale());
  return (
    <span className="font-normal text-slate-600">
      {plural(limit, { one: `Signed-in shoppers, ${count} purchase each`, other: `Signed-in shoppers, ${count} purchases each` })}
    </span>
  );
}

/** The honest was price, struck through; read out as "was …". */
function WasPrice({ cents }: { cents: number }) {
  return (
    <s className="text-xs font-normal text-slate-500">
      <span className="sr-only"><Trans>was</Trans> </span>
      {formatMoney(centsToAmount(cents))}
    </s>
  );
}

/**
 * For a product with options (each option has its own price): the deal's value and end, since the price shown is the
 * option's and checkout takes the deal off it.
 */
export function OptionsDealNote({ offer }: { offer: Offer | null | undefined }) {
  const locale = useLocale();
  const [, redraw] = useState(0);
  const deal = runningDeal(offer, serverNow());
  if (!deal || !offer) return null;
  const off = deal.percent_bps !== null
    ? `${formatCount(deal.percent_bps / 100, locale)}%`
    : formatMoney(centsToAmount(deal.amount_cents ?? 0));
  return (
    <span className="flex flex-wrap items-center gap-x-2 text-sm font-medium text-rose-800">
      <span className="rounded bg-rose-600 px-1.5 py-px text-xs font-semibold text-white"><Trans>Deal</Trans></span>
      <span><Trans>{off} off at checkout</Trans></span>
      <DealCountdown endsAt={deal.ends_at} onEnd={() => (redraw((x) => x + 1), refreshOffer(offer.product_id))} />
    </span>
  );
}
