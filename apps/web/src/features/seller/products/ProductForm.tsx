import { useRef, useState, type FormEvent } from 'react';
import {
  COUNTRIES_OF_ORIGIN, CURRENCIES, PRODUCT_CATEGORIES, PRODUCT_IMAGES_MAX, PRODUCT_LIMITS, SEASONALITIES, SHOP_CURRENCY_DEFAULT, TARGET_AUDIENCES,
  VARIANT_TYPES,
} from '@souq/shared/constants';
import { useMsg } from '@/lib/use-msg';
import { TAX_CATEGORIES } from '@souq/shared/rules/tax';
import type { ProductCreate } from '@souq/shared/api/products';
import { convertCents } from '@souq/shared/rules/currency';
import { amountToCents, formatMoney, centsToAmount, toFiniteNumber } from '@souq/shared/rules/money';
import { ApiError } from '@/lib/api-client';
import { useImageUrlCheck } from '@/lib/image-check';
import { Button } from '@/components/ui/Button';
import { Field, Input, Select, Textarea } from '@/components/ui/Field';
import { FormSection, LengthHint } from '@/components/ui/FormSection';
import { notify } from '@/components/ui/toast';
import { checkProductForm, formFieldOf, newVariantRow, productBodyOf, type FormCheck, type ProductFormValues, type VariantRow } from './form-model';
import { PhotoPicker } from './PhotoPicker';
import { AUDIENCE_LABELS, CATEGORY_LABELS, COUNTRY_LABELS, DIMENSION_LABELS, SEASON_LABELS, TAX_ADVICE, TAX_LABELS, VARIANT_TYPE_NAMES, optionLabel } from './option-labels';
import { Trans, useLingui } from '@lingui/react/macro';

const imageLines = (images: string) => images.split('\n').map((l) => l.trim()).filter(Boolean);
const imageCount = (images: string) => imageLines(images).length;

/** What the shop will charge, shown under a price typed in another currency. */
function ConvertedPrice({ price, currency }: { price: string; currency: string }) {
  const n = toFiniteNumber(price);
  if (n === null || currency === SHOP_CURRENCY_DEFAULT) return null;
  const shop = centsToAmount(convertCents(amountToCents(n), currency, SHOP_CURRENCY_DEFAULT));
  return <><Trans>Shop price: {formatMoney(shop, SHOP_CURRENCY_DEFAULT)} (converted at the configured rate)</Trans></>;
}

export type ProductFormSubmit = (body: ProductCreate, photos: File[], onProgress: (fraction: number) => void) => Promise<unknown>;

/**
 * The Products tab's product form (vendor §2, §5), for a new product and for editing one: every field, the spec's
 * limits as input limits, the required-fields alert as a toast, the server's field errors under their fields. What was
 * typed stays when saving fails; the submit button is busy while saving and cannot be pressed twice.
 */
export function ProductForm({ initial, onSubmit, submitLabel, failureText, canPublish, onCancel }: {
  initial: ProductFormValues;
  onSubmit: ProductFormSubmit;
  submitLabel: string;
  /** The toast when saving fails (spec: 'Failed to create product. Please check your inputs and try again.'). */
  failureText: string;
  /** False for a vendor not yet verified: the product stays a draft. */
  canPublish: boolean;
  onCancel?: () => void;
}) {
  const MSG = useMsg();
  const { t, i18n } = useLingui();
  const [values, setValues] = useState(initial);
  const [photos, setPhotos] = useState<File[]>([]);
  const [errors, setErrors] = useState<FormCheck['errors']>({});
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  // image URLs the vendor's browser could not load as pictures (checked when the field is left, and before saving)
  const imageUrls = useImageUrlCheck();
  const form = useRef<HTMLFormElement>(null);
  // after a failed check, the first field in error takes the focus (and scrolls into view)
  const focusFirstError = () => requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    // a field's message goes once it is edited (the next save checks it again)
    setErrors((e) => (key in e ? Object.fromEntries(Object.entries(e).filter(([k]) => k !== key)) : e));
  };
  const setVariant = (i: number, patch: Partial<VariantRow>) => set('variants', values.variants.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const err = (key: string) => errors[key] ?? null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const check = checkProductForm(values);
    setErrors(check.errors);
    if (check.alert) notify.error(check.alert);
    if (check.alert || Object.keys(check.errors).length) {
      focusFirstError();
      return;
    }
    setBusy(true);
    if (!(await imageUrls.check(imageLines(values.images)))) {
      setBusy(false);
      focusFirstError();
      return;
    }
    setProgress(photos.length ? 0 : null);
    try {
      await onSubmit(productBodyOf(values), photos, setProgress);
    } catch (error) {
      // the spec's text as the toast; the server's reasons under the fields they concern
      const fields = error instanceof ApiError ? error.body?.fields : undefined;
      if (fields) {
        setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [formFieldOf(k), v])));
        focusFirstError();
      }
      notify.error(error instanceof ApiError && error.status !== 400 && error.message ? `${failureText} ${error.message}` : failureText);
      console.error('Product save failed', error);
    } finally {
      setBusy(false);
      setProgress(null);
    }
  }

  return (
    <form ref={form} onSubmit={submit} noValidate className="flex flex-col gap-6" aria-busy={busy}>
      <FormSection title={t`Product details`}>
        <Field label={t`Product Title`} required error={err('name')} className="sm:col-span-2" hint={<LengthHint value={values.name} max={PRODUCT_LIMITS.name} />}>
          <Input dir="auto" value={values.name} maxLength={PRODUCT_LIMITS.name} onChange={(e) => set('name', e.target.value)} autoComplete="off" />
        </Field>
        <Field label={t`Brand`} required error={err('brand')}>
          <Input dir="auto" value={values.brand} maxLength={PRODUCT_LIMITS.brand} onChange={(e) => set('brand', e.target.value)} />
        </Field>
        <Field label={t`Category`} required error={err('category')}>
          <Select value={values.category} onChange={(e) => set('category', e.target.value)}>
            <option value="">{t`Choose a category`}</option>
            {/* an imported or older product may carry a category outside the list: keep it selectable */}
            {values.category && !(PRODUCT_CATEGORIES as readonly string[]).includes(values.category) && <option value={values.category}>{values.category}</option>}
            {PRODUCT_CATEGORIES.map((c) => <option key={c} value={c}>{optionLabel(i18n, CATEGORY_LABELS, c)}</option>)}
          </Select>
        </Field>
        <Field label="SKU" required error={err('sku')}>
          <Input dir="auto" value={values.sku} maxLength={PRODUCT_LIMITS.sku} onChange={(e) => set('sku', e.target.value)} autoComplete="off" />
        </Field>
        <Field label={t`Status`} error={err('status')} hint={canPublish ? t`Only active products are shown in the shop.` : MSG.vendorNotVerified}>
          <Select value={values.status} onChange={(e) => set('status', e.target.value as ProductFormValues['status'])}>
            <option value="active" disabled={!canPublish}>{t`Active`}</option>
            <option value="draft">{t`Draft`}</option>
            <option value="inactive">{t`Inactive`}</option>
          </Select>
        </Field>
        <Field label={t`Description`} required error={err('description')} className="sm:col-span-2" hint={<LengthHint value={values.description} max={PRODUCT_LIMITS.description} />}>
          <Textarea dir="auto" value={values.description} maxLength={PRODUCT_LIMITS.description} rows={4} onChange={(e) => set('description', e.target.value)} />
        </Field>
        <Field label={t`Bullet points`} required error={err('bulletPoints')} className="sm:col-span-2" hint={t`One per line.`}>
          <Textarea dir="auto" value={values.bulletPoints} rows={3} onChange={(e) => set('bulletPoints', e.target.value)} />
        </Field>
        <Field label={t`Tags`} error={err('tags')} hint={t`Comma-separated.`}>
          <Input dir="auto" value={values.tags} onChange={(e) => set('tags', e.target.value)} />
        </Field>
        <Field label={t`Keywords`} error={err('keywords')} hint={t`Comma-separated.`}>
          <Input dir="auto" value={values.keywords} onChange={(e) => set('keywords', e.target.value)} />
        </Field>
      </FormSection>

      <FormSection title={t`Arabic`} description={MSG.arabicContentHint}>
        <div lang="ar" dir="rtl" className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
          <Field label={MSG.arFieldProductName} error={err('nameAr')} className="sm:col-span-2" hint={<LengthHint value={values.nameAr} max={PRODUCT_LIMITS.name} />}>
            <Input dir="auto" value={values.nameAr} maxLength={PRODUCT_LIMITS.name} onChange={(e) => set('nameAr', e.target.value)} autoComplete="off" />
          </Field>
          <Field label={MSG.arFieldDescription} error={err('descriptionAr')} className="sm:col-span-2" hint={<LengthHint value={values.descriptionAr} max={PRODUCT_LIMITS.description} />}>
            <Textarea dir="auto" value={values.descriptionAr} maxLength={PRODUCT_LIMITS.description} rows={4} onChange={(e) => set('descriptionAr', e.target.value)} />
          </Field>
          <Field label={MSG.arFieldBullets} error={err('bulletPointsAr')} className="sm:col-span-2" hint={MSG.arFieldBulletsHint}>
            <Textarea dir="auto" value={values.bulletPointsAr} rows={3} onChange={(e) => set('bulletPointsAr', e.target.value)} />
          </Field>
        </div>
      </FormSection>

      <FormSection title={t`Price and inventory`}>
        <div className="grid grid-cols-[1fr_7rem] gap-2">
          <Field label={t`Base price`} required error={err('price')} hint={<ConvertedPrice price={values.price} currency={values.currency} />}>
            <Input type="number" inputMode="decimal" step="0.01" min="0" value={values.price} onChange={(e) => set('price', e.target.value)} />
          </Field>
          <Field label={t`Currency`}>
            <Select value={values.currency} onChange={(e) => set('currency', e.target.value as ProductFormValues['currency'])}>
              {CURRENCIES.map((c) => <option key={c}>{c}</option>)}
            </Select>
          </Field>
        </div>
        <Field label={t`Compare-at price`} error={err('compareAt')} hint={t`The former price, in ${values.currency}; shown struck through.`}>
          <Input type="number" inputMode="decimal" step="0.01" min="0" value={values.compareAt} onChange={(e) => set('compareAt', e.target.value)} />
        </Field>
        <Field label={t`Inventory`} required error={err('inventory')}>
          <Input type="number" inputMode="numeric" step="1" min="0" value={values.inventory} onChange={(e) => set('inventory', e.target.value)} />
        </Field>
      </FormSection>

      <FormSection title={t`Images`} description={t`Up to ${PRODUCT_IMAGES_MAX} images in all. The first one is the primary image.`}>
        <Field label={t`Image URLs`} error={err('images') ?? imageUrls.error} className="sm:col-span-2" hint={t`One URL per line, first is primary.`}>
          <Textarea dir="auto"
            value={values.images}
            rows={3}
            onChange={(e) => set('images', e.target.value)}
            onBlur={(e) => void imageUrls.check(imageLines(e.target.value))}
            placeholder={t`https://…`}
          />
        </Field>
        <div className="sm:col-span-2">
          <PhotoPicker files={photos} onChange={setPhotos} room={PRODUCT_IMAGES_MAX - imageCount(values.images)} progress={progress} />
        </div>
      </FormSection>

      <FormSection title={t`Variants`} description={t`Colours, sizes or materials, each with its own price adjustment, stock and SKU suffix.`}>
        <div className="flex flex-col gap-3 sm:col-span-2">
          {values.variants.map((row, i) => (
            <div key={row.key} className="grid grid-cols-2 items-start gap-2 rounded-xl border border-slate-200 p-3 sm:grid-cols-[8rem_1fr_8rem_7rem_7rem_auto]">
              <Field label={t`Type`}>
                <Select value={row.type} onChange={(e) => setVariant(i, { type: e.target.value as VariantRow['type'] })}>
                  {VARIANT_TYPES.map((v) => <option key={v} value={v}>{optionLabel(i18n, VARIANT_TYPE_NAMES, v)}</option>)}
                </Select>
              </Field>
              <Field label={t`Value`} required error={err(`variants.${i}.value`)}>
                <Input dir="auto" value={row.value} maxLength={100} onChange={(e) => setVariant(i, { value: e.target.value })} />
              </Field>
              <Field label={t`Price adjustment`} error={err(`variants.${i}.priceAdjustment`)}>
                <Input type="number" step="0.01" value={row.priceAdjustment} onChange={(e) => setVariant(i, { priceAdjustment: e.target.value })} />
              </Field>
              <Field label={t`Inventory`} error={err(`variants.${i}.inventory`)}>
                <Input type="number" step="1" min="0" value={row.inventory} onChange={(e) => setVariant(i, { inventory: e.target.value })} />
              </Field>
              <Field label={t`SKU suffix`}>
                <Input dir="auto" value={row.skuSuffix} maxLength={50} onChange={(e) => setVariant(i, { skuSuffix: e.target.value })} />
              </Field>
              <Button variant="ghost" size="sm" className="self-end sm:mb-1" onClick={() => set('variants', values.variants.filter((_, j) => j !== i))} aria-label={t`Remove variant ${i + 1}`}>
                <Trans>Remove</Trans>
              </Button>
            </div>
          ))}
          <div>
            <Button variant="secondary" size="sm" onClick={() => set('variants', [...values.variants, newVariantRow()])}>
              <Trans>Add variant</Trans>
            </Button>
          </div>
        </div>
      </FormSection>

      <FormSection title={MSG.productTaxSection}>
        <Field label={MSG.productTaxCategoryLabel} hint={i18n._(TAX_ADVICE)} className="sm:col-span-2">
          <Select value={values.taxCategory} onChange={(e) => set('taxCategory', e.target.value as ProductFormValues['taxCategory'])}>
            {TAX_CATEGORIES.map((c) => <option key={c} value={c}>{i18n._(TAX_LABELS[c])}</option>)}
          </Select>
        </Field>
      </FormSection>

      <FormSection title={t`Audience and SEO`}>
        <Field label={t`Target audience`}>
          <Select value={values.targetAudience} onChange={(e) => set('targetAudience', e.target.value)}>
            <option value="">{t`Not set`}</option>
            {TARGET_AUDIENCES.map((a) => <option key={a} value={a}>{optionLabel(i18n, AUDIENCE_LABELS, a)}</option>)}
          </Select>
        </Field>
        <Field label={t`Seasonality`}>
          <Select value={values.seasonality} onChange={(e) => set('seasonality', e.target.value)}>
            <option value="">{t`Not set`}</option>
            {SEASONALITIES.map((s) => <option key={s} value={s}>{optionLabel(i18n, SEASON_LABELS, s)}</option>)}
          </Select>
        </Field>
        <Field label={t`SEO title`} error={err('seoTitle')} hint={<LengthHint value={values.seoTitle} max={PRODUCT_LIMITS.seoTitle} />}>
          <Input dir="auto" value={values.seoTitle} maxLength={PRODUCT_LIMITS.seoTitle} onChange={(e) => set('seoTitle', e.target.value)} />
        </Field>
        <Field label={t`Country of origin`}>
          <Select value={values.countryOfOrigin} onChange={(e) => set('countryOfOrigin', e.target.value)}>
            <option value="">{t`Not set`}</option>
            {values.countryOfOrigin && !(values.countryOfOrigin in COUNTRY_LABELS) && <option value={values.countryOfOrigin}>{values.countryOfOrigin}</option>}
            {COUNTRIES_OF_ORIGIN.map((c) => <option key={c} value={c}>{i18n._(COUNTRY_LABELS[c])}</option>)}
          </Select>
        </Field>
        <Field label={t`Meta description`} error={err('metaDescription')} className="sm:col-span-2" hint={<LengthHint value={values.metaDescription} max={PRODUCT_LIMITS.metaDescription} />}>
          <Textarea dir="auto" value={values.metaDescription} maxLength={PRODUCT_LIMITS.metaDescription} rows={2} onChange={(e) => set('metaDescription', e.target.value)} />
        </Field>
      </FormSection>

      <FormSection title={t`Shipping`} description={t`Weight in kilograms, dimensions in centimetres.`}>
        <Field label={t`Weight (kg)`} error={err('weight')}>
          <Input type="number" inputMode="decimal" step="0.01" min="0" value={values.weight} onChange={(e) => set('weight', e.target.value)} />
        </Field>
        <div className="grid grid-cols-3 gap-2">
          {(['dimLength', 'dimWidth', 'dimHeight'] as const).map((key, i) => (
            <Field key={key} label={i18n._(DIMENSION_LABELS[i]!)} error={err(key)}>
              <Input type="number" inputMode="decimal" step="0.1" min="0" value={values[key]} onChange={(e) => set(key, e.target.value)} />
            </Field>
          ))}
        </div>
      </FormSection>

      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            <Trans>Cancel</Trans>
          </Button>
        )}
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
