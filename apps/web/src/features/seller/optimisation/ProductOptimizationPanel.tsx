import { useState } from 'react';
import type { ProductResult } from '@souq/shared/api/optimisation';
import { SCORE_RECOMMENDATION_BELOW } from '@souq/shared/constants';
import { CONVERSION_RULES, PERFORMANCE_RULES, SEO_SCORE_RULES, type Rule } from '@souq/shared/rules/product-score';
import { Button } from '@/components/ui/Button';
import { DataTable, type DataTableColumn } from '@/components/ui/DataTable';
import { Drawer } from '@/components/ui/Drawer';
import { Pagination } from '@/components/ui/Pagination';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { PriorityBadge, ScoreBadge } from './ScoreBadge';
import { ProposalRow } from './ProposalRow';
import { RULE_TEXTS } from './rule-texts';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';


const PAGE = 20;
const AREA_LABEL = { seo: msg`SEO`, performance: msg`Performance`, conversion: msg`Conversion` } as const;

/** The score table's columns, their headers in the page's language. */
const columns = (i18n: I18n): DataTableColumn<ProductResult>[] => [
  {
    key: 'product',
    header: i18n._(msg`Product`),
    cell: (r) => (
      <div className="min-w-0 max-w-[11rem] sm:max-w-xs">
        <p className="truncate font-medium text-slate-900" title={r.name} dir="auto">{r.name}</p>
        <p className="text-xs text-slate-500">
          {r.recommendations.length ? <Plural value={r.recommendations.length} one={`${r.recommendations.length} recommendation`} other={`${r.recommendations.length} recommendations`} /> : <Trans>No recommendations</Trans>}
        </p>
      </div>
    ),
  },
  { key: 'status', header: i18n._(msg`Status`), hideBelow: 'lg', cell: (r) => <StatusBadge kind="product" status={r.status} /> },
  { key: 'seo', header: 'SEO', align: 'right', hideBelow: 'md', cell: (r) => <ScoreBadge score={r.seo} /> },
  { key: 'performance', header: i18n._(msg`Performance`), align: 'right', hideBelow: 'md', cell: (r) => <ScoreBadge score={r.performance} /> },
  { key: 'conversion', header: i18n._(msg`Conversion`), align: 'right', hideBelow: 'md', cell: (r) => <ScoreBadge score={r.conversion} /> },
  { key: 'overall', header: i18n._(msg`Overall`), align: 'right', cell: (r) => <ScoreBadge score={r.overall} /> },
];

function RuleList({ title, rules }: { title: string; rules: Rule[] }) {
  const { i18n } = useLingui();
  return (
    <div>
      <h4 className="text-sm font-semibold text-slate-800">{title}</h4>
      <ul className="mt-1 list-disc ps-5 text-sm text-slate-600">
        {rules.map((r) => <li key={r.id}>{i18n._(RULE_TEXTS[r.id])} <span className="text-slate-400"><Trans>(up to {r.points})</Trans></span></li>)}
      </ul>
    </div>
  );
}

/** How every score is computed, written out (the spec gives the SEO rule; performance and conversion are ours). */
export function ScoringRules() {
  const { t } = useLingui();
  return (
    <details className="rounded-xl border border-slate-200 bg-white p-4 text-sm open:shadow-sm">
      <summary className="cursor-pointer font-medium text-slate-800"><Trans>How the scores are computed</Trans></summary>
      <div className="mt-3 grid gap-4 md:grid-cols-3">
        <RuleList title={t`SEO (25 points each)`} rules={SEO_SCORE_RULES} />
        <RuleList title={t`Performance`} rules={PERFORMANCE_RULES} />
        <RuleList title={t`Conversion`} rules={CONVERSION_RULES} />
      </div>
      <p className="mt-3 text-slate-600">
        <Trans>Each score is out of 100; the overall score is their mean. An area under {SCORE_RECOMMENDATION_BELOW} brings recommendations: critical under 50,
        high under 70, medium otherwise. Competitor prices are the shop's prices in the product's category.</Trans>
      </p>
    </details>
  );
}

/** Product Optimization tab: every product's scores, lowest first; a row opens its recommendations and proposals. */
export function ProductOptimizationPanel({ results, loading, error, onRetry }: {
  results: ProductResult[] | undefined;
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
}) {
  const { t, i18n } = useLingui();
  const [offset, setOffset] = useState(0);
  const [open, setOpen] = useState<ProductResult | null>(null);
  const page = results?.slice(offset, offset + PAGE);
  const current = open && results?.find((r) => r.product_id === open.product_id);
  const shown = current ?? open;

  return (
    <div className="flex flex-col gap-4">
      <ScoringRules />
      <section className="rounded-2xl border border-slate-200 bg-white shadow-sm" aria-label={t`Product scores`}>
        <DataTable
          caption={t`Product scores, lowest overall first`}
          columns={columns(i18n)}
          rows={page}
          rowKey={(r) => r.product_id}
          loading={loading}
          error={error}
          errorTitle={t`Failed to score products`}
          onRetry={onRetry}
          empty={{ title: t`No products to analyse`, description: t`Add products in the Products tab, then run the optimisation.` }}
          onRowClick={setOpen}
          rowClickLabel={(r) => t`Open the recommendations for ${r.name}`}
          phoneActions="inline"
          rowActions={(r) => <Button variant="ghost" size="sm" onClick={() => setOpen(r)} aria-label={t`Details of ${r.name}`}><Trans>Details</Trans></Button>}
        />
        <Pagination limit={PAGE} offset={offset} total={results?.length ?? 0} onOffsetChange={setOffset} label={t`Product score pages`} />
      </section>

      <Drawer open={shown !== null} onClose={() => setOpen(null)} title={shown?.name ?? ''} widthClass="max-w-xl">
        {shown && (
          <div className="flex flex-col gap-5">
            <dl className="grid grid-cols-4 gap-2 text-center">
              {(['seo', 'performance', 'conversion', 'overall'] as const).map((k) => (
                <div key={k} className="rounded-xl border border-slate-200 p-2">
                  <dt className="text-xs text-slate-500">{k === 'overall' ? <Trans>Overall</Trans> : i18n._(AREA_LABEL[k])}</dt>
                  <dd className="mt-1"><ScoreBadge score={shown[k]} /></dd>
                </div>
              ))}
            </dl>
            <section aria-labelledby="recs-heading">
              <h3 id="recs-heading" className="text-sm font-semibold text-slate-900"><Trans>Recommendations</Trans></h3>
              {shown.recommendations.length ? (
                <ul className="mt-2 flex flex-col gap-2">
                  {shown.recommendations.map((rec) => (
                    <li key={`${rec.area}-${rec.message}`} className="flex items-start gap-2 text-sm">
                      <PriorityBadge priority={rec.priority} />
                      <span><span className="font-medium text-slate-800">{i18n._(AREA_LABEL[rec.area])}:</span> <span className="text-slate-700">{rec.message}</span></span>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-1 text-sm text-slate-600"><Trans>Every area scores {SCORE_RECOMMENDATION_BELOW} or more.</Trans></p>
              )}
            </section>
            <section aria-labelledby="proposals-heading" className="flex flex-col gap-3">
              <h3 id="proposals-heading" className="text-sm font-semibold text-slate-900"><Trans>Optimised content</Trans></h3>
              <ProposalRow productId={shown.product_id} field="title" current={shown.name} proposal={shown.optimised_title} />
              <ProposalRow productId={shown.product_id} field="description" proposal={shown.optimised_description} />
              <ProposalRow productId={shown.product_id} field="keywords" proposal={shown.optimised_keywords} />
            </section>
          </div>
        )}
      </Drawer>
    </div>
  );
}
