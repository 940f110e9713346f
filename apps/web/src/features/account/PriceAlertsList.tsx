import { formatMoney } from '@souq/shared/rules/money';
import { productPageUrl } from '@souq/shared/rules/embed';
import { Button } from '@/components/ui/Button';
import { usePriceAlerts, useRemovePriceAlert } from '@/lib/price-alerts-api';
import { useCustomerToken } from '@/lib/session';
import { useMsg } from '@/lib/use-msg';
import { isLocale } from '@souq/shared/rules/locale';
import { useLingui } from '@lingui/react/macro';

/** The shopper's price alerts in the notification settings: each product, its threshold, whether it fired, remove. */
export function PriceAlertsList() {
  const MSG = useMsg();
  const { i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const signedIn = useCustomerToken() !== null;
  const alerts = usePriceAlerts(signedIn);
  const remove = useRemovePriceAlert();
  if (!signedIn) return null;
  const items = alerts.data ?? [];
  return (
    <div className="mt-4 border-t border-slate-100 pt-4">
      <h3 className="mb-2 text-sm font-semibold text-slate-900">{MSG.priceAlertsTitle}</h3>
      {alerts.isSuccess && items.length === 0 && <p className="text-sm text-slate-600">{MSG.priceAlertsEmpty}</p>}
      <ul className="flex flex-col gap-2">
        {items.map((a) => (
          <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm">
            <span className="min-w-0">
              <a href={productPageUrl('', a.product_id)} className="font-medium text-slate-900 hover:underline"><bdi>{a.product_name}</bdi></a>
              <span className="block text-xs text-slate-600">
                {a.fired_at && a.fired_cents !== null
                  ? MSG.priceAlertFiredNote(formatMoney(a.fired_cents / 100, a.currency, locale))
                  : MSG.priceAlertActive(formatMoney(a.below_cents / 100, a.currency, locale))}
                {' · '}{MSG.priceAlertNow(formatMoney(a.current_cents / 100, a.currency, locale))}
              </span>
            </span>
            <Button size="sm" variant="ghost" loading={remove.isPending && remove.variables === a.id} onClick={() => remove.mutate(a.id)}>
              {MSG.priceAlertRemove}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
