import { Trans, useLingui } from '@lingui/react/macro';
import { useMsg } from '@/lib/use-msg';
import { api } from '@/lib/api-client';
import { Button } from '@/components/ui/Button';
import { notify } from '@/components/ui/toast';
import { InlineTextAction } from '@/components/reviews/InlineTextAction';
import { ManagedReviewList } from '@/components/reviews/ManagedReviewList';

/** Review moderation (issue 28): reported reviews first, hide with a reason or show again; both are audited. */
export function ReviewsSection() {
  const { t } = useLingui();
  const MSG = useMsg();
  return (
    <ManagedReviewList
      title={t`Reviews`}
      description={t`Verified buyers' reviews. Hidden reviews leave the product's rating at once; every hide and restore is in the audit trail.`}
      path="/api/admin/reviews"
      auth="admin"
      empty={t`No reviews match these filters.`}
      filters={[
        { key: 'reported', label: t`Reports`, initial: 'yes', options: [{ value: 'yes', label: t`Reported` }, { value: 'no', label: t`Not reported` }, { value: '', label: t`All` }] },
        { key: 'status', label: t`Status`, initial: '', options: [{ value: '', label: t`All` }, { value: 'visible', label: t`Visible` }, { value: 'hidden', label: t`Hidden` }] },
      ]}
      actions={(r, refresh) => r.status === 'visible' ? (
        <InlineTextAction button={t`Hide`} label={t`Reason for hiding (kept in the audit trail)`} submit={t`Hide review`} variant="danger" onSend={async (reason) => {
          await api(`/api/admin/reviews/${r.id}/hide`, { method: 'POST', body: { reason }, auth: 'admin' });
          notify.success(MSG.reviewHidden);
          await refresh();
        }} />
      ) : (
        <Button size="sm" variant="secondary" onClick={async () => {
          try {
            await api(`/api/admin/reviews/${r.id}/restore`, { method: 'POST', auth: 'admin' });
            notify.success(MSG.reviewRestored);
            await refresh();
          } catch (err) {
            notify.errorFrom(err, MSG.requestFailed);
          }
        }}><Trans>Show again</Trans></Button>
      )}
    />
  );
}
