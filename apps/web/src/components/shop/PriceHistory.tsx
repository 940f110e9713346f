import { useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useLocale } from '@/lib/use-locale';
import { formatMoney } from '@souq/shared/rules/money';
import { TimeSeriesChart } from '@/components/charts';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Field';
import { ApiError } from '@/lib/api-client';
import { dailyPrices, usePriceAlerts, usePriceHistory, useRemovePriceAlert, useSetPriceAlert } from '@/lib/price-alerts-api';
import { useCustomerToken } from '@/lib/session';
import { currentMsg, useMsg } from '@/lib/use-msg';

const day = (iso: string) => iso.slice(0, 10);

/**
 * The product dialog's 90-day price chart (the charts' lazy recharts chunk) with its lowest price, and the signed-in
 * shopper's "tell me when it drops below" (decision 0101).
 */
export default function PriceHistory({ productId }: { productId: number }) {
  const history = usePriceHistory(productId);
  const { t } = useLingui();
  const locale = useLocale();
  const MSG = useMsg();
  const money = (cents: number, currency: string) => formatMoney(cents / 100, currency, locale);
  const h = history.data;
  const data = h ? dailyPrices(h) : [];
  const flat = h !== undefined && h.lowest.price_cents === h.highest.price_cents;
  const description = !h ? undefined
    : flat ? MSG.priceHistoryUnchanged(money(h.current_cents, h.currency))
      : MSG.priceHistoryLowest(money(h.lowest.price_cents, h.currency), day(h.lowest.at));
  return (
    <section aria-label={MSG.priceHistoryTitle}>
      {history.isError ? (
        <p className="text-sm text-slate-600">{MSG.priceHistoryLoadFailed}</p>
      ) : (
        <TimeSeriesChart title={MSG.priceHistoryTitle} description={description} data={data} currency={h?.currency ?? 'AED'} valueLabel={t`Price`}
          height={140} fitValues loading={history.isPending} empty={{ title: MSG.priceHistoryLoadFailed }} />
      )}
      {h && <PriceAlertForm productId={productId} currentCents={h.current_cents} currency={h.currency} />}
    </section>
  );
}

function PriceAlertForm({ productId, currentCents, currency }: { productId: number; currentCents: number; currency: string }) {
  const signedIn = useCustomerToken() !== null;
  const alerts = usePriceAlerts(signedIn);
  const setAlert = useSetPriceAlert();
  const remove = useRemovePriceAlert();
  // a suggestion 10 % under today's price, in whole dirhams
  const [amount, setAmount] = useState(String(Math.max(1, Math.floor((currentCents * 0.9) / 100))));
  const [error, setError] = useState<string | null>(null);
  const MSG = useMsg();
  const locale = useLocale();
  const money = (cents: number) => formatMoney(cents / 100, currency, locale);
  if (!signedIn) return <p className="mt-2 text-xs text-slate-600">{MSG.priceAlertSignIn}</p>;
  const mine = alerts.data?.find((a) => a.product_id === productId);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const cents = Math.round(Number(amount) * 100);
    if (!Number.isFinite(cents) || cents <= 0) return setError(MSG.priceAlertInvalid);
    setError(null);
    setAlert.mutate({ productId, belowCents: cents }, {
      onError: (err) => setError(err instanceof ApiError ? err.message : currentMsg().priceAlertFailed(String(err))),
    });
  };

  if (mine && mine.fired_at === null) {
    return (
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="font-medium text-brand-800" role="status">{MSG.priceAlertActive(money(mine.below_cents))}</span>
        <Button size="sm" variant="ghost" loading={remove.isPending} onClick={() => remove.mutate(mine.id)}>{MSG.priceAlertRemove}</Button>
      </div>
    );
  }
  return (
    <form onSubmit={submit} className="mt-2 flex flex-wrap items-end gap-2">
      <label className="flex flex-col gap-1 text-xs font-medium text-slate-700">
        {MSG.priceAlertLabel} ({currency})
        <Input type="number" inputMode="decimal" min="1" step="1" value={amount} onChange={(e) => setAmount(e.target.value)} className="w-32" />
      </label>
      <Button size="sm" type="submit" loading={setAlert.isPending}>{MSG.priceAlertSubmit}</Button>
      {mine?.fired_at && mine.fired_cents !== null && (
        <span className="text-xs text-slate-600">{MSG.priceAlertFiredNote(money(mine.fired_cents))}</span>
      )}
      {error && <Alert tone="error" className="w-full">{error}</Alert>}
    </form>
  );
}
