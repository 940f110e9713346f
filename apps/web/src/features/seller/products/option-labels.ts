import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { TAX_RATE, type COUNTRIES_OF_ORIGIN, type PRODUCT_CATEGORIES, type SEASONALITIES, type TARGET_AUDIENCES, type VARIANT_TYPES } from '@souq/shared/constants';
import type { TaxCategory } from '@souq/shared/rules/tax';

// The names of the product form's fixed choices as the vendor reads them. The stored values stay the shared constants'
// ('home', 'all-year'); the English names are what the form showed before (the value capitalised), now in the
// vendor's catalogue so an Arabic page shows Arabic names.

type Labels<T extends string> = Record<T, MessageDescriptor>;

export const CATEGORY_LABELS: Labels<(typeof PRODUCT_CATEGORIES)[number]> = {
  electronics: msg`Electronics`, clothing: msg`Clothing`, home: msg`Home`, sports: msg`Sports`, books: msg`Books`,
  beauty: msg`Beauty`, toys: msg`Toys`, automotive: msg`Automotive`, health: msg`Health`, food: msg`Food`,
};
export const AUDIENCE_LABELS: Labels<(typeof TARGET_AUDIENCES)[number]> = { men: msg`Men`, women: msg`Women`, children: msg`Children`, unisex: msg`Unisex` };
export const SEASON_LABELS: Labels<(typeof SEASONALITIES)[number]> = { spring: msg`Spring`, summer: msg`Summer`, fall: msg`Fall`, winter: msg`Winter`, 'all-year': msg`All year` };
export const VARIANT_TYPE_NAMES: Labels<(typeof VARIANT_TYPES)[number]> = { color: msg`Color`, size: msg`Size`, material: msg`Material` };
export const COUNTRY_LABELS: Labels<(typeof COUNTRIES_OF_ORIGIN)[number]> = { us: msg`United States`, cn: msg`China`, de: msg`Germany`, jp: msg`Japan` };
// the English of TAX_CATEGORY_LABELS and TAX_ADVICE_NOTE (rules/tax.ts)
const STANDARD_PERCENT = Math.round(TAX_RATE * 100);
export const TAX_LABELS: Labels<TaxCategory> = { standard: msg`Standard rate (${STANDARD_PERCENT}%)`, zero: msg`Zero-rated (0%)`, exempt: msg`Exempt` };
export const TAX_ADVICE = msg`This is not tax advice. The rules applied are from the UAE VAT Decree-Law and its Executive Regulation (Art. 27, 59, 60); check your setup with a tax adviser.`;
export const STATUS_LABELS: Labels<'active' | 'inactive' | 'draft' | 'archived'> = { active: msg`Active`, inactive: msg`Inactive`, draft: msg`Draft`, archived: msg`Archived` };
export const DIMENSION_LABELS = [msg`Length`, msg`Width`, msg`Height`] as const;

/** A choice's name in the page's language; a value without one (an older stored value) as it is. */
export function optionLabel<T extends string>(i18n: I18n, labels: Labels<T>, value: string): string {
  const d = (labels as Record<string, MessageDescriptor | undefined>)[value];
  return d ? i18n._(d) : value;
}
