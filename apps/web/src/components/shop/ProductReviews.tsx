import { useEffect, useState, type FormEvent } from 'react';
import {
  REVIEW_PHOTOS_MAX, REVIEW_SORTS, reviewUpdateSchema, type Review, type ReviewSort, type ReviewStats,
  type ReviewableLine, type SummaryAspect,
} from '@souq/shared/api/reviews';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocale } from '@/lib/use-locale';
import { formatCount, numberFormat, type Locale } from '@souq/shared/rules/locale';
import { currentMsg, useMsg } from '@/lib/use-msg';
import { Button } from '@/components/ui/Button';
import { Field, Input, Select, Textarea } from '@/components/ui/Field';
import { Spinner } from '@/components/ui/Spinner';
import { Stars } from '@/components/ui/Stars';
import { ReviewCard } from '@/components/reviews/ReviewCard';
import { useCustomerToken } from '@/lib/session';
import { reviewCalls, useProductReviews, useReviewAction, useReviewStats, useReviewableLines } from '@/lib/shop/reviews-api';

const messageOf = (err: unknown) => (err instanceof Error && err.message ? err.message : currentMsg().requestFailed);
// the sorts' names of shared/api/reviews (REVIEW_SORT_LABELS), in the catalogue
const SORT_LABELS: Record<ReviewSort, MessageDescriptor> = { newest: msg`Newest`, helpful: msg`Most helpful`, lowest: msg`Lowest rating` };
/** '1 star', '3 stars': the count in the page's digits, the noun in its plural form. */
const starsLabel = (n: number, locale: Locale) => {
  const count = formatCount(n, locale);
  return plural(n, { one: `${count} star`, other: `${count} stars` });
};

/** Stars, title and text, checked by the server's own schema before sending; photos only when writing. */
function ReviewForm({ initial, lines, withPhotos, busy, onSubmit, onCancel }: {
  initial?: Pick<Review, 'stars' | 'title' | 'body'>;
  lines?: ReviewableLine[];
  withPhotos: boolean;
  busy: boolean;
  onSubmit: (values: { stars: number; title: string; body: string; lineId: number | null; photos: File[] }) => void;
  onCancel?: () => void;
}) {
  const [stars, setStars] = useState(initial?.stars ?? 0);
  const [title, setTitle] = useState(initial?.title ?? '');
  const [body, setBody] = useState(initial?.body ?? '');
  const [lineId, setLineId] = useState<number | null>(lines?.[0]?.order_item_id ?? null);
  const [photos, setPhotos] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { t } = useLingui();
  const locale = useLocale();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = reviewUpdateSchema.safeParse({ stars, title, body });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    onSubmit({ ...parsed.data, lineId, photos });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
      {lines && lines.length > 1 && (
        <Field label={t`Purchase`}>
          <Select value={lineId ?? ''} onChange={(e) => setLineId(Number(e.target.value))}>
            {lines.map((l) => <option key={l.order_item_id} value={l.order_item_id}>{t`Order ${l.order_number}`}</option>)}
          </Select>
        </Field>
      )}
      <fieldset>
        <legend className="text-sm font-medium text-slate-700"><Trans>Your rating</Trans></legend>
        <div className="mt-1 flex gap-1" role="radiogroup" aria-label={t`Your rating`}>
          {[1, 2, 3, 4, 5].map((n) => (
            <button key={n} type="button" role="radio" aria-checked={stars === n} aria-label={starsLabel(n, locale)}
              onClick={() => setStars(n)}
              className={`h-9 w-9 rounded-md border text-lg leading-none ${n <= stars ? 'border-amber-400 bg-amber-50 text-amber-500' : 'border-slate-300 bg-white text-slate-300'}`}>
              ★
            </button>
          ))}
        </div>
        {errors.stars && <p className="mt-1 text-xs font-medium text-red-700">{errors.stars}</p>}
      </fieldset>
      <Field label={t`Title`} error={errors.title}>
        <Input value={title} onChange={(e) => setTitle(e.target.value)} dir="auto" maxLength={120} />
      </Field>
      <Field label={t`Your review`} error={errors.body}>
        <Textarea value={body} onChange={(e) => setBody(e.target.value)} dir="auto" rows={4} />
      </Field>
      {withPhotos && (
        <Field label={t`Photos (optional)`} hint={t`Up to ${REVIEW_PHOTOS_MAX} JPEG, PNG or WebP images, 10 MB each`}>
          <input type="file" accept="image/jpeg,image/png,image/webp" multiple
            onChange={(e) => setPhotos([...(e.target.files ?? [])].slice(0, REVIEW_PHOTOS_MAX))} className="text-sm" />
        </Field>
      )}
      <div className="flex gap-2">
        <Button type="submit" loading={busy} disabled={busy}>{initial ? t`Save review` : t`Publish review`}</Button>
        {onCancel && <Button variant="ghost" onClick={onCancel}><Trans>Cancel</Trans></Button>}
      </div>
    </form>
  );
}

function AspectList({ title, aspects, side }: { title: string; aspects: SummaryAspect[]; side: 'positive' | 'negative' }) {
  const locale = useLocale();
  // the aspect's name in the page's language (the summary names it by key; its label is the English)
  const labels: Readonly<Record<string, string>> = useMsg().reviewAspects;
  if (!aspects.length) return null;
  return (
    <div>
      <h4 className={`text-xs font-semibold tracking-wide uppercase ${side === 'positive' ? 'text-emerald-700' : 'text-red-700'}`}>{title}</h4>
      <ul className="mt-1 flex flex-col gap-2">
        {aspects.map((a) => (
          <li key={a.aspect} className="text-sm">
            <span className="font-medium text-slate-900">{labels[a.aspect] ?? a.label}</span>{' '}
            <span className="text-xs text-slate-500">({reviewsLabel(side === 'positive' ? a.positive : a.negative, locale)})</span>
            <ul className="mt-0.5 flex flex-col gap-0.5">
              {a.quotes.map((q) => (
                <li key={q.review_id}>
                  <a href={`#review-${q.review_id}`} className="text-xs text-slate-600 italic hover:underline" dir="auto">“{q.quote}”</a>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A rating with one decimal always ('4.0'), as the spec shows it, in the page's digits. */
const formatDecimalFixed = (n: number, locale: Locale) => numberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n);
/** '1 review', '12 reviews'. */
const reviewsLabel = (n: number, locale: Locale) => {
  const count = formatCount(n, locale);
  return plural(n, { one: `${count} review`, other: `${count} reviews` });
};

function StatsPanel({ stats, stars, onStars }: { stats: ReviewStats; stars: number | undefined; onStars: (s: number | undefined) => void }) {
  const { t } = useLingui();
  const locale = useLocale();
  const MSG = useMsg();
  const rating = stats.rating !== null ? formatDecimalFixed(stats.rating, locale) : null;
  const verified = formatCount(stats.review_count, locale);
  return (
    <div className="grid gap-4 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]">
      <div>
        <p className="flex items-center gap-2">
          <Stars rating={stats.rating} size="md" />
          <span className="text-sm font-semibold text-slate-900">{rating !== null ? t`${rating} out of 5` : t`Not rated yet`}</span>
        </p>
        <p className="text-xs text-slate-500">{plural(stats.review_count, { one: `${verified} verified review`, other: `${verified} verified reviews` })}</p>
        <ul className="mt-2 flex flex-col gap-1">
          {[5, 4, 3, 2, 1].map((s) => {
            const n = stats.star_counts[s - 1] ?? 0;
            const pct = stats.review_count ? Math.round((n / stats.review_count) * 100) : 0;
            return (
              <li key={s}>
                <button type="button" onClick={() => onStars(stars === s ? undefined : s)} aria-pressed={stars === s}
                  className={`flex w-full items-center gap-2 rounded px-1 text-xs ${stars === s ? 'bg-amber-50 font-semibold' : 'hover:bg-slate-50'}`}>
                  <span className="w-10 text-start">{t`${formatCount(s, locale)} star`}</span>
                  <span className="h-2 flex-1 overflow-hidden rounded bg-slate-200"><span className="block h-full bg-amber-400" style={{ width: `${pct}%` }} /></span>
                  <span className="w-6 text-end tabular-nums">{formatCount(n, locale)}</span>
                </button>
              </li>
            );
          })}
        </ul>
      </div>
      {stats.summary && (
        <section aria-label={t`Review summary`} className="rounded-lg border border-slate-200 bg-slate-50 p-3">
          <p className="text-sm font-semibold text-slate-900">{MSG.reviewSummaryIntro(stats.summary.based_on)}</p>
          <p className="text-xs text-slate-500"><Trans>Each point quotes the reviews that say it.</Trans></p>
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            <AspectList title={t`Buyers praise`} aspects={stats.summary.praise} side="positive" />
            <AspectList title={t`Buyers criticise`} aspects={stats.summary.criticism} side="negative" />
          </div>
        </section>
      )}
    </div>
  );
}

/** One review with the shopper's actions: helpful, report, and edit for its author within the edit window. */
function ReviewItem({ review, productId, signedIn }: { review: Review; productId: number; signedIn: boolean }) {
  const [mode, setMode] = useState<'view' | 'report' | 'edit'>('view');
  const [reason, setReason] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const helpful = useReviewAction(productId, () => reviewCalls.helpful(review.id));
  const report = useReviewAction(productId, (r: string) => reviewCalls.report(review.id, r));
  const edit = useReviewAction(productId, (v: { stars: number; title: string; body: string }) => reviewCalls.update(review.id, v));
  const { t } = useLingui();
  const locale = useLocale();
  const MSG = useMsg();
  const canEdit = review.mine && new Date(review.editable_until) > new Date();
  if (mode === 'edit') {
    return (
      <ReviewForm initial={review} withPhotos={false} busy={edit.isPending} onCancel={() => setMode('view')}
        onSubmit={(v) => edit.mutate(v, { onSuccess: () => setMode('view'), onError: (e) => setNote(messageOf(e)) })} />
    );
  }
  return (
    <ReviewCard review={review} extra={note && <p role="status" className="mt-2 text-xs text-slate-600">{note}</p>}>
      <Button size="sm" variant="secondary" disabled={!signedIn || review.mine || review.voted_helpful || helpful.isPending}
        title={signedIn ? undefined : t`Sign in to vote`}
        onClick={() => helpful.mutate(undefined, { onError: (e) => setNote(messageOf(e)) })}>
        {t`Helpful (${formatCount(review.helpful_count, locale)})`}
      </Button>
      {signedIn && !review.mine && mode === 'view' && <Button size="sm" variant="ghost" onClick={() => setMode('report')}><Trans>Report</Trans></Button>}
      {canEdit && <Button size="sm" variant="ghost" onClick={() => setMode('edit')}><Trans>Edit</Trans></Button>}
      {mode === 'report' && (
        <form className="flex w-full flex-wrap items-end gap-2" onSubmit={(e) => {
          e.preventDefault();
          if (!reason.trim()) return setNote(MSG.reviewReasonRequired);
          report.mutate(reason, { onSuccess: () => { setMode('view'); setNote(MSG.reviewReported); }, onError: (err) => setNote(messageOf(err)) });
        }}>
          <Field label={t`Why are you reporting this review?`} className="min-w-0 flex-1">
            <Input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
          </Field>
          <Button size="sm" type="submit" loading={report.isPending}><Trans>Send report</Trans></Button>
          <Button size="sm" variant="ghost" onClick={() => setMode('view')}><Trans>Cancel</Trans></Button>
        </form>
      )}
    </ReviewCard>
  );
}

/** The reviews part of the product dialog (issue 28): rating, summary, sorting, star filter, the list, writing one. */
export default function ProductReviews({ productId }: { productId: number }) {
  const signedIn = useCustomerToken() !== null;
  const [sort, setSort] = useState<ReviewSort>('newest');
  const [stars, setStars] = useState<number | undefined>(undefined);
  const [note, setNote] = useState<string | null>(null);
  const stats = useReviewStats(productId);
  const list = useProductReviews(productId, { sort, stars }, signedIn);
  const lines = useReviewableLines(productId, signedIn);
  const create = useReviewAction(productId, (form: FormData) => reviewCalls.create(form));
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const MSG = useMsg();
  // a link to one review (the assistant's quotes: /ai-assistant?product=…#review-<id>) scrolls to it once it is listed
  const listed = list.data?.items;
  useEffect(() => {
    const target = /^#review-\d+$/.test(window.location.hash) ? document.getElementById(window.location.hash.slice(1)) : null;
    target?.scrollIntoView({ block: 'start' });
  }, [listed]);

  return (
    <section aria-labelledby={`reviews-${productId}`} className="flex flex-col gap-3 border-t border-slate-200 pt-4">
      <h3 id={`reviews-${productId}`} className="text-base font-semibold text-slate-900"><Trans>Customer reviews</Trans></h3>
      {stats.data && <StatsPanel stats={stats.data} stars={stars} onStars={setStars} />}
      {lines.data && lines.data.length > 0 && (
        <div>
          <p className="mb-1 text-sm font-medium text-slate-800"><Trans>You bought this: share what you think</Trans></p>
          <ReviewForm lines={lines.data} withPhotos busy={create.isPending} onSubmit={(v) => {
            const form = new FormData();
            form.set('review', JSON.stringify({ order_item_id: v.lineId, stars: v.stars, title: v.title, body: v.body }));
            for (const f of v.photos) form.append('photos', f);
            create.mutate(form, { onSuccess: () => setNote(MSG.reviewSaved), onError: (e) => setNote(messageOf(e)) });
          }} />
        </div>
      )}
      {note && <p role="status" className="text-sm text-slate-700">{note}</p>}
      <div className="flex flex-wrap items-end gap-3">
        <Field label={t`Sort by`}>
          <Select value={sort} onChange={(e) => setSort(e.target.value as ReviewSort)}>
            {REVIEW_SORTS.map((s) => <option key={s} value={s}>{i18n._(SORT_LABELS[s])}</option>)}
          </Select>
        </Field>
        <Field label={t`Stars`}>
          <Select value={stars ?? ''} onChange={(e) => setStars(e.target.value ? Number(e.target.value) : undefined)}>
            <option value="">{t`All stars`}</option>
            {[5, 4, 3, 2, 1].map((s) => <option key={s} value={s}>{starsLabel(s, locale)}</option>)}
          </Select>
        </Field>
      </div>
      {list.isPending ? (
        <Spinner size="sm" label={t`Loading reviews…`} />
      ) : list.isError ? (
        <p role="alert" className="text-sm text-red-700">{MSG.reviewsLoadFailed}</p>
      ) : list.data.items.length === 0 ? (
        <p className="text-sm text-slate-600">{stars ? MSG.reviewsNoneWithStars : MSG.reviewsEmpty}</p>
      ) : (
        <div className="flex flex-col gap-2">
          {list.data.items.map((r) => <ReviewItem key={r.id} review={r} productId={productId} signedIn={signedIn} />)}
          {list.data.total > list.data.items.length && (
            <p className="text-xs text-slate-500">{t`Showing ${formatCount(list.data.items.length, locale)} of ${formatCount(list.data.total, locale)} reviews.`}</p>
          )}
        </div>
      )}
    </section>
  );
}
