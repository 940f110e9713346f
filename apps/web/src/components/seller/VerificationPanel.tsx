import { useState } from 'react';
import type { Vendor } from '@souq/shared/api/auth';
import { Trans, useLingui } from '@lingui/react/macro';
import { currentMsg } from '@/lib/use-msg';
import { useLocale } from '@/lib/use-locale';
import { statusBadge } from '@/lib/status-badges';
import { api } from '@/lib/api-client';
import { Button } from '@/components/ui/Button';
import { Field, Textarea } from '@/components/ui/Field';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { notify } from '@/components/ui/toast';
import type { ActingAs } from './documents';
import { formatDate } from '@souq/shared/rules/locale';


/**
 * The verification state (vendor §2 step 6, profile): read-only for the vendor. An admin verifies or rejects with
 * notes here, only while the vendor is Pending Review (admin §4; the server answers 409 otherwise).
 */
export function VerificationPanel({ vendor, actingAs, onChanged }: { vendor: Vendor; actingAs: ActingAs; onChanged?: (v: Vendor) => void }) {
  const [notes, setNotes] = useState(vendor.verification_notes ?? '');
  const [busy, setBusy] = useState<'verify' | 'reject' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const canDecide = actingAs === 'admin' && vendor.verification_status === 'pending';
  const { t } = useLingui();
  const locale = useLocale();

  async function decide(verify: boolean) {
    if (busy) return;
    setBusy(verify ? 'verify' : 'reject');
    setError(null);
    try {
      const updated = await api<Vendor>(`/api/admin/vendors/${vendor.id}/verify`, { method: 'PUT', auth: 'admin', body: { is_verified: verify, verification_notes: notes } });
      notify.success(verify ? currentMsg().vendorVerified : currentMsg().vendorRejected);
      onChanged?.(updated);
    } catch (err) {
      setError(currentMsg().vendorVerifyFailed(err instanceof Error ? err.message : currentMsg().requestFailed));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="space-y-4">
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-500"><Trans>Verification status</Trans></dt>
          <dd className="mt-1"><StatusBadge kind="vendor" status={vendor.verification_status} /></dd>
        </div>
        <div>
          <dt className="text-slate-500"><Trans>Decided</Trans></dt>
          <dd className="mt-1 text-slate-900">
            {vendor.verification_date && (vendor.verification_status === 'verified' || vendor.verification_status === 'rejected') ? <>{formatDate(vendor.verification_date, 'dayTime', locale)}{vendor.verified_by && <> <Trans>by <bdi>{vendor.verified_by}</bdi></Trans></>}</> : <span className="text-slate-400"><Trans>Not yet</Trans></span>}
          </dd>
        </div>
        {!canDecide && (
          <div className="sm:col-span-2">
            <dt className="text-slate-500"><Trans>Verification notes</Trans></dt>
            <dd className="mt-1 whitespace-pre-wrap break-words text-slate-900" dir="auto">{vendor.verification_notes || <span className="text-slate-400"><Trans>None</Trans></span>}</dd>
          </div>
        )}
      </dl>
      {vendor.verification_status === 'pending' && actingAs === 'vendor' && (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900"><Trans>Your documents are with our team for review. You will see the decision here.</Trans></p>
      )}
      {vendor.verification_status === 'rejected' && actingAs === 'vendor' && (
        <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900"><Trans>Your verification was rejected. Upload corrected documents in step 4 and submit again.</Trans></p>
      )}
      {vendor.verification_status === 'incomplete' && (
        <p className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700"><Trans>Documents are missing: complete the Document Upload step and submit.</Trans></p>
      )}
      {actingAs === 'admin' && (
        canDecide ? (
          <div className="space-y-3 rounded-xl border border-slate-200 p-4">
            <Field label={t`Verification notes`} hint={t`The vendor sees these notes.`}>
              <Textarea value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={2000} rows={3} />
            </Field>
            {error && <p role="alert" className="text-sm font-medium text-red-700">{error}</p>}
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => void decide(true)} loading={busy === 'verify'} disabled={busy !== null}><Trans>Verify vendor</Trans></Button>
              <Button variant="danger" onClick={() => void decide(false)} loading={busy === 'reject'} disabled={busy !== null}><Trans>Reject</Trans></Button>
            </div>
          </div>
        ) : (
          <p className="text-xs text-slate-500">
            {t`Verify or reject is possible only while a vendor is ${statusBadge('vendor', 'pending').label}; this vendor is ${statusBadge('vendor', vendor.verification_status).label}.`}
          </p>
        )
      )}
    </div>
  );
}
