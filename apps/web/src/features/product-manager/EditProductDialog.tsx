import { useState, type FormEvent } from 'react';
import { useMsg } from '@/lib/use-msg';
import { PRODUCT_LIMITS } from '@souq/shared/constants';
import type { ManagedProduct } from '@souq/shared/api/products';
import { useUpdateProduct } from '@/lib/products-api';
import { useImageUrlCheck } from '@/lib/image-check';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Field, Input, Select, Textarea } from '@/components/ui/Field';
import { notify } from '@/components/ui/toast';
import { pmEditBody, pmEditValues, type PmEditValues } from './pm-model';
import { Trans, useLingui } from '@lingui/react/macro';

/** The product manager's edit modal (admin §2, §7): name and price required, a blank or invalid price is 0. */
export function EditProductDialog({ product, onClose }: { product: ManagedProduct; onClose: () => void }) {
  const MSG = useMsg();
  const { t } = useLingui();
  const [values, setValues] = useState<PmEditValues>(() => pmEditValues(product));
  const update = useUpdateProduct('admin');
  const imageUrl = useImageUrlCheck();
  const set = <K extends keyof PmEditValues>(key: K, v: PmEditValues[K]) => setValues((old) => ({ ...old, [key]: v }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (update.isPending) return;
    if (!values.name.trim() || !values.price.trim()) {
      notify.error(MSG.pmNamePriceRequired);
      return;
    }
    if (!(await imageUrl.check([values.imageUrl]))) return;
    try {
      await update.mutateAsync({ id: product.id, body: pmEditBody(values, product) });
      notify.success(MSG.productUpdated);
      onClose();
    } catch (err) {
      notify.error(err instanceof Error && err.message ? `${MSG.pmUpdateFailed}: ${err.message}` : MSG.pmUpdateFailed);
    }
  }

  const close = () => {
    if (!update.isPending) onClose();
  };
  return (
    <Dialog
      open
      onClose={close}
      title={t`Edit ${product.name}`}
      description={product.vendor_name ? t`Sold by ${product.vendor_name}` : t`No vendor`}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={update.isPending}><Trans>Cancel</Trans></Button>
          <Button type="submit" form="pm-edit" loading={update.isPending}><Trans>Save changes</Trans></Button>
        </>
      }
    >
      <form id="pm-edit" onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        <Field label={t`Name`} required className="sm:col-span-2"><Input dir="auto" value={values.name} maxLength={PRODUCT_LIMITS.name} onChange={(e) => set('name', e.target.value)} /></Field>
        <Field label={t`Description`} className="sm:col-span-2"><Textarea dir="auto" value={values.description} maxLength={PRODUCT_LIMITS.description} rows={3} onChange={(e) => set('description', e.target.value)} /></Field>
        <Field label={t`Price (${product.currency})`} required><Input type="number" step="0.01" min="0" value={values.price} onChange={(e) => set('price', e.target.value)} /></Field>
        <Field label={t`Stock`}><Input type="number" step="1" min="0" value={values.stock} onChange={(e) => set('stock', e.target.value)} /></Field>
        <Field label={t`Image URL`} error={imageUrl.error} className="sm:col-span-2">
          <Input dir="auto" type="url" value={values.imageUrl} onChange={(e) => set('imageUrl', e.target.value)} onBlur={(e) => void imageUrl.check([e.target.value])} />
        </Field>
        <Field label={t`Categories`} hint={t`Comma-separated.`}><Input dir="auto" value={values.categories} onChange={(e) => set('categories', e.target.value)} /></Field>
        <Field label={t`Tags`} hint={t`Comma-separated.`}><Input dir="auto" value={values.tags} onChange={(e) => set('tags', e.target.value)} /></Field>
        <Field label={t`Status`}>
          <Select value={values.status} onChange={(e) => set('status', e.target.value as PmEditValues['status'])}>
            <option value="active">{t`Active`}</option>
            <option value="inactive">{t`Inactive`}</option>
            <option value="draft">{t`Draft`}</option>
          </Select>
        </Field>
      </form>
    </Dialog>
  );
}
