import type { ReactNode } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SellerPerformance } from '@souq/shared/api/seller-performance';
import { PERFORMANCE_RATES, RATE_DIRECTION, type Level, type PerformanceRate, type PerformanceState } from '@souq/shared/rules/seller-performance';
import { formatCount, formatDate, numberFormat, readerLocale } from '@souq/shared/rules/locale';
import { cx } from '@/components/ui/cx';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { useSellerPerformance } from './api';

// The five rates of a seller (decision 0154), as the vendor's Performance tab and the admin's vendor view show them:
// each rate over 30 and 90 days as "n of m", its thresholds, the level it is judged at, and the seller's state.

export const RATE_NAME: Record<PerformanceRate, MessageDescriptor> = {
  late_shipment: msg`Late shipment rate`,
  cancellation: msg`Cancellation rate`,
  valid_tracking: msg`Valid tracking rate`,
  on_time_delivery: msg`On-time delivery rate`,
  return: msg`Return rate`,
};
const RATE_HELP: Record<PerformanceRate, MessageDescriptor> = {
  late_shipment: msg`Orders handed to the courier after the dispatch day of their delivery promise, or not yet handed over once it passed.`,
  cancellation: msg`Orders the seller cancelled itself.`,
  valid_tracking: msg`Shipped orders booked with a carrier (tracking verified), not typed by hand.`,
  on_time_delivery: msg`Orders delivered on or before the last day of their delivery promise.`,
  return: msg`Delivered orders returned as damaged, wrong item or not as described.`,
};
const STATE_NAME: Record<PerformanceState, MessageDescriptor> = { fine: msg`Fine`, warned: msg`Warned`, paused: msg`Listings paused` };
const STATE_TONE: Record<PerformanceState, string> = {
  fine: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  warned: 'bg-amber-50 text-amber-900 ring-amber-200',
  paused: 'bg-red-50 text-red-800 ring-red-200',
};
const LEVEL_NAME: Record<Level, MessageDescriptor> = { fine: msg`Within the levels`, warn: msg`Past the warning level`, pause: msg`Past the pause level` };
const LEVEL_TONE: Record<Level, string> = { fine: 'text-emerald-700', warn: 'text-amber-800', pause: 'text-red-700' };

const percent = (fraction: number) => numberFormat(readerLocale(), { style: 'percent', maximumFractionDigits: 1 }).format(fraction);

export function PerformanceStateBadge({ state }: { state: PerformanceState }) {
  const { i18n } = useLingui();
  return (
    <span className={cx('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset', STATE_TONE[state])}>
      {i18n._(STATE_NAME[state])}
    </span>
  );
}

/** A rate as "25 % (1 of 4)"; without orders in the window "No orders yet", with orders none of which count "None to count yet". */
function Figure({ f, orders }: { f: SellerPerformance['windows']['d30'][PerformanceRate]; orders: number }) {
  if (f.rate === null) return <span className="text-slate-500">{orders === 0 ? <Trans>No orders yet</Trans> : <Trans>None to count yet</Trans>}</span>;
  const num = formatCount(f.numerator);
  const den = formatCount(f.denominator);
  return (
    <span>
      <span className="font-semibold text-slate-900">{percent(f.rate)}</span>{' '}
      <span className="text-slate-600"><Trans>({num} of {den})</Trans></span>
    </span>
  );
}

/**
 * A seller's performance: the state, then one card per rate. `actions` (the admin's buttons) sit beside the state.
 */
export function SellerPerformanceView({ data, actions }: { data: SellerPerformance; actions?: ReactNode }) {
  const { i18n, t } = useLingui();
  const t30 = t`Last 30 days`;
  const t90 = t`Last 90 days`;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <div className="min-w-0 space-y-1 text-sm text-slate-600">
          <p className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-900">
            <Trans>State</Trans> <PerformanceStateBadge state={data.state} />
          </p>
          {data.state === 'paused' && data.paused_at && (
            <p><Trans>Paused on {formatDate(data.paused_at)}: {formatCount(data.paused_listings)} listings are hidden from the storefront and search until an admin reviews them.</Trans></p>
          )}
          {data.state === 'warned' && data.warned_at && <p><Trans>Warned on {formatDate(data.warned_at)}. Bring the rates back within the levels to avoid a pause.</Trans></p>}
          {data.judged_since && <p><Trans>A pause was lifted on {formatDate(data.judged_since)}: orders since then are judged.</Trans></p>}
          {data.counted_from && !data.judged_since && <p><Trans>The levels apply to orders from {formatDate(data.counted_from)}; earlier ones are shown, not judged.</Trans></p>}
          {data.lift_note && <p><Trans>Review note:</Trans> <bdi>{data.lift_note}</bdi></p>}
          <p>
            <Trans>Each rate is judged over the last 30 days once at least {formatCount(data.thresholds.min_orders)} orders count toward it, else over the last 90 days.</Trans>{' '}
            {data.evaluated_at ? <Trans>Last evaluated {formatDate(data.evaluated_at, 'dayTime')}.</Trans> : <Trans>Not evaluated yet.</Trans>}
          </p>
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      <ul className="grid gap-3 md:grid-cols-2 2xl:grid-cols-3" aria-label={t`Performance rates`}>
        {PERFORMANCE_RATES.map((rate) => {
          const levels = data.thresholds.rates[rate];
          const verdict = data.verdict.rates.find((r) => r.rate === rate);
          const max = RATE_DIRECTION[rate] === 'max';
          return (
            <li key={rate} className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
              <div>
                <h3 className="font-semibold text-slate-900">{i18n._(RATE_NAME[rate])}</h3>
                <p className="mt-0.5 text-xs text-slate-500">{i18n._(RATE_HELP[rate])}</p>
              </div>
              <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
                <dt className="text-slate-500">{t30}</dt>
                <dd><Figure f={data.windows.d30[rate]} orders={data.windows.d30.cancellation.denominator} /></dd>
                <dt className="text-slate-500">{t90}</dt>
                <dd><Figure f={data.windows.d90[rate]} orders={data.windows.d90.cancellation.denominator} /></dd>
                <dt className="text-slate-500"><Trans>Levels</Trans></dt>
                <dd className="text-slate-700">
                  {max
                    ? <Trans>warning above {percent(levels.warn_bps / 10_000)}, pause above {percent(levels.pause_bps / 10_000)}</Trans>
                    : <Trans>warning below {percent(levels.warn_bps / 10_000)}, pause below {percent(levels.pause_bps / 10_000)}</Trans>}
                </dd>
              </dl>
              {verdict && (
                <p className={cx('mt-auto text-sm font-medium', LEVEL_TONE[verdict.level])}>
                  {verdict.window === null
                    ? <span className="text-slate-500"><Trans>Too few orders to judge</Trans></span>
                    : <>{i18n._(LEVEL_NAME[verdict.level])} · {verdict.window === 30 ? t30 : t90}</>}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The figures of the signed-in vendor (`'mine'`) or of a vendor for an admin: loading, error and the view. */
export function SellerPerformancePanel({ vendorId, actions }: { vendorId: number | 'mine'; actions?: (data: SellerPerformance) => ReactNode }) {
  const { t } = useLingui();
  const q = useSellerPerformance(vendorId);
  if (q.isPending) return <div className="flex justify-center p-8 text-slate-500"><Spinner className="text-brand-600" label={t`Loading performance...`} /></div>;
  if (q.isError) {
    return (
      <Alert tone="error" title={t`The performance figures could not be loaded.`}>
        <p>{q.error.message}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void q.refetch()}><Trans>Try again</Trans></Button>
      </Alert>
    );
  }
  return <SellerPerformanceView data={q.data} actions={actions?.(q.data)} />;
}
