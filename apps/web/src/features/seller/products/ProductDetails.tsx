import type { ReactNode } from 'react';
import type { ManagedProduct } from '@souq/shared/api/products';
import { formatMoney, centsToAmount } from '@souq/shared/rules/money';
import { Price } from '@/components/ui/Price';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { formatDate } from '@souq/shared/rules/locale';
import { Trans, useLingui } from '@lingui/react/macro';

const dash = <span className="text-slate-400">—</span>;
const orDash = (v: ReactNode) => (v === null || v === undefined || v === '' ? dash : v);
/** A text the vendor typed, isolated so a Latin name reads right inside an Arabic page (and the reverse). */
const typed = (v: string | null | undefined) => (v ? <bdi>{v}</bdi> : dash);
const list = (items: string[]) => (items.length ? <bdi>{items.join(', ')}</bdi> : dash);

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_1fr] gap-3 py-2 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** Every stored field of a product, read-only (the Products tab's view action). */
export function ProductDetails({ product: p }: { product: ManagedProduct }) {
  const { t } = useLingui();
  const dims = [p.dim_length, p.dim_width, p.dim_height];
  return (
    <div className="flex flex-col gap-4">
      {p.images.length > 0 && (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label={t`Images`}>
          {p.images.map((src, i) => (
            <li key={src} className="shrink-0">
              <img src={src} alt={i === 0 ? t`${p.name} (primary image)` : t`${p.name}, image ${i + 1}`} className="h-24 w-24 rounded-lg border border-slate-200 object-cover" />
            </li>
          ))}
        </ul>
      )}
      <dl className="divide-y divide-slate-100">
        <Row label={t`Status`}><StatusBadge kind="product" status={p.status} /></Row>
        <Row label={t`Brand`}>{typed(p.brand)}</Row>
        <Row label="SKU">{typed(p.sku)}</Row>
        <Row label={t`Category`}>{list(p.categories)}</Row>
        <Row label={t`Price`}><Price cents={p.price_cents} currency={p.currency} compareAt={p.compare_at_price ?? undefined} /></Row>
        <Row label={t`Inventory`}>{p.stock}</Row>
        <Row label={t`Description`}><p className="whitespace-pre-line" dir="auto">{orDash(p.description)}</p></Row>
        <Row label={t`Bullet points`}>
          {p.bullet_points.length ? <ul className="list-disc ps-4">{p.bullet_points.map((b) => <li key={b} dir="auto">{b}</li>)}</ul> : dash}
        </Row>
        <Row label={t`Tags`}>{list(p.tags)}</Row>
        <Row label={t`Keywords`}>{list(p.keywords)}</Row>
        <Row label={t`Variants`}>
          {p.variants.length ? (
            <ul className="flex flex-col gap-1">
              {p.variants.map((v) => (
                <li key={v.id}>
                  <bdi className="capitalize">{v.type}</bdi> <bdi>{v.value}</bdi> · <bdi dir="ltr">{v.price_adjustment_cents >= 0 ? '+' : '−'}
                  {formatMoney(Math.abs(centsToAmount(v.price_adjustment_cents)), p.currency)}</bdi> · <Trans>{v.inventory_quantity} in stock</Trans>{v.sku_suffix && <> · <bdi>{`${p.sku}${v.sku_suffix}`}</bdi></>}
                </li>
              ))}
            </ul>
          ) : dash}
        </Row>
        <Row label={t`Target audience`}><span className="capitalize">{typed(p.target_audience)}</span></Row>
        <Row label={t`Seasonality`}><span className="capitalize">{typed(p.seasonality)}</span></Row>
        <Row label={t`Country of origin`}><span className="uppercase">{orDash(p.country_of_origin)}</span></Row>
        <Row label={t`SEO title`}>{typed(p.seo_title)}</Row>
        <Row label={t`Meta description`}>{typed(p.meta_description)}</Row>
        <Row label={t`Weight`}>{p.weight === null ? dash : t`${p.weight} kg`}</Row>
        <Row label={t`Dimensions`}>{dims.every((d) => d === null) ? dash : t`${dims.map((d) => d ?? 0).join(' × ')} cm`}</Row>
        <Row label={t`Created`}>{formatDate(p.created_at, 'dayTime')}</Row>
        <Row label={t`Updated`}>{formatDate(p.updated_at, 'dayTime')}</Row>
      </dl>
    </div>
  );
}
