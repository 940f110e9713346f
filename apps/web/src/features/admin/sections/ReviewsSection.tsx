import { MSG } from '@souq/shared/messages';
import { api } from '@/lib/api-client';
import { Button } from '@/components/ui/Button';
import { notify } from '@/components/ui/toast';
import { InlineTextAction } from '@/components/reviews/InlineTextAction';
import { ManagedReviewList } from '@/components/reviews/ManagedReviewList';

/** Review moderation (issue 28): reported reviews first, hide with a reason or show again; both are audited. */
export function ReviewsSection() {
  return (
    <ManagedReviewList
      title="Reviews"
      description="Verified buyers' reviews. Hidden reviews leave the product's rating at once; every hide and restore is in the audit trail."
      path="/api/admin/reviews"
      auth="admin"
      empty="No reviews match these filters."
      filters={[
        { key: 'reported', label: 'Reports', initial: 'yes', options: [{ value: 'yes', label: 'Reported' }, { value: 'no', label: 'Not reported' }, { value: '', label: 'All' }] },
        { key: 'status', label: 'Status', initial: '', options: [{ value: '', label: 'All' }, { value: 'visible', label: 'Visible' }, { value: 'hidden', label: 'Hidden' }] },
      ]}
      actions={(r, refresh) => r.status === 'visible' ? (
        <InlineTextAction button="Hide" label="Reason for hiding (kept in the audit trail)" submit="Hide review" variant="danger" onSend={async (reason) => {
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
        }}>Show again</Button>
      )}
    />
  );
}
