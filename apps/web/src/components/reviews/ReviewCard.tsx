import type { ReactNode } from 'react';
import type { Review } from '@souq/shared/api/reviews';
import { Stars } from '@/components/ui/Stars';
import { formatDate } from '@souq/shared/rules/locale';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';


/**
 * One review as every area shows it: stars, title, 'Verified purchase', author and date, the text (the buyer's own
 * words, isolated with dir="auto"), photos and the vendor's public reply. Actions differ per area: `children`.
 */
export function ReviewCard({ review, children, extra }: { review: Review; children?: ReactNode; extra?: ReactNode }) {
  return (
    <article id={`review-${review.id}`} aria-labelledby={`review-${review.id}-title`} className="scroll-mt-4 rounded-lg border border-slate-200 bg-white p-3">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Stars rating={review.stars} />
        <h4 id={`review-${review.id}-title`} className="text-sm font-semibold text-slate-900" dir="auto">{review.title}</h4>
      </div>
      <p className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-slate-500">
        <span className="rounded-full bg-emerald-50 px-2 py-0.5 font-medium text-emerald-800"><Trans>Verified purchase</Trans></span>
        <bdi>{review.author_name}</bdi>
        <time dateTime={review.created_at}>{formatDate(review.created_at)}</time>
      </p>
      <p className="mt-2 text-sm whitespace-pre-line text-slate-800" dir="auto">{review.body}</p>
      {review.photos.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label={t`Photos`}>
          {review.photos.map((src, i) => (
            <li key={src}>
              <a href={src} target="_blank" rel="noreferrer">
                <img src={src} alt={t`Photo ${i + 1} of the review`} className="h-16 w-16 rounded-md object-cover" loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      )}
      {review.reply && (
        <div className="mt-2 rounded-md border-s-4 border-brand-600 bg-slate-50 px-3 py-2 text-sm">
          <p className="text-xs font-semibold text-slate-600"><Trans>Reply from</Trans> <bdi>{review.reply.vendor_name}</bdi></p>
          <p className="mt-0.5 whitespace-pre-line text-slate-800" dir="auto">{review.reply.body}</p>
        </div>
      )}
      {extra}
      {children && <div className="mt-2 flex flex-wrap items-center gap-2">{children}</div>}
    </article>
  );
}
