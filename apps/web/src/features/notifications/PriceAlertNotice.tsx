import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LiveEvents } from '@souq/shared/api/events';
import { MSG } from '@souq/shared/messages';
import { formatMoney } from '@souq/shared/rules/money';
import { productPageUrl } from '@souq/shared/rules/embed';
import { useLiveEvents } from '@/lib/live-events';
import { priceKeys } from '@/lib/price-alerts-api';

/**
 * The in-app side of a fired price alert (decision 0101): while a page is open, the live stream's 'price.alert' shows
 * a notice at the top with a link to the product (the push reaches the browser besides). Loaded for signed-in
 * customers only (PriceAlertNoticeMount).
 */
export default function PriceAlertNotice({ token }: { token: string }) {
  const qc = useQueryClient();
  const [shown, setShown] = useState<LiveEvents['price.alert'] | null>(null);
  useLiveEvents('customer', (e) => {
    if (e.type !== 'price.alert') return;
    setShown(e.data);
    void qc.invalidateQueries({ queryKey: priceKeys.alerts });
  }, { token });
  if (!shown) return null;
  return (
    <div role="status" className="fixed inset-x-0 top-3 z-50 mx-auto flex w-[min(92vw,32rem)] items-start gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900 shadow-lg">
      <a className="flex-1 hover:underline" href={productPageUrl('', shown.productId)}>
        <strong className="block font-semibold">{MSG.priceAlertPushTitle(shown.productName)}</strong>
        {MSG.priceAlertPushBody(formatMoney(shown.priceCents / 100, shown.currency), formatMoney(shown.belowCents / 100, shown.currency))}
      </a>
      <button type="button" aria-label="Dismiss" className="rounded px-1 text-emerald-800 hover:bg-emerald-100" onClick={() => setShown(null)}>×</button>
    </div>
  );
}
