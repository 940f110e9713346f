import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Field, Textarea } from '@/components/ui/Field';
import { notify } from '@/components/ui/toast';
import { usePerformanceActions } from '@/components/performance/api';
import { SellerPerformancePanel } from '@/components/performance/SellerPerformanceView';

/**
 * A vendor's performance in the admin's vendor view (decision 0154): the same figures the vendor sees, "Evaluate now",
 * and "Lift pause" with a note of what was reviewed (the listings go back on sale; audited).
 */
export function VendorPerformance({ vendorId }: { vendorId: number }) {
  const { t } = useLingui();
  const { evaluate, lift } = usePerformanceActions(vendorId);
  const [lifting, setLifting] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();

  async function submitLift() {
    if (!note.trim()) {
      setError(t`Say what was reviewed before lifting the pause`);
      return;
    }
    try {
      await lift.mutateAsync(note.trim());
      setLifting(false);
      setNote('');
      notify.success(t`Pause lifted: the listings are back on sale`);
    } catch (err) {
      notify.errorFrom(err, t`The pause was not lifted`);
    }
  }

  return (
    <section aria-labelledby={`vendor-performance-${vendorId}`} className="mt-6 space-y-3">
      <h3 id={`vendor-performance-${vendorId}`} className="text-lg font-semibold text-slate-900"><Trans>Performance</Trans></h3>
      <SellerPerformancePanel
        vendorId={vendorId}
        actions={(d) => (
          <>
            <Button variant="secondary" size="sm" loading={evaluate.isPending} onClick={() => evaluate.mutate(undefined, {
              onSuccess: () => notify.success(t`Evaluated`), onError: (err) => notify.errorFrom(err, t`The evaluation failed`),
            })}>
              <Trans>Evaluate now</Trans>
            </Button>
            {d.state === 'paused' && <Button size="sm" onClick={() => { setError(undefined); setLifting(true); }}><Trans>Lift pause</Trans></Button>}
          </>
        )}
      />
      <Dialog
        open={lifting}
        onClose={() => setLifting(false)}
        title={t`Lift pause`}
        description={t`The seller's paused listings go back on sale, and it is judged on its orders from now on.`}
        footer={(
          <>
            <Button variant="secondary" onClick={() => setLifting(false)}><Trans>Cancel</Trans></Button>
            <Button loading={lift.isPending} onClick={() => void submitLift()}><Trans>Lift pause</Trans></Button>
          </>
        )}
      >
        <Field label={t`What was reviewed`} error={error}>
          <Textarea rows={3} maxLength={500} value={note} onChange={(e) => { setNote(e.target.value); setError(undefined); }} />
        </Field>
      </Dialog>
    </section>
  );
}
