import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { amountToCents } from '@souq/shared/rules/money';
import { Button } from '@/components/ui/Button';
import { Field, Input, Select } from '@/components/ui/Field';

// Creating a coupon or a deal (decision 0148). A seller's is always its own cost, on its own products; the admin's
// campaign names its funder (the marketplace, or a split with the sellers who opt in). The server checks everything
// again and answers the reason in the reader's language.

export type ProductChoice = { id: number; name: string };

type Props = {
  /** 'vendor': the seller's own promotion; 'admin': a marketplace campaign. */
  area: 'vendor' | 'admin';
  products: ProductChoice[];
  onSubmit: (body: Record<string, unknown>) => Promise<void>;
};

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export function PromotionForm({ area, products, onSubmit }: Props) {
  const { t } = useLingui();
  const [kind, setKind] = useState<'coupon' | 'deal'>('coupon');
  const [oneTime, setOneTime] = useState(false);
  const [valueKind, setValueKind] = useState<'percent' | 'amount'>('percent');
  const [funder, setFunder] = useState<'marketplace' | 'split'>('marketplace');
  const [chosen, setChosen] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const num = (k: string) => (String(f.get(k) ?? '').trim() === '' ? null : Number(f.get(k)));
    const value = String(f.get('value') ?? '');
    const body: Record<string, unknown> = {
      kind, name: f.get('name'), one_time: kind === 'coupon' && oneTime,
      ...(kind === 'coupon' && !oneTime ? { code: f.get('code') } : {}),
      ...(valueKind === 'percent' ? { percent_bps: Math.round(Number(value) * 100) } : { amount_cents: amountToCents(value) }),
      min_spend_cents: amountToCents(f.get('min_spend') || 0),
      per_shopper_limit: num('per_shopper_limit'), total_limit: num('total_limit'),
      starts_at: new Date(`${String(f.get('starts'))}T00:00:00`).toISOString(),
      ends_at: new Date(`${String(f.get('ends'))}T23:59:59`).toISOString(),
      product_ids: chosen,
      ...(area === 'admin' ? { funder, ...(funder === 'split' ? { seller_percent: num('seller_percent') } : {}) } : {}),
    };
    setBusy(true);
    try {
      await onSubmit(body);
      e.currentTarget?.reset();
      setChosen([]);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2">
      <Field label={t`Kind`}>
        <Select value={kind} onChange={(e) => setKind(e.target.value as 'coupon' | 'deal')}>
          <option value="coupon">{t`Coupon (a code)`}</option>
          <option value="deal">{t`Deal (automatic price drop)`}</option>
        </Select>
      </Field>
      <Field label={t`Name`} required><Input name="name" maxLength={120} /></Field>
      {kind === 'coupon' && (
        <>
          <label className="flex items-center gap-2 text-sm text-slate-700 sm:col-span-2">
            <input type="checkbox" checked={oneTime} onChange={(e) => setOneTime(e.target.checked)} />
            <Trans>One-time codes, issued one per shopper</Trans>
          </label>
          {!oneTime && <Field label={t`Code`} hint={t`3 to 32 letters, digits or dashes; shoppers may type it in any case`} required><Input name="code" dir="ltr" maxLength={32} /></Field>}
        </>
      )}
      <Field label={t`Takes off`}>
        <Select value={valueKind} onChange={(e) => setValueKind(e.target.value as 'percent' | 'amount')}>
          <option value="percent">{t`A percentage`}</option>
          <option value="amount">{kind === 'deal' ? t`A fixed amount off each unit (AED)` : t`A fixed amount (AED)`}</option>
        </Select>
      </Field>
      <Field label={valueKind === 'percent' ? t`Percent` : t`Amount (AED)`} required>
        <Input name="value" inputMode="decimal" dir="ltr" />
      </Field>
      {kind === 'coupon' && <Field label={t`Minimum spend (AED)`} hint={t`On the products the code covers`}><Input name="min_spend" inputMode="decimal" dir="ltr" /></Field>}
      {kind === 'coupon' && <Field label={t`Uses per shopper`}><Input name="per_shopper_limit" type="number" min={1} dir="ltr" /></Field>}
      <Field label={t`Uses in all`}><Input name="total_limit" type="number" min={1} dir="ltr" /></Field>
      <Field label={t`Starts`} required><Input name="starts" type="date" defaultValue={day(0)} dir="ltr" /></Field>
      <Field label={t`Ends`} required><Input name="ends" type="date" defaultValue={day(14)} dir="ltr" /></Field>
      {area === 'admin' && (
        <>
          <Field label={t`Who funds it`}>
            <Select value={funder} onChange={(e) => setFunder(e.target.value as 'marketplace' | 'split')}>
              <option value="marketplace">{t`The marketplace`}</option>
              <option value="split">{t`Split with the sellers who opt in`}</option>
            </Select>
          </Field>
          {funder === 'split' && <Field label={t`Sellers' share (%)`} required><Input name="seller_percent" type="number" min={1} max={99} defaultValue={50} dir="ltr" /></Field>}
        </>
      )}
      {(area === 'vendor' || funder === 'marketplace') && products.length > 0 && (
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-medium text-slate-700">
            {area === 'vendor' && kind === 'coupon' ? t`Products (none chosen: all your products)` : t`Products`}
          </legend>
          <div className="mt-1 flex max-h-48 flex-col gap-1 overflow-y-auto">
            {products.map((p) => (
              <label key={p.id} className="flex items-center gap-2 text-sm text-slate-700">
                <input type="checkbox" checked={chosen.includes(p.id)} onChange={(e) => setChosen(e.target.checked ? [...chosen, p.id] : chosen.filter((x) => x !== p.id))} />
                <bdi className="truncate">{p.name}</bdi>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <div className="sm:col-span-2">
        <Button type="submit" loading={busy}>{area === 'admin' ? <Trans>Create campaign</Trans> : <Trans>Create promotion</Trans>}</Button>
      </div>
    </form>
  );
}
