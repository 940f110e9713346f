import { Trans, useLingui } from '@lingui/react/macro';
import type { PromotionDto } from '@souq/shared/api/promotions';
import { formatCents } from '@souq/shared/rules/money';
import { formatCount, formatDate, formatDecimal, type Locale } from '@souq/shared/rules/locale';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';

// A promotion list (decision 0148), for the vendor's Promotions tab and the admin's Promotions section: what each
// takes off, its dates and limits, who funds it, its uses and what it cost so far (fils, shown as money).

type Props = {
  items: PromotionDto[];
  /** Pause or resume (absent: read only, e.g. a seller's view of campaigns). */
  onStatus?: (p: PromotionDto, status: 'active' | 'paused') => void;
  /** Show the cost per seller (the admin's list). */
  perSeller?: boolean;
  sellerName?: (vendorId: number | null) => string;
  busyId?: number | null;
  /** An extra action per row (a seller's opt-in). */
  extra?: (p: PromotionDto) => React.ReactNode;
  /** What an empty list says, when it is not the reader's own promotions (campaigns, other sellers'). */
  empty?: { title: string; description: string };
};

export function PromotionList({ items, onStatus, perSeller, sellerName, busyId, extra, empty }: Props) {
  const { t, i18n } = useLingui();
  if (!items.length) {
    return <EmptyState title={empty?.title ?? t`No promotions yet`} description={empty?.description ?? t`Coupons and deals you create appear here with their uses and cost.`} />;
  }
  const locale = i18n.locale as Locale;
  const money = (cents: number) => formatCents(cents, undefined, locale);
  const date = (iso: string) => formatDate(iso, 'day', locale);
  const value = (p: PromotionDto) => (p.percent_bps !== null
    ? t`${formatDecimal(p.percent_bps / 100, locale)} % off`
    : p.kind === 'deal' ? t`${money(p.amount_cents ?? 0)} off each unit` : t`${money(p.amount_cents ?? 0)} off`);
  const funder = (p: PromotionDto) => (p.funder === 'seller' ? t`Funded by the seller`
    : p.funder === 'marketplace' ? t`Funded by the marketplace` : t`Split: sellers ${p.seller_percent} %, marketplace ${100 - p.seller_percent} %`);
  return (
    <ul className="flex flex-col gap-3">
      {items.map((p) => (
        <li key={p.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="font-semibold text-slate-900">
                <bdi>{p.name}</bdi>{' '}
                <span className="text-xs font-medium text-slate-500">{p.kind === 'deal' ? t`Deal` : p.one_time ? t`One-time codes` : t`Coupon`}</span>
              </p>
              {p.code && <p className="font-mono text-sm text-brand-700" dir="ltr">{p.code}</p>}
              <p className="text-sm text-slate-700">{value(p)}{p.min_spend_cents > 0 && <> · {t`minimum ${money(p.min_spend_cents)}`}</>}</p>
              <p className="text-xs text-slate-500">{date(p.starts_at)} – {date(p.ends_at)} · {funder(p)}</p>
              {(p.per_shopper_limit !== null || p.total_limit !== null) && (
                <p className="text-xs text-slate-500">
                  {p.per_shopper_limit !== null && t`${p.per_shopper_limit} per shopper`}
                  {p.per_shopper_limit !== null && p.total_limit !== null && ' · '}
                  {p.total_limit !== null && t`${p.total_limit} in all`}
                </p>
              )}
            </div>
            <div className="flex items-center gap-2">
              <span className={p.status === 'active' ? 'rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700' : 'rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600'}>
                {p.status === 'active' ? t`Active` : t`Paused`}
              </span>
              {onStatus && (
                <Button size="sm" variant="secondary" loading={busyId === p.id} onClick={() => onStatus(p, p.status === 'active' ? 'paused' : 'active')}>
                  {p.status === 'active' ? <Trans>Pause</Trans> : <Trans>Resume</Trans>}
                </Button>
              )}
              {extra?.(p)}
            </div>
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
            <div><dt className="text-xs text-slate-500"><Trans>Uses</Trans></dt><dd className="tabular-nums">{formatCount(p.uses, locale)}</dd></div>
            <div><dt className="text-xs text-slate-500"><Trans>Discount given</Trans></dt><dd className="tabular-nums">{money(p.discount_cents)}</dd></div>
            <div><dt className="text-xs text-slate-500"><Trans>Cost to sellers</Trans></dt><dd className="tabular-nums">{money(p.seller_cost_cents)}</dd></div>
            <div><dt className="text-xs text-slate-500"><Trans>Cost to the marketplace</Trans></dt><dd className="tabular-nums">{money(p.marketplace_cost_cents)}</dd></div>
          </dl>
          {perSeller && p.sellers.length > 0 && (
            <ul className="mt-2 text-xs text-slate-600">
              {p.sellers.map((s) => (
                <li key={String(s.vendor_id)}>{sellerName?.(s.vendor_id) ?? String(s.vendor_id)}: {t`seller ${money(s.seller_cost_cents)}, marketplace ${money(s.marketplace_cost_cents)}`}</li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}
