import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { OrderRequest } from '@souq/shared/api/orders';
import { addressLine, formatUaePhone, type Emirate } from '@souq/shared/rules/uae-address';
import { useLocale } from '@/lib/use-locale';
import { AddressFields, emptyDraft, errorsFromServer, inputOf, useDraftCheck, usePhoneHint, type AddressDraft, type DraftErrors } from './AddressFields';
import { ADDRESSES_KEY, listAddresses } from './api';

type AddressPart = Pick<OrderRequest, 'shipping_address' | 'delivery_address' | 'address_id' | 'save_address'>;

/**
 * Checkout's delivery address (decision 0151): a signed-in shopper picks one of their saved addresses (the default
 * first) or types a new one they may keep; a guest types one. Gives the emirate (for the quote's promises) and the
 * request's address part, or null after showing what is missing.
 */
export function useCheckoutAddress({ signedIn, name, phone }: { signedIn: boolean; name: string; phone: string }): {
  element: ReactNode; emirate: Emirate | undefined; request: () => AddressPart | null; showServerErrors: (fields: Record<string, string> | undefined) => void;
  /** While a new address is typed, the checkout's Phone is the courier's number: required, checked, explained. */
  phone: { required: boolean; error: string | undefined; hint: string | undefined };
} {
  const { t } = useLingui();
  const locale = useLocale();
  const check = useDraftCheck();
  const phoneHint = usePhoneHint();
  const saved = useQuery({ queryKey: ADDRESSES_KEY, queryFn: ({ signal }) => listAddresses(signal), enabled: signedIn });
  const [choice, setChoice] = useState<number | 'new' | null>(null);
  const [draft, setDraft] = useState<AddressDraft>(() => emptyDraft(name));
  const [keep, setKeep] = useState(true);
  const [errors, setErrors] = useState<DraftErrors>({});
  const list = (signedIn ? saved.data : undefined) ?? [];
  // the default address is chosen until the shopper picks another
  const current = choice ?? list.find((a) => a.is_default)?.id ?? list[0]?.id ?? null;
  const picked = typeof current === 'number' ? list.find((a) => a.id === current) : undefined;
  const typing = !picked;
  const emirate = picked ? picked.address.emirate : draft.emirate || undefined;

  function request(): AddressPart | null {
    if (picked) return { shipping_address: { address: addressLine(picked.address), city: '', country: 'United Arab Emirates', zip: '' }, address_id: picked.id };
    // the recipient and their number are the checkout's own Name and Phone (asked once, above): the address carries them
    const filled = { ...draft, name: name.trim(), phone };
    const found = check(filled);
    setErrors(found);
    if (Object.keys(found).length) return null;
    const input = inputOf(filled);
    return {
      shipping_address: { address: addressLine({ ...input, makani: null, flat: input.flat ?? '', landmark: input.landmark ?? '' }), city: '', country: 'United Arab Emirates', zip: '' },
      delivery_address: input,
      ...(signedIn ? { save_address: keep } : {}),
    };
  }

  const element = (
    <div className="flex flex-col gap-4">
      {list.length > 0 && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-700"><Trans>Deliver to</Trans></legend>
          {list.map((a) => (
            <label key={a.id} className="flex items-start gap-3 rounded-xl border border-slate-200 p-3 text-sm has-[:checked]:border-brand-600">
              <input type="radio" name="delivery-address" className="mt-1" checked={current === a.id} onChange={() => setChoice(a.id)} />
              <span className="min-w-0">
                <span className="block font-medium break-words text-slate-900"><bdi>{a.label || a.address.name}</bdi></span>
                <span className="block break-words text-slate-700"><bdi>{addressLine(a.address, locale)}</bdi></span>
                <span className="block text-slate-500" dir="ltr">{formatUaePhone(a.address.phone)}</span>
              </span>
            </label>
          ))}
          <label className="flex items-center gap-3 rounded-xl border border-slate-200 p-3 text-sm has-[:checked]:border-brand-600">
            <input type="radio" name="delivery-address" checked={current === 'new'} onChange={() => setChoice('new')} />
            <Trans>A new address</Trans>
          </label>
        </fieldset>
      )}
      {typing && (
        <>
          <AddressFields draft={draft} onChange={setDraft} errors={errors} withContact={false} />
          {signedIn && (
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" checked={keep} onChange={(e) => setKeep(e.target.checked)} />
              <Trans>Save this address to my address book</Trans>
            </label>
          )}
        </>
      )}
      {!emirate && <p className="text-xs text-slate-500">{t`Choose the emirate to see when each seller's part arrives.`}</p>}
    </div>
  );
  return {
    element, emirate, request, showServerErrors: (fields) => setErrors(errorsFromServer(fields)),
    phone: { required: typing, error: typing ? errors.phone : undefined, hint: typing ? phoneHint : undefined },
  };
}
