import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { CARRIER_NAMES, CARRIERS, PARCEL_STATE_LABELS, type CarrierCode } from '@souq/shared/rules/shipping';
import type { OrderTracking } from '@souq/shared/api/shipping';
import { formatMoney } from '@souq/shared/rules/money';
import { formatDate } from '@souq/shared/rules/locale';
import { ApiError, downloadFile } from '@/lib/api-client';
import { useLiveEvents } from '@/lib/live-events';
import { useLocale } from '@/lib/use-locale';
import { useMsg } from '@/lib/use-msg';
import { Button } from '@/components/ui/Button';
import { Field, Input, Select } from '@/components/ui/Field';
import { trackingKey, useBookShipment, useOrderTracking, type TrackingArea } from './shipping-api';

/** "Not verified": a carrier and number typed by hand, which no carrier confirmed (shown to shopper, seller and admin). */
export function NotVerified() {
  return (
    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900"><Trans>Not verified</Trans></span>
  );
}

/** Where the parcel is and what happened to it, for its shopper, its seller or an admin. */
export function ParcelTracking({ tracking, area }: { tracking: OrderTracking; area: TrackingArea }) {
  const locale = useLocale();
  const MSG = useMsg();
  const [error, setError] = useState<string | null>(null);
  const side = locale === 'ar' ? 1 : 0;
  if (tracking.manual) {
    return (
      <p className="flex flex-wrap items-center gap-2 text-slate-700">
        <Trans><bdi>{tracking.manual.carrier}</bdi> tracking <bdi className="font-mono">{tracking.manual.tracking_number}</bdi></Trans>
        <NotVerified />
      </p>
    );
  }
  const s = tracking.shipment;
  if (!s) return null;
  return (
    <div className="space-y-2">
      <p className="flex flex-wrap items-center gap-2 text-slate-900">
        <span className="font-medium">{CARRIER_NAMES[s.carrier][side]}</span>
        <bdi className="font-mono">{s.waybill}</bdi>
        <span className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-medium text-sky-900">{PARCEL_STATE_LABELS[s.state][side]}</span>
      </p>
      {s.failed_attempts > 0 && (
        <p className="text-sm text-amber-800">
          <Trans>Failed delivery attempts: {s.failed_attempts}</Trans>{s.failure_reason ? <> · <bdi>{s.failure_reason}</bdi></> : null}
        </p>
      )}
      {/* the cash is still to collect only while the parcel is on its way (delivered: collected; back with its seller: owed by nobody) */}
      {s.cod_cents > 0 && s.state !== 'delivered' && s.state !== 'returned_to_sender' && <p className="text-sm text-slate-600"><Trans>The courier collects {formatMoney(s.cod_cents / 100, 'AED')} at the door</Trans></p>}
      {area !== 'customer' && (
        <div className="flex flex-wrap items-center gap-2">
          <Button size="sm" variant="secondary" onClick={() => {
            setError(null);
            downloadFile(s.label_url, `label-${s.waybill}.pdf`, { auth: area }).catch((err: unknown) => setError(err instanceof ApiError ? err.message : MSG.requestFailed));
          }}>
            <Trans>Print label</Trans>
          </Button>
          {s.pickup_ref && <span className="text-xs text-slate-500"><Trans>Pickup request <bdi className="font-mono">{s.pickup_ref}</bdi></Trans></span>}
        </div>
      )}
      {error && <p className="text-sm text-red-700">{error}</p>}
      {s.events.length > 0 && (
        <ol className="space-y-1 border-s-2 border-slate-200 ps-3 text-sm">
          {s.events.map((e, i) => (
            <li key={i} className="text-slate-700">
              <span className="text-slate-500">{formatDate(e.occurred_at, 'dayTime')}</span> · {PARCEL_STATE_LABELS[e.state][side]}
              {e.reason ? <> · <bdi>{e.reason}</bdi></> : null}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** The seller's shipping part of its order screen: book a carrier (waybill, pickup, label) or see the parcel. */
export function VendorOrderShipping({ orderId, status, onBooked }: { orderId: number; status: string; onBooked: () => void }) {
  const { t } = useLingui();
  const MSG = useMsg();
  const client = useQueryClient();
  const tracking = useOrderTracking(orderId, 'vendor');
  const [carrier, setCarrier] = useState<CarrierCode>('aramex');
  const [service, setService] = useState<'same_day' | 'scheduled'>('scheduled');
  const [weightKg, setWeightKg] = useState('1');
  const [pieces, setPieces] = useState('1');
  const [error, setError] = useState<string | null>(null);
  const book = useBookShipment(orderId, onBooked);
  useLiveEvents('vendor', (e) => {
    if (e.type === 'order.parcel' && e.data.orderId === orderId) void client.invalidateQueries({ queryKey: trackingKey(orderId) });
  });
  const locale = useLocale();
  if (!tracking.data) return null;
  if (tracking.data.shipment || tracking.data.manual) {
    return (
      <section aria-label={t`Shipping`} className="space-y-2">
        <h3 className="font-medium text-slate-500"><Trans>Shipping</Trans></h3>
        <ParcelTracking tracking={tracking.data} area="vendor" />
      </section>
    );
  }
  if (status !== 'confirmed' && status !== 'processing') return null;
  const grams = Math.round(Number(weightKg) * 1000);
  const count = Number(pieces);
  return (
    <section aria-label={t`Book a carrier`} className="space-y-3 rounded-xl border border-slate-200 p-3">
      <h3 className="font-medium text-slate-900"><Trans>Book a carrier</Trans></h3>
      <p className="text-sm text-slate-600"><Trans>The carrier gives the waybill number, collects the parcel and tracks it; the customer follows every step.</Trans></p>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={t`Carrier`}>
          <Select value={carrier} onChange={(e) => setCarrier(e.target.value as CarrierCode)}>
            {CARRIERS.map((c) => <option key={c} value={c}>{CARRIER_NAMES[c][locale === 'ar' ? 1 : 0]}</option>)}
          </Select>
        </Field>
        {carrier === 'quiqup' && (
          <Field label={t`Service`}>
            <Select value={service} onChange={(e) => setService(e.target.value as 'same_day' | 'scheduled')}>
              <option value="same_day">{t`Same day`}</option>
              <option value="scheduled">{t`Next day`}</option>
            </Select>
          </Field>
        )}
        <Field label={t`Weight (kg)`}>
          <Input type="number" inputMode="decimal" min="0.01" max="30" step="0.01" value={weightKg} onChange={(e) => setWeightKg(e.target.value)} />
        </Field>
        <Field label={t`Pieces`}>
          <Input type="number" inputMode="numeric" min="1" max="20" step="1" value={pieces} onChange={(e) => setPieces(e.target.value)} />
        </Field>
      </div>
      {error && <p className="text-sm text-red-700">{error}</p>}
      <Button disabled={book.isPending} onClick={() => {
        setError(null);
        if (!(grams >= 1 && grams <= 30_000) || !(Number.isInteger(count) && count >= 1 && count <= 20)) {
          setError(t`Enter a weight up to 30 kg and between 1 and 20 pieces.`);
          return;
        }
        book.mutateAsync({ carrier, service, weight_grams: grams, pieces: count }).catch((err: unknown) => setError(err instanceof ApiError ? err.message : MSG.requestFailed));
      }}>
        <Trans>Book and get the label</Trans>
      </Button>
    </section>
  );
}

/** The shopper's view of a sub-order's parcel (the profile's orders). */
export function ShopperOrderTracking({ orderId }: { orderId: number }) {
  const { t } = useLingui();
  const client = useQueryClient();
  const tracking = useOrderTracking(orderId, 'customer');
  useLiveEvents('customer', (e) => {
    if ((e.type === 'order.parcel' || e.type === 'order.status') && e.data.orderId === orderId) void client.invalidateQueries({ queryKey: trackingKey(orderId) });
  });
  if (!tracking.data || (!tracking.data.shipment && !tracking.data.manual)) return null;
  return (
    <section aria-label={t`Tracking`} className="space-y-1 text-sm">
      <ParcelTracking tracking={tracking.data} area="customer" />
    </section>
  );
}
