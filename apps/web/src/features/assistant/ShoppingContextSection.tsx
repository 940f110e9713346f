import { useId, useState, type FormEvent } from 'react';
import { CURRENCIES, DEFAULT_BUDGET_CURRENCY } from '@souq/shared/constants';
import { formatMoney } from '@souq/shared/rules/money';
import { Button } from '@/components/ui/Button';
import { Price } from '@/components/ui/Price';
import type { AssistantContext, PanelProduct } from './context-rules';
import { useAssistantContextStore } from './context-store';
import { DepartmentName, useDepartmentName } from '@/components/shop/departments';
import { isLocale } from '@souq/shared/rules/locale';
import { Plural, Trans, useLingui } from '@lingui/react/macro';

/**
 * What the assistant knows about this visit (customer spec §3 "Assistant context"): focus, cart, budget,
 * favourite categories and recent views. Collapsed by default; the budget can be set here.
 */
export function ShoppingContextSection({ context, onSelect }: { context: AssistantContext; onSelect: (p: PanelProduct) => void }) {
  const { t, i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const lang = locale;
  const setBudget = useAssistantContextStore((s) => s.setBudget);
  const removeCategory = useAssistantContextStore((s) => s.removeFavouriteCategory);
  const departmentName = useDepartmentName();
  const ids = { min: useId(), max: useId(), currency: useId() };
  const budget = context.budget;
  const [min, setMin] = useState(budget?.min?.toString() ?? '');
  const [max, setMax] = useState(budget?.max?.toString() ?? '');
  const [currency, setCurrency] = useState(budget?.currency ?? DEFAULT_BUDGET_CURRENCY);
  const [saved, setSaved] = useState(false);

  function saveBudget(e: FormEvent) {
    e.preventDefault();
    const num = (v: string) => (v.trim() === '' ? null : Number(v));
    setBudget({ min: num(min), max: num(max), currency });
    setSaved(true);
  }

  const budgetText = budget && (budget.min !== null || budget.max !== null)
    ? `${formatMoney(budget.min ?? 0, budget.currency, locale)} – ${budget.max !== null ? formatMoney(budget.max, budget.currency, locale) : t`any`}`
    : t`Not set`;

  return (
    <details className="group rounded-xl border border-slate-200 bg-slate-50/60 text-sm">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 px-3 py-2.5 font-semibold text-slate-900">
        <Trans>Your Shopping Context</Trans>
        <svg viewBox="0 0 20 20" className="h-4 w-4 text-slate-500 transition-transform group-open:rotate-180" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d="M5 8l5 5 5-5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </summary>
      <div className="flex flex-col gap-3 border-t border-slate-200 px-3 py-3">
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
          <dt className="text-slate-500"><Trans>Chat focus</Trans></dt>
          <dd className="truncate text-slate-800">{context.lockedProduct ? <bdi>{context.lockedProduct.nameAr && lang === 'ar' ? context.lockedProduct.nameAr : context.lockedProduct.name}</bdi> : t`None`}</dd>
          <dt className="text-slate-500"><Trans>Cart</Trans></dt>
          <dd className="text-slate-800">
            <Plural value={context.cartItemCount} one="# item" other="# items" /> · <Price value={context.cartTotal} />
          </dd>
          <dt className="text-slate-500"><Trans>Budget</Trans></dt>
          <dd className="text-slate-800">{budgetText}</dd>
        </dl>

        <form onSubmit={saveBudget} className="flex flex-wrap items-end gap-2" aria-label={t`Budget`}>
          <label className="flex w-20 flex-col gap-1 text-xs text-slate-600" htmlFor={ids.min}>
            <Trans>Min</Trans>
            <input id={ids.min} type="number" min={0} step="0.01" inputMode="decimal" value={min} onChange={(e) => (setMin(e.target.value), setSaved(false))} className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm" />
          </label>
          <label className="flex w-20 flex-col gap-1 text-xs text-slate-600" htmlFor={ids.max}>
            <Trans>Max</Trans>
            <input id={ids.max} type="number" min={0} step="0.01" inputMode="decimal" value={max} onChange={(e) => (setMax(e.target.value), setSaved(false))} className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm" />
          </label>
          <label className="flex flex-col gap-1 text-xs text-slate-600" htmlFor={ids.currency}>
            <Trans>Currency</Trans>
            <select id={ids.currency} value={currency} onChange={(e) => (setCurrency(e.target.value), setSaved(false))} className="h-8 rounded-md border border-slate-300 bg-white px-1.5 text-sm">
              {CURRENCIES.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </label>
          <Button type="submit" size="sm" variant="secondary">
            {saved ? t`Saved` : t`Save budget`}
          </Button>
        </form>

        {context.favouriteCategories.length > 0 && (
          <div className="flex flex-col gap-1">
            <p className="text-xs text-slate-500"><Trans>Favourite categories</Trans></p>
            <ul className="flex flex-wrap gap-1.5">
              {context.favouriteCategories.map((key) => {
                // the English name stays the key (kept, sent to the assistant); the page's language is only shown
                const c = departmentName(key);
                return (
                  <li key={key} className="inline-flex items-center gap-1 rounded-full bg-rose-50 py-0.5 pe-1 ps-2.5 text-xs text-rose-800 capitalize">
                    <DepartmentName name={key} />
                    <button type="button" onClick={() => removeCategory(key)} aria-label={t`Remove ${c} from favourites`} className="rounded-full px-1 hover:bg-rose-100">
                      ×
                    </button>
                  </li>
                );
              })}
            </ul>
          </div>
        )}

        {context.recentHistory.length > 0 && (
          <div className="flex flex-col gap-1">
            <p className="text-xs text-slate-500"><Trans>Recently viewed</Trans></p>
            <ul className="flex flex-col">
              {context.recentHistory.map((h) => (
                <li key={h.productId}>
                  <button
                    type="button"
                    onClick={() => onSelect({ id: h.productId, name: h.productName, price: h.price, category: h.category, image: null })}
                    className="flex w-full items-center justify-between gap-2 rounded px-1 py-0.5 text-start text-xs hover:bg-white"
                  >
                    <span dir="auto" className="truncate text-slate-800">{h.productName}</span>
                    <Price value={h.price} className="shrink-0 text-slate-500" />
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </details>
  );
}
