import { useState } from 'react';
import type { Vendor } from '@souq/shared/api/auth';
import { MSG } from '@souq/shared/messages';
import { VENDOR_STATUS_LABELS } from '@souq/shared/rules/vendor-status';
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

  async function decide(verify: boolean) {
    if (busy) return;
    setBusy(verify ? 'verify' : 'reject');
    setError(null);
    try {
      const updated = await api<Vendor>(`/api/admin/vendors/${vendor.id}/verify`, { method: 'PUT', auth: 'admin', body: { is_verified: verify, verification_notes: notes } });
      notify.success(verify ? MSG.vendorVerified : MSG.vendorRejected);
      onChanged?.(updated);
    } catch (err) {
      setError(MSG.vendorVerifyFailed(err instanceof Error ? err.message : MSG.requestFailed));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="space-y-4">
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-500">Verification status</dt>
          <dd className="mt-1"><StatusBadge kind="vendor" status={vendor.verification_status} /></dd>
        </div>
        <div>
          <dt className="text-slate-500">Decided</dt>
          <dd className="mt-1 text-slate-900">
            {vendor.verification_date && (vendor.verification_status === 'verified' || vendor.verification_status === 'rejected') ? <>{formatDate(vendor.verification_date, 'dayTime')}{vendor.verified_by && <> by {vendor.verified_by}</>}</> : <span className="text-slate-400">Not yet</span>}
          </dd>
        </div>
        {!canDecide && (
          <div className="sm:col-span-2">
            <dt className="text-slate-500">Verification notes</dt>
            <dd className="mt-1 whitespace-pre-wrap break-words text-slate-900">{vendor.verification_notes || <span className="text-slate-400">None</span>}</dd>
          </div>
        )}
      </dl>
      {vendor.verification_status === 'pending' && actingAs === 'vendor' && (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">Your documents are with our team for review. You will see the decision here.</p>
      )}
      {vendor.verification_status === 'rejected' && actingAs === 'vendor' && (
        <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">Your verification was rejected. Upload corrected documents in step 4 and submit again.</p>
      )}
      {vendor.verification_status === 'incomplete' && (
        <p className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700">Documents are missing: complete the Document Upload step and submit.</p>
      )}
      {actingAs === 'admin' && (
        canDecide ? (
          <div className="space-y-3 rounded-xl border border-slate-200 p-4">
            <Field label="Verification notes" hint="The vendor sees these notes.">
              <Textarea value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={2000} rows={3} />
            </Field>
            {error && <p role="alert" className="text-sm font-medium text-red-700">{error}</p>}
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => void decide(true)} loading={busy === 'verify'} disabled={busy !== null}>Verify vendor</Button>
              <Button variant="danger" onClick={() => void decide(false)} loading={busy === 'reject'} disabled={busy !== null}>Reject</Button>
            </div>
          </div>
        ) : (
          <p className="text-xs text-slate-500">
            Verify or reject is possible only while a vendor is {VENDOR_STATUS_LABELS.pending}; this vendor is {VENDOR_STATUS_LABELS[vendor.verification_status]}.
          </p>
        )
      )}
    </div>
  );
}
