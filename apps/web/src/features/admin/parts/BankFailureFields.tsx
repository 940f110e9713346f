import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@/components/ui/Button';
import { Field, Textarea } from '@/components/ui/Field';

/**
 * The end of a "mark failed" form for money the bank did not send (a payout, a refund transfer): the bank's reason
 * (at least 3 characters), Cancel and Mark failed.
 */
export function BankFailureFields(props: { reason: string; onReason: (v: string) => void; onCancel: () => void; pending: boolean }) {
  const { t } = useLingui();
  return (
    <>
      <Field label={t`The bank's reason`} required>
        <Textarea value={props.reason} onChange={(e) => props.onReason(e.target.value)} maxLength={500} />
      </Field>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={props.onCancel}><Trans>Cancel</Trans></Button>
        <Button type="submit" variant="danger" loading={props.pending} disabled={props.reason.trim().length < 3}><Trans>Mark failed</Trans></Button>
      </div>
    </>
  );
}
