import { useMsg } from '@/lib/use-msg';
import { api } from '@/lib/api-client';
import { notify } from '@/components/ui/toast';
import { InlineTextAction } from '@/components/reviews/InlineTextAction';
import { ManagedReviewList } from '@/components/reviews/ManagedReviewList';
import { useLingui } from '@lingui/react/macro';

/** The vendor's reviews (issue 28): verified buyers' reviews of its products, and one public reply each. */
export default function ReviewsTab() {
  const MSG = useMsg();
  const { t } = useLingui();
  return (
    <ManagedReviewList
      title={t`Reviews`}
      description={t`What verified buyers say about your products. You can reply once to each review; the reply is public.`}
      path="/api/vendor/reviews"
      auth="vendor"
      empty={t`No reviews here yet.`}
      filters={[{ key: 'replied', label: t`Show`, initial: 'no', options: [
        { value: 'no', label: t`Waiting for your reply` }, { value: 'yes', label: t`Replied` }, { value: '', label: t`All reviews` },
      ] }]}
      actions={(r, refresh) => !r.reply && (
        <InlineTextAction button={t`Reply`} label={t`Your public reply`} submit={t`Publish reply`} onSend={async (body) => {
          await api(`/api/vendor/reviews/${r.id}/reply`, { method: 'POST', body: { body }, auth: 'vendor' });
          notify.success(MSG.reviewReplied);
          await refresh();
        }} />
      )}
    />
  );
}
