import { useState, type FormEvent } from 'react';
import { useMsg } from '@/lib/use-msg';
import { PRODUCT_LIMITS } from '@souq/shared/constants';
import { embedSettingsSchema, type EmbedSettings } from '@souq/shared/api/embeds';
import { embedCode } from '@souq/shared/rules/embed';
import { useCreateProduct, useSaveEmbed } from '@/lib/products-api';
import { useImageUrlCheck } from '@/lib/image-check';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Field, Input, Textarea } from '@/components/ui/Field';
import { FormSection, LengthHint } from '@/components/ui/FormSection';
import { notify } from '@/components/ui/toast';
import { EmbedSettingsFields, embedSizeError } from '@/components/products/EmbedSettingsFields';
import { emptyPmCreate, pmCreateBody, pmCreateProblem, type PmCreateValues } from './pm-model';
import { VendorPicker } from './VendorPicker';
import { publicOrigin } from '@/lib/public-origin';
import { Trans, useLingui } from '@lingui/react/macro';

/**
 * 'Create New Product with Embedding' (admin §2): the product for the vendor the admin chooses, then its embed with the
 * chosen settings. The spec's messages for each outcome; what was typed stays when the create fails.
 */
export function CreateProductDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const MSG = useMsg();
  const { t } = useLingui();
  const [values, setValues] = useState<PmCreateValues>(emptyPmCreate);
  const [settings, setSettings] = useState<EmbedSettings>(() => embedSettingsSchema.parse({}));
  const [vendorError, setVendorError] = useState<string | null>(null);
  const create = useCreateProduct('admin');
  const saveEmbed = useSaveEmbed('admin');
  const imageUrl = useImageUrlCheck();
  const busy = create.isPending || saveEmbed.isPending;
  const set = <K extends keyof PmCreateValues>(key: K, v: PmCreateValues[K]) => setValues((old) => ({ ...old, [key]: v }));

  const close = () => {
    if (!busy) onClose();
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const problem = pmCreateProblem(values);
    setVendorError(problem === MSG.productVendorRequired ? problem : null);
    if (problem) {
      notify.error(problem);
      return;
    }
    if (embedSizeError(settings.width) || embedSizeError(settings.height)) return;
    if (!(await imageUrl.check([values.imageUrl]))) return;
    let product;
    try {
      product = (await create.mutateAsync({ body: pmCreateBody(values) })).product;
    } catch (err) {
      notify.error(err instanceof Error && err.message ? `${MSG.pmCreateFailed}: ${err.message}` : MSG.pmCreateFailed);
      return;
    }
    try {
      await saveEmbed.mutateAsync({ vendor_id: product.vendor_id, product_id: product.id, embed_code: embedCode(publicOrigin(), product, settings), embed_settings: settings });
      notify.success(MSG.pmCreatedEmbedded);
    } catch {
      notify.error(MSG.pmEmbedLimited);
    }
    setValues(emptyPmCreate());
    onClose();
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title={t`Create New Product with Embedding`}
      description={t`The product is created for the vendor you choose, with an embed code for external pages.`}
      size="xl"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}><Trans>Cancel</Trans></Button>
          <Button type="submit" form="pm-create" loading={busy}><Trans>Create Product</Trans></Button>
        </>
      }
    >
      <form id="pm-create" onSubmit={submit} noValidate className="flex flex-col gap-6">
        <FormSection title={t`Vendor`}>
          <VendorPicker value={values.vendorId} onChange={(v) => { set('vendorId', v); setVendorError(null); }} error={vendorError} />
        </FormSection>
        <FormSection title={t`Product`}>
          <Field label={t`Name`} required className="sm:col-span-2"><Input dir="auto" value={values.name} maxLength={PRODUCT_LIMITS.name} onChange={(e) => set('name', e.target.value)} /></Field>
          <Field label={t`Description`} className="sm:col-span-2"><Textarea dir="auto" value={values.description} maxLength={PRODUCT_LIMITS.description} rows={3} onChange={(e) => set('description', e.target.value)} /></Field>
          <Field label={t`Price (AED)`} required><Input type="number" step="0.01" min="0" value={values.price} onChange={(e) => set('price', e.target.value)} /></Field>
          <Field label={t`Stock`}><Input type="number" step="1" min="0" value={values.stock} onChange={(e) => set('stock', e.target.value)} /></Field>
          <Field label={t`Brand`}><Input dir="auto" value={values.brand} maxLength={PRODUCT_LIMITS.brand} onChange={(e) => set('brand', e.target.value)} /></Field>
          <Field label="SKU"><Input dir="auto" value={values.sku} maxLength={PRODUCT_LIMITS.sku} onChange={(e) => set('sku', e.target.value)} /></Field>
          <Field label={t`Image URL`} error={imageUrl.error} className="sm:col-span-2">
            <Input dir="auto" type="url" value={values.imageUrl} onChange={(e) => set('imageUrl', e.target.value)} onBlur={(e) => void imageUrl.check([e.target.value])} placeholder={t`https://…`} />
          </Field>
          <Field label={t`Categories`} hint={t`Comma-separated.`}><Input dir="auto" value={values.categories} onChange={(e) => set('categories', e.target.value)} /></Field>
          <Field label={t`Tags`} hint={t`Comma-separated.`}><Input dir="auto" value={values.tags} onChange={(e) => set('tags', e.target.value)} /></Field>
          <Field label={t`Keywords`} hint={t`Comma-separated.`}><Input dir="auto" value={values.keywords} onChange={(e) => set('keywords', e.target.value)} /></Field>
          <Field label={t`SEO title`} hint={<LengthHint value={values.seoTitle} max={PRODUCT_LIMITS.seoTitle} />}>
            <Input dir="auto" value={values.seoTitle} maxLength={PRODUCT_LIMITS.seoTitle} onChange={(e) => set('seoTitle', e.target.value)} />
          </Field>
        </FormSection>
        <FormSection title={t`Embed settings`}>
          <EmbedSettingsFields value={settings} onChange={setSettings} className="sm:col-span-2" />
        </FormSection>
      </form>
    </Dialog>
  );
}
