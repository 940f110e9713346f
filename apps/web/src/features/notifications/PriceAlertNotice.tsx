import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LiveEvents } from '@souq/shared/api/events';
import { formatMoney } from '@souq/shared/rules/money';
import { productPageUrl } from '@souq/shared/rules/embed';
import { Alert } from '@/components/ui/Alert';
import { useLiveEvents } from '@/lib/live-events';
import { priceKeys } from '@/lib/price-alerts-api';
import { useMsg } from '@/lib/use-msg';
import { isLocale } from '@souq/shared/rules/locale';
import { useLingui } from '@lingui/react/macro';

/**
 * The in-app side of a fired price alert (decision 0101): while a page is open, the live stream's 'price.alert' shows
 * a notice at the top with a link to the product (the push reaches the browser besides). Loaded for signed-in
 * customers only (PriceAlertNoticeMount).
 */
export default function PriceAlertNotice({ token }: { token: string }) {
  const qc = useQueryClient();
  const MSG = useMsg();
  const { i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const [shown, setShown] = useState<LiveEvents['price.alert'] | null>(null);
  useLiveEvents('customer', (e) => {
    if (e.type !== 'price.alert') return;
    setShown(e.data);
    void qc.invalidateQueries({ queryKey: priceKeys.alerts });
    // the product's price and chart on screen are out of date: whatever shows them reads again
    void qc.invalidateQueries({ queryKey: priceKeys.history(e.data.productId) });
    void qc.invalidateQueries({ predicate: (q) => q.queryKey.includes(e.data.productId) });
  }, { token });
  if (!shown) return null;
  return (
    <div className="fixed inset-x-0 top-3 z-[70] mx-auto w-[min(92vw,32rem)] shadow-lg">
      <Alert tone="success" title={MSG.priceAlertPushTitle(shown.productName)} onDismiss={() => setShown(null)}>
        <a className="hover:underline" href={productPageUrl('', shown.productId)}>
          {MSG.priceAlertPushBody(formatMoney(shown.priceCents / 100, shown.currency, locale), formatMoney(shown.belowCents / 100, shown.currency, locale))}
        </a>
      </Alert>
    </div>
  );
}
