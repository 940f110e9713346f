import { useMsg } from '@/lib/use-msg';
import { useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ManagedReview } from '@souq/shared/api/reviews';
import { apiList } from '@/lib/api-client';
import { Alert } from '@/components/ui/Alert';
import { EmptyState } from '@/components/ui/EmptyState';
import { Field, Select } from '@/components/ui/Field';
import { PageHeader } from '@/components/ui/PageHeader';
import { Pagination } from '@/components/ui/Pagination';
import { Skeleton } from '@/components/ui/Skeleton';
import { ReviewCard } from './ReviewCard';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';

const PAGE = 20;

export type ReviewFilter = { key: string; label: string; options: { value: string; label: string }[]; initial: string };

/**
 * The vendor's and the admin's review lists (issue 28): a header, filters in one row (server-side), the reviews as
 * cards with their product and reports, and paging. `actions` renders each review's controls; `refresh` after one.
 */
export function ManagedReviewList({ title, description, path, auth, filters, empty, actions }: {
  title: string;
  description: string;
  path: string;
  auth: 'vendor' | 'admin';
  filters: ReviewFilter[];
  empty: string;
  actions: (review: ManagedReview, refresh: () => Promise<void>) => ReactNode;
}) {
  const msg = useMsg();
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(filters.map((f) => [f.key, f.initial])));
  const [offset, setOffset] = useState(0);
  const client = useQueryClient();
  const params = new URLSearchParams({ limit: String(PAGE), offset: String(offset) });
  for (const [k, v] of Object.entries(values)) if (v) params.set(k, v);
  const key = ['managed-reviews', auth, params.toString()];
  const list = useQuery({ queryKey: key, queryFn: ({ signal }) => apiList<ManagedReview>(`${path}?${params}`, { auth, signal }) });
  const refresh = () => client.invalidateQueries({ queryKey: ['managed-reviews', auth] });

  return (
    <section className="flex flex-col gap-4">
      <PageHeader title={title} description={description} />
      <div className="flex flex-wrap items-end gap-3">
        {filters.map((f) => (
          <Field key={f.key} label={f.label}>
            <Select value={values[f.key]} onChange={(e) => { setValues({ ...values, [f.key]: e.target.value }); setOffset(0); }}>
              {f.options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
            </Select>
          </Field>
        ))}
      </div>
      {list.isPending ? (
        <div className="flex flex-col gap-2"><Skeleton className="h-24" /><Skeleton className="h-24" /></div>
      ) : list.isError ? (
        <Alert title={msg.reviewsLoadFailed}>{list.error.message}</Alert>
      ) : list.data.items.length === 0 ? (
        <EmptyState title={empty} />
      ) : (
        <>
          <ul className="flex flex-col gap-3">
            {list.data.items.map((r) => (
              <li key={r.id}>
                <p className="mb-1 text-xs font-medium text-slate-600">
                  <bdi>{r.product_name}</bdi>
                  {r.status === 'hidden' && <span className="ms-2 rounded-full bg-slate-200 px-2 py-0.5 text-slate-700"><Trans>Hidden:</Trans> <bdi>{r.hidden_reason}</bdi></span>}
                  {r.report_count > 0 && <span className="ms-2 rounded-full bg-amber-100 px-2 py-0.5 text-amber-900"><Trans>Reported {r.report_count}×</Trans></span>}
                </p>
                <ReviewCard review={r} extra={r.reports.length > 0 && (
                  <ul className="mt-2 list-inside list-disc text-xs text-amber-900" aria-label={t`Reports`}>
                    {r.reports.map((x, i) => <li key={i} dir="auto">{x.reason}</li>)}
                  </ul>
                )}>
                  {actions(r, refresh)}
                </ReviewCard>
              </li>
            ))}
          </ul>
          <Pagination limit={PAGE} offset={offset} total={list.data.total} onOffsetChange={setOffset} label={t`${title} pages`} />
        </>
      )}
    </section>
  );
}
