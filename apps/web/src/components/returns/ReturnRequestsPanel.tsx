import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReturnRequest } from '@souq/shared/api/returns';
import { Trans } from '@lingui/react/macro';
import { currentMsg, useMsg } from '@/lib/use-msg';
import { api } from '@/lib/api-client';
import { useLiveEvents } from '@/lib/live-events';
import { Button } from '@/components/ui/Button';
import { Field, Textarea } from '@/components/ui/Field';
import { Dialog } from '@/components/ui/Dialog';
import { Switch } from '@/components/ui/Switch';
import { notify } from '@/components/ui/toast';
import { ReturnSummary } from './ReturnBits';

type Area = 'vendor' | 'admin';
type Step = { r: ReturnRequest; action: 'approve' | 'reject' | 'receive' };

const OPEN_LIMIT = 50;

/**
 * Return requests with the seller's (or an admin's) steps: Approve or Reject with a note, then Mark received with
 * "restock", which issues the refund on the server (decision 0094). With `orderId`, the requests on that sub-order
 * (the order details); without, the ones still waiting (requested or approved) of the vendor, or of everyone for an
 * admin (above the Orders list). The area decides the token and the routes; nothing shows while there are none.
 */
export function ReturnRequestsPanel({ area, orderId }: { area: Area; orderId?: number }) {
  const client = useQueryClient();
  const key = ['returns', area, orderId ?? 'open'] as const;
  const path = orderId !== undefined ? `/api/${area}/orders/${orderId}/returns` : `/api/${area}/returns?open=true&limit=${OPEN_LIMIT}`;
  const list = useQuery({ queryKey: key, queryFn: ({ signal }) => api<ReturnRequest[]>(path, { auth: area, signal }) });
  // a new request from the shopper or a step taken elsewhere shows up without a reload
  useLiveEvents(area, (e) => {
    if ((e.type === 'return.status' && (orderId === undefined || e.data.orderId === orderId)) || e.type === 'ready') {
      void client.invalidateQueries({ queryKey: ['returns', area] });
    }
  });
  const [step, setStep] = useState<Step | null>(null);
  const [note, setNote] = useState('');
  const [restock, setRestock] = useState(true);
  const [busy, setBusy] = useState(false);
  const MSG = useMsg();

  function open(r: ReturnRequest, action: Step['action']) {
    setNote('');
    setRestock(true);
    setStep({ r, action });
  }

  async function submit() {
    if (!step) return;
    if (step.action === 'reject' && !note.trim()) {
      notify.error(currentMsg().returnRejectNoteRequired);
      return;
    }
    setBusy(true);
    try {
      const body = step.action === 'receive' ? { restock } : { note };
      await api<ReturnRequest>(`/api/${area}/returns/${step.r.id}/${step.action}`, { method: 'POST', auth: area, body });
      setStep(null);
      await client.invalidateQueries({ queryKey: ['returns', area] });
      // the admin's details show the sub-order's history, which gained a line
      if (area === 'admin') await client.invalidateQueries({ queryKey: ['admin-order'] });
    } catch (err) {
      notify.error(currentMsg().returnActionFailed(err instanceof Error ? err.message : currentMsg().requestFailed));
    } finally {
      setBusy(false);
    }
  }

  if (!list.data?.length) return null;
  const title = step ? { approve: MSG.returnApprove, reject: MSG.returnReject, receive: MSG.returnReceive }[step.action] : '';
  const headingId = `returns-${area}-${orderId ?? 'open'}`;
  return (
    <section aria-labelledby={headingId} className={orderId !== undefined ? 'rounded-xl border border-slate-200 bg-white' : 'rounded-2xl border border-slate-200 bg-white shadow-sm'}>
      <h3 id={headingId} className="border-b border-slate-200 px-3 py-2 text-sm font-semibold text-slate-900">
        {orderId !== undefined ? MSG.returnRequestsTitle : MSG.returnsOpenTitle}
      </h3>
      <ul className="divide-y divide-slate-100">
        {list.data.map((r) => (
          <li key={r.id} className="flex flex-wrap items-start justify-between gap-3 px-3 py-2.5" data-testid={`return-${r.id}`}>
            <ReturnSummary r={r} showCustomer />
            <div className="flex shrink-0 flex-wrap gap-2">
              {r.status === 'requested' && (
                <>
                  <Button size="sm" onClick={() => open(r, 'approve')}>{MSG.returnApprove}</Button>
                  <Button size="sm" variant="secondary" onClick={() => open(r, 'reject')}>{MSG.returnReject}</Button>
                </>
              )}
              {r.status === 'approved' && <Button size="sm" onClick={() => open(r, 'receive')}>{MSG.returnReceive}</Button>}
            </div>
          </li>
        ))}
      </ul>
      <Dialog
        open={step !== null}
        onClose={() => setStep(null)}
        title={title}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setStep(null)}><Trans>Cancel</Trans></Button>
            <Button variant={step?.action === 'reject' ? 'danger' : 'primary'} loading={busy} onClick={() => void submit()}>{title}</Button>
          </>
        }
      >
        {step && (
          <div className="space-y-4">
            <ReturnSummary r={step.r} showCustomer />
            {step.action === 'receive' ? (
              <Switch checked={restock} onChange={setRestock} label={MSG.returnRestockLabel} />
            ) : (
              <Field label={MSG.returnNoteLabel} required={step.action === 'reject'}>
                <Textarea value={note} onChange={(e) => setNote(e.target.value)} rows={3} maxLength={1000} />
              </Field>
            )}
          </div>
        )}
      </Dialog>
    </section>
  );
}
