import { useId } from 'react';
import type { ProductOption } from '@souq/shared/api/catalogue';
import { useMsg } from '@/lib/use-msg';
import { amountToCents, centsToAmount, formatMoney } from '@souq/shared/rules/money';
import { sortedOptions, variantUnitPriceCents, type VariantChoice } from '@souq/shared/rules/variants';
import { cx } from '@/components/ui/cx';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLocale } from '@/lib/use-locale';
import { i18n } from '@/lib/i18n';

// the kinds' names of shared/constants (VARIANT_TYPE_LABELS), in the catalogue so they read in the page's language
const KIND_LABELS: Record<string, MessageDescriptor> = { color: msg`Color`, size: msg`Size`, material: msg`Material` };

/** The kinds of option a product has, in the fixed order, each with its options. */
export function optionKinds(options: readonly ProductOption[]): { type: string; label: string; options: ProductOption[] }[] {
  const kinds = new Map<string, ProductOption[]>();
  for (const o of sortedOptions(options)) kinds.set(o.type, [...(kinds.get(o.type) ?? []), o]);
  return [...kinds].map(([type, list]) => ({ type, label: KIND_LABELS[type] ? i18n._(KIND_LABELS[type]) : type, options: list }));
}

/** The price with the chosen options (the shared rule the server charges by), and the first kind still to choose. */
export function choiceState(basePrice: number, options: readonly ProductOption[], choice: VariantChoice) {
  const chosen = options.filter((o) => choice[o.type] === o.value);
  const price = centsToAmount(variantUnitPriceCents(amountToCents(basePrice), chosen.map((o) => ({ priceAdjustmentCents: amountToCents(o.price_adjustment) }))));
  const missing = optionKinds(options).find((k) => !(k.type in choice))?.label ?? null;
  return { price, missing };
}

/**
 * The product dialog's option picker (issue 23 item 2): one radio group per kind (Color, Size, Material), each option
 * with what it adds to the price; an option out of stock is shown, disabled, and says so.
 */
export function ProductOptions({ options, choice, onChange }: { options: readonly ProductOption[]; choice: VariantChoice; onChange: (choice: VariantChoice) => void }) {
  const id = useId();
  const MSG = useMsg();
  const locale = useLocale();
  return (
    <div className="flex flex-col gap-3">
      {optionKinds(options).map((kind) => (
        <fieldset key={kind.type}>
          <legend className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{kind.label}</legend>
          <div className="mt-1.5 flex flex-wrap gap-2">
            {kind.options.map((o) => {
              const picked = choice[kind.type] === o.value;
              return (
                <label
                  key={o.id}
                  className={cx(
                    'flex cursor-pointer items-center gap-1.5 rounded-lg border px-3 py-1.5 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
                    picked ? 'border-brand-600 bg-brand-50 font-semibold text-brand-900' : 'border-slate-300 bg-white text-slate-800',
                    !o.in_stock && 'cursor-not-allowed border-dashed bg-slate-50 text-slate-400',
                  )}
                >
                  <input
                    type="radio"
                    className="sr-only"
                    name={`${id}-${kind.type}`}
                    value={o.value}
                    checked={picked}
                    disabled={!o.in_stock}
                    onChange={() => onChange({ ...choice, [kind.type]: o.value })}
                  />
                  <bdi>{o.value}</bdi>
                  {o.in_stock ? (
                    // the change it makes, not a price: with two kinds (Color and Size) their changes add up
                    o.price_adjustment !== 0 && (
                      <span className="text-xs font-normal text-slate-500">
                        {o.price_adjustment > 0 ? '+' : '−'}
                        {formatMoney(Math.abs(o.price_adjustment), undefined, locale)}
                      </span>
                    )
                  ) : (
                    <span className="text-xs font-normal">· {MSG.variantSoldOut}</span>
                  )}
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
