import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { COUNTRIES_OF_ORIGIN, CURRENCIES, PRODUCT_CATEGORIES, PRODUCT_LIMITS, SEASONALITIES, TARGET_AUDIENCES } from '@souq/shared/constants';
import { useMsg } from '@/lib/use-msg';
import { embedSettingsSchema, type EmbedSettings } from '@souq/shared/api/embeds';
import type { ManagedProduct } from '@souq/shared/api/products';
import { embedCode } from '@souq/shared/rules/embed';
import { EMBED_PRODUCT_STATUSES } from '@souq/shared/rules/embed-product';
import { paths } from '@/lib/paths';
import { api, ApiError } from '@/lib/api-client';
import { useImageUrlCheck } from '@/lib/image-check';
import { productListKeys, useCreateProduct, useSaveEmbed } from '@/lib/products-api';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Field, Input, Select, Textarea } from '@/components/ui/Field';
import { FormSection, LengthHint } from '@/components/ui/FormSection';
import { Tabs } from '@/components/ui/Tabs';
import { notify } from '@/components/ui/toast';
import { EmbedPreview, copyEmbedCode } from '@/components/products/EmbedPreview';
import { EmbedSettingsFields, embedSizeError } from '@/components/products/EmbedSettingsFields';
import { importToolValues, newToolVariant, sampleToolValues, toolBody, toolProblem, type ToolValues, type ToolVariant } from './tool-model';
import { publicOrigin } from '@/lib/public-origin';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { AUDIENCE_LABELS, CATEGORY_LABELS, SEASON_LABELS, STATUS_LABELS, VARIANT_TYPE_NAMES, optionLabel } from '../products/option-labels';

type ToolTab = 'create' | 'settings' | 'export';
const TABS = [
  { value: 'create', label: msg`Create Product` },
  { value: 'settings', label: msg`Embed Settings` },
  { value: 'export', label: msg`Preview & Export` },
] as const;

const defaultSettings = () => embedSettingsSchema.parse({});

/** The vendor's own products to embed (newest first), for the Preview & Export tab. */
function useEmbeddableProducts() {
  return useQuery({
    queryKey: [productListKeys.vendor, 'embeddable'],
    queryFn: ({ signal }) => api<ManagedProduct[]>('/api/vendor/products?limit=200', { auth: 'vendor', signal }),
  });
}

/**
 * The Product Embedding tab (vendor §2): create a product from the tool's form (sample product, .json import, the
 * schema check of §5) and save its embed in one go; choose the embed settings; preview the card as another site will
 * show it and copy its code. 'Manage All Products' leads to the vendor's own product list after a create.
 */
export function ProductEmbeddingTool({ vendorId }: { vendorId: number }) {
  const MSG = useMsg();
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [tab, setTab] = useState<ToolTab>('create');
  const [values, setValues] = useState<ToolValues>(sampleToolValues);
  const [settings, setSettings] = useState<EmbedSettings>(defaultSettings);
  const [created, setCreated] = useState<{ id: number; embedSaved: boolean } | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const create = useCreateProduct('vendor');
  const imageUrl = useImageUrlCheck();
  const saveEmbed = useSaveEmbed('vendor');
  const products = useEmbeddableProducts();

  const set = <K extends keyof ToolValues>(key: K, v: ToolValues[K]) => setValues((old) => ({ ...old, [key]: v }));
  const setVariant = (i: number, patch: Partial<ToolVariant>) => set('variants', values.variants.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const settingsValid = !embedSizeError(settings.width) && !embedSizeError(settings.height);
  const chosen = products.data?.find((p) => p.id === (selectedId ?? created?.id)) ?? null;
  const code = chosen ? embedCode(publicOrigin(), chosen, settings) : '';

  async function onCreate(e: FormEvent) {
    e.preventDefault();
    if (create.isPending || saveEmbed.isPending) return;
    const problem = toolProblem(values) ?? (settingsValid ? null : MSG.validationFailedList(t`embed settings: width and height must be sizes such as 100%, 400px or auto`));
    if (problem) {
      notify.error(problem);
      return;
    }
    if (!(await imageUrl.check([values.image_url]))) return;
    let product: ManagedProduct;
    try {
      product = (await create.mutateAsync({ body: toolBody(values) })).product;
    } catch (err) {
      notify.error(err instanceof ApiError && err.body?.error ? err.message : MSG.embedCreateFailed);
      return;
    }
    setSelectedId(product.id);
    try {
      await saveEmbed.mutateAsync({ vendor_id: vendorId, product_id: product.id, embed_code: embedCode(publicOrigin(), product, settings), embed_settings: settings });
      notify.success(MSG.embedSuccess);
      setCreated({ id: product.id, embedSaved: true });
    } catch (err) {
      notify.error(err instanceof ApiError && err.body?.error ? MSG.embedSaveFailedWith(err.message) : MSG.embedSaveFailed);
      setCreated({ id: product.id, embedSaved: false });
    }
    setValues(sampleToolValues());
  }

  async function onImport(file: File | undefined) {
    if (!file) return;
    const result = importToolValues(file.name, await file.text());
    if (fileInput.current) fileInput.current.value = '';
    if ('error' in result) {
      notify.error(result.error);
      return;
    }
    setValues(result.values);
    setTab('create');
    notify.success(MSG.importSuccess);
  }

  async function onSaveEmbed() {
    if (!chosen || !settingsValid) return;
    try {
      await saveEmbed.mutateAsync({ vendor_id: vendorId, product_id: chosen.id, embed_code: code, embed_settings: settings });
      notify.success(MSG.embedSaved);
    } catch (err) {
      notify.errorFrom(err, MSG.embedSaveFailed);
    }
  }

  const busy = create.isPending || saveEmbed.isPending;
  let panel: ReactNode;
  if (tab === 'create') {
    panel = (
      <form onSubmit={onCreate} noValidate className="flex flex-col gap-6" aria-busy={busy}>
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-slate-50 p-3 text-sm text-slate-600">
          <p><Trans>The form starts from a sample product. Import a product from a .json file, or edit the fields.</Trans></p>
          <div className="flex gap-2">
            <input ref={fileInput} type="file" accept=".json,application/json" className="sr-only" aria-label={t`Import product from a .json file`} onChange={(e) => void onImport(e.target.files?.[0])} />
            <Button variant="secondary" size="sm" onClick={() => fileInput.current?.click()}><Trans>Import JSON</Trans></Button>
            <Button variant="ghost" size="sm" onClick={() => setValues(sampleToolValues())}><Trans>Reset to sample</Trans></Button>
          </div>
        </div>
        <FormSection title={t`Product`}>
          <Field label={t`Name`} required className="sm:col-span-2" hint={<LengthHint value={values.name} max={PRODUCT_LIMITS.name} />}>
            <Input dir="auto" value={values.name} maxLength={PRODUCT_LIMITS.name} onChange={(e) => set('name', e.target.value)} />
          </Field>
          <Field label={t`Description`} required className="sm:col-span-2" hint={<LengthHint value={values.description} max={PRODUCT_LIMITS.description} />}>
            <Textarea dir="auto" value={values.description} maxLength={PRODUCT_LIMITS.description} rows={3} onChange={(e) => set('description', e.target.value)} />
          </Field>
          <Field label={t`Brand`} required><Input dir="auto" value={values.brand} maxLength={PRODUCT_LIMITS.brand} onChange={(e) => set('brand', e.target.value)} /></Field>
          <Field label={t`Category`} required>
            <Select value={values.category_name} onChange={(e) => set('category_name', e.target.value)}>
              <option value="">{t`Choose a category`}</option>
              {values.category_name && !(PRODUCT_CATEGORIES as readonly string[]).includes(values.category_name) && <option value={values.category_name}>{values.category_name}</option>}
              {PRODUCT_CATEGORIES.map((c) => <option key={c} value={c}>{optionLabel(i18n, CATEGORY_LABELS, c)}</option>)}
            </Select>
          </Field>
          <Field label="SKU" required><Input dir="auto" value={values.sku} maxLength={PRODUCT_LIMITS.sku} onChange={(e) => set('sku', e.target.value)} /></Field>
          <Field label={t`Status`} required>
            <Select value={values.status} onChange={(e) => set('status', e.target.value as ToolValues['status'])}>
              {EMBED_PRODUCT_STATUSES.map((s) => <option key={s} value={s}>{optionLabel(i18n, STATUS_LABELS, s)}</option>)}
            </Select>
          </Field>
          <Field label={t`Image URL`} error={imageUrl.error} className="sm:col-span-2">
            <Input dir="auto" type="url" value={values.image_url} onChange={(e) => set('image_url', e.target.value)} onBlur={(e) => void imageUrl.check([e.target.value])} placeholder={t`https://…`} />
          </Field>
          <Field label={t`Bullet points`} hint={t`Comma-separated.`} className="sm:col-span-2"><Input dir="auto" value={values.bullet_points} onChange={(e) => set('bullet_points', e.target.value)} /></Field>
          <Field label={t`Tags`} hint={t`Comma-separated.`}><Input dir="auto" value={values.tags} onChange={(e) => set('tags', e.target.value)} /></Field>
          <Field label={t`AI tags`} hint={t`Comma-separated.`}><Input dir="auto" value={values.ai_tags} onChange={(e) => set('ai_tags', e.target.value)} /></Field>
        </FormSection>
        <FormSection title={t`Price and inventory`}>
          <div className="grid grid-cols-[1fr_7rem] gap-2">
            <Field label={t`Price`} required><Input type="number" step="0.01" min="0" value={values.price} onChange={(e) => set('price', e.target.value)} /></Field>
            <Field label={t`Currency`} required>
              <Select value={values.currency} onChange={(e) => set('currency', e.target.value)}>{CURRENCIES.map((c) => <option key={c}>{c}</option>)}</Select>
            </Field>
          </div>
          <Field label={t`Inventory quantity`} required><Input type="number" step="1" min="0" value={values.inventory_quantity} onChange={(e) => set('inventory_quantity', e.target.value)} /></Field>
          <Field label={t`Base price`} hint={t`The regular price; shown struck through when above the price and no compare-at price is given.`}>
            <Input type="number" step="0.01" min="0" value={values.base_price} onChange={(e) => set('base_price', e.target.value)} />
          </Field>
          <Field label={t`Compare-at price`}><Input type="number" step="0.01" min="0" value={values.compare_at_price} onChange={(e) => set('compare_at_price', e.target.value)} /></Field>
        </FormSection>
        <FormSection title={t`Variants`} description={t`Each variant: colour, size and material, with its own SKU, price and inventory.`}>
          <div className="flex flex-col gap-3 sm:col-span-2">
            {values.variants.map((r, i) => (
              <div key={r.key} className="grid grid-cols-2 items-end gap-2 rounded-xl border border-slate-200 p-3 sm:grid-cols-[1fr_1fr_1fr_1fr_6rem_6rem_auto]">
                {(['color', 'size', 'material', 'sku'] as const).map((k) => (
                  <Field key={k} label={k === 'sku' ? 'SKU' : optionLabel(i18n, VARIANT_TYPE_NAMES, k)}><Input dir="auto" value={r[k]} onChange={(e) => setVariant(i, { [k]: e.target.value })} /></Field>
                ))}
                <Field label={t`Price`}><Input type="number" step="0.01" min="0" value={r.price} onChange={(e) => setVariant(i, { price: e.target.value })} /></Field>
                <Field label={t`Inventory`}><Input type="number" step="1" min="0" value={r.inventory} onChange={(e) => setVariant(i, { inventory: e.target.value })} /></Field>
                <Button variant="ghost" size="sm" onClick={() => set('variants', values.variants.filter((_, j) => j !== i))} aria-label={t`Remove variant ${i + 1}`}><Trans>Remove</Trans></Button>
              </div>
            ))}
            <div><Button variant="secondary" size="sm" onClick={() => set('variants', [...values.variants, newToolVariant()])}><Trans>Add variant</Trans></Button></div>
          </div>
        </FormSection>
        <FormSection title={t`Audience, SEO and shipping`} description={t`Weight in pounds and dimensions in inches, as the tool's product schema has them; the shop stores kilograms and centimetres.`}>
          <Field label={t`Target audience`}>
            <Select value={values.target_audience} onChange={(e) => set('target_audience', e.target.value)}>
              <option value="">{t`Not set`}</option>{TARGET_AUDIENCES.map((a) => <option key={a} value={a}>{optionLabel(i18n, AUDIENCE_LABELS, a)}</option>)}
            </Select>
          </Field>
          <Field label={t`Seasonality`}>
            <Select value={values.seasonality} onChange={(e) => set('seasonality', e.target.value)}>
              <option value="">{t`Not set`}</option>{SEASONALITIES.map((s) => <option key={s} value={s}>{optionLabel(i18n, SEASON_LABELS, s)}</option>)}
            </Select>
          </Field>
          <Field label={t`SEO title`} hint={<LengthHint value={values.seo_title} max={PRODUCT_LIMITS.seoTitle} />}>
            <Input dir="auto" value={values.seo_title} maxLength={PRODUCT_LIMITS.seoTitle} onChange={(e) => set('seo_title', e.target.value)} />
          </Field>
          <Field label={t`Keywords`} hint={t`Comma-separated.`}><Input dir="auto" value={values.keywords} onChange={(e) => set('keywords', e.target.value)} /></Field>
          <Field label={t`Meta description`} className="sm:col-span-2" hint={<LengthHint value={values.meta_description} max={PRODUCT_LIMITS.metaDescription} />}>
            <Textarea dir="auto" value={values.meta_description} maxLength={PRODUCT_LIMITS.metaDescription} rows={2} onChange={(e) => set('meta_description', e.target.value)} />
          </Field>
          <Field label={t`Country of origin`}>
            <Select value={values.country_of_origin} onChange={(e) => set('country_of_origin', e.target.value)}>
              <option value="">{t`Not set`}</option>
              {values.country_of_origin && !(COUNTRIES_OF_ORIGIN as readonly string[]).includes(values.country_of_origin) && <option>{values.country_of_origin}</option>}
              {COUNTRIES_OF_ORIGIN.map((c) => <option key={c} value={c}>{c.toUpperCase()}</option>)}
            </Select>
          </Field>
          <Field label={t`Weight (lb)`}><Input type="number" step="0.01" min="0" value={values.weight} onChange={(e) => set('weight', e.target.value)} /></Field>
          <div className="grid grid-cols-3 gap-2 sm:col-span-2">
            {(['dim_length', 'dim_width', 'dim_height'] as const).map((k, i) => (
              <Field key={k} label={[t`Length (in)`, t`Width (in)`, t`Height (in)`][i]}><Input type="number" step="0.1" min="0" value={values[k]} onChange={(e) => set(k, e.target.value)} /></Field>
            ))}
          </div>
        </FormSection>
        <div className="flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 pt-4">
          <p className="me-auto text-xs text-slate-500"><Trans>The embed is saved with the settings of the Embed Settings tab.</Trans></p>
          <Button type="submit" loading={busy}><Trans>Create Product & Embed</Trans></Button>
        </div>
      </form>
    );
  } else if (tab === 'settings') {
    panel = <EmbedSettingsFields value={settings} onChange={setSettings} />;
  } else {
    panel = (
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="flex flex-col gap-4">
          <Field label={t`Product to embed`} hint={t`Your products, newest first.`}>
            <Select value={chosen?.id ?? ''} onChange={(e) => setSelectedId(e.target.value ? Number(e.target.value) : null)} disabled={products.isPending}>
              <option value="">{products.isPending ? t`Loading products...` : t`Choose a product`}</option>
              {products.data?.map((p) => <option key={p.id} value={p.id}>{p.name}{p.status !== 'active' ? ` (${optionLabel(i18n, STATUS_LABELS, p.status).toLowerCase()})` : ''}</option>)}
            </Select>
          </Field>
          {products.isError && <Alert tone="error" title={MSG.loadProductsFailed}>{products.error.message}</Alert>}
          {chosen ? (
            <>
              {chosen.status !== 'active' && <Alert tone="warning" title={t`This product is not active`}><Trans>Other sites show “{MSG.embedUnavailable}” until it is.</Trans></Alert>}
              <Field label={t`Embed code`} hint={t`Paste it into the HTML of any page.`}>
                <Textarea dir="auto" readOnly value={code} rows={7} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
              </Field>
              <div className="flex flex-wrap gap-2">
                <Button onClick={() => void copyEmbedCode(code)}><Trans>Copy embed code</Trans></Button>
                <Button variant="secondary" onClick={onSaveEmbed} loading={saveEmbed.isPending} disabled={!settingsValid}><Trans>Save embed</Trans></Button>
              </div>
            </>
          ) : (
            <p className="text-sm text-slate-600"><Trans>Create a product in the first tab, or choose one of yours, to get its embed code.</Trans></p>
          )}
        </div>
        {chosen && <EmbedPreview productId={chosen.id} productName={chosen.name} settings={settings} />}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      {created && (
        <Alert tone={created.embedSaved ? 'success' : 'warning'} title={created.embedSaved ? MSG.embedSuccess : MSG.embedSaveFailed}>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" onClick={() => setTab('export')}><Trans>Preview & copy the code</Trans></Button>
            {/* the vendor's own product list (the dashboard's first tab): /product-manager is the admin's every-vendor list */}
            <Button size="sm" onClick={() => navigate(paths.vendor)}><Trans>Manage All Products</Trans></Button>
          </div>
        </Alert>
      )}
      <Tabs label={t`Product embedding`} items={TABS.map((item) => ({ value: item.value, label: i18n._(item.label) }))} value={tab} onValueChange={setTab} panelClassName="pt-5">
        {panel}
      </Tabs>
    </div>
  );
}
