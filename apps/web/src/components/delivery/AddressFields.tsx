import { useLingui } from '@lingui/react/macro';
import type { UaeAddressFieldsInput } from '@souq/shared/api/addresses';
import { EMIRATE_NAMES, normaliseMakani, normaliseUaePhone, UAE_EMIRATES, withinUae, type Emirate, type UaeAddress } from '@souq/shared/rules/uae-address';
import { Field, Input, Select } from '@/components/ui/Field';
import { useLocale } from '@/lib/use-locale';

/** A UAE address as typed (every field a string until it is sent). */
export type AddressDraft = {
  name: string; phone: string; emirate: Emirate | ''; area: string; street: string; flat: string; landmark: string; makani: string; latitude: string; longitude: string;
};
export type DraftErrors = Partial<Record<keyof AddressDraft, string>>;

export const emptyDraft = (name = ''): AddressDraft => ({ name, phone: '', emirate: '', area: '', street: '', flat: '', landmark: '', makani: '', latitude: '', longitude: '' });

export const draftOf = (a: UaeAddress): AddressDraft => ({
  name: a.name, phone: a.phone, emirate: a.emirate, area: a.area, street: a.street, flat: a.flat, landmark: a.landmark,
  makani: a.makani ?? '', latitude: a.latitude === null ? '' : String(a.latitude), longitude: a.longitude === null ? '' : String(a.longitude),
});

const num = (v: string) => (v.trim() === '' ? null : Number(v));

/** The draft as the API takes it (the server checks it again and normalises the phone and the Makani number). */
export const inputOf = (d: AddressDraft): UaeAddressFieldsInput => ({
  name: d.name.trim(), phone: d.phone.trim(), emirate: d.emirate as Emirate, area: d.area.trim(), street: d.street.trim(),
  flat: d.flat.trim(), landmark: d.landmark.trim(), makani: d.makani.trim() || null, latitude: num(d.latitude), longitude: num(d.longitude),
});

/** The same rules as the server's, for a message under the field before sending. */
/** What a UAE phone number looks like, under every field that asks for one. */
export function usePhoneHint(): string {
  const { t } = useLingui();
  return t`A UAE number: 05x… or +971…`;
}

export function useDraftCheck() {
  const { t } = useLingui();
  return (d: AddressDraft): DraftErrors => {
    const e: DraftErrors = {};
    if (!d.name.trim()) e.name = t`Name is required`;
    if (!normaliseUaePhone(d.phone)) e.phone = t`Enter a UAE phone number, such as 050 123 4567 or +971 4 123 4567`;
    if (!d.emirate) e.emirate = t`Choose one of the seven emirates`;
    if (!d.area.trim()) e.area = t`Area is required`;
    if (!d.street.trim()) e.street = t`Street or building is required`;
    if (d.makani.trim() && !normaliseMakani(d.makani)) e.makani = t`A Makani number is 10 digits, as on the building plate (12345 67890)`;
    const lat = num(d.latitude);
    const lng = num(d.longitude);
    if ((lat === null) !== (lng === null)) e.longitude = t`Give both the latitude and the longitude, or neither`;
    else if (lat !== null && lng !== null && (!Number.isFinite(lat) || !Number.isFinite(lng) || !withinUae(lat, lng))) {
      e.latitude = t`The map pin must be inside the UAE (latitude 22.5–26.5, longitude 51–56.5)`;
    }
    return e;
  };
}

/** The server's field errors ('address.makani', 'delivery_address.phone') on the draft's fields. */
export function errorsFromServer(fields: Record<string, string> | undefined): DraftErrors {
  const out: DraftErrors = {};
  for (const [path, message] of Object.entries(fields ?? {})) {
    const key = path.split('.').at(-1) as keyof AddressDraft;
    if (key in emptyDraft()) out[key] = message;
  }
  return out;
}

/** The fields of a UAE address: emirate, area, street or building, flat, landmark, Makani number, map pin, phone. */
export function AddressFields({ draft, onChange, errors, withContact = true }: {
  /** false at checkout: its own Name and Phone are the recipient's, asked once */
  draft: AddressDraft; onChange: (d: AddressDraft) => void; errors: DraftErrors; withContact?: boolean;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const hint = usePhoneHint();
  const set = (k: keyof AddressDraft) => (e: { target: { value: string } }) => onChange({ ...draft, [k]: e.target.value });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {withContact && (
        <>
          <Field label={t`Recipient`} required error={errors.name}>
            <Input value={draft.name} onChange={set('name')} autoComplete="name" />
          </Field>
          <Field label={t`Mobile or phone`} required error={errors.phone} hint={hint}>
            <Input type="tel" dir="ltr" value={draft.phone} onChange={set('phone')} autoComplete="tel" />
          </Field>
        </>
      )}
      <Field label={t`Emirate`} required error={errors.emirate}>
        <Select value={draft.emirate} onChange={set('emirate')}>
          <option value="">{t`Choose…`}</option>
          {UAE_EMIRATES.map((e) => <option key={e} value={e}>{EMIRATE_NAMES[e][locale]}</option>)}
        </Select>
      </Field>
      <Field label={t`Area`} required error={errors.area}>
        <Input value={draft.area} onChange={set('area')} autoComplete="address-level2" />
      </Field>
      <Field label={t`Street or building`} required error={errors.street} className="sm:col-span-2">
        <Input value={draft.street} onChange={set('street')} autoComplete="address-line1" />
      </Field>
      <Field label={t`Flat or villa`} error={errors.flat}>
        <Input value={draft.flat} onChange={set('flat')} autoComplete="address-line2" />
      </Field>
      <Field label={t`Landmark`} error={errors.landmark}>
        <Input value={draft.landmark} onChange={set('landmark')} />
      </Field>
      <Field label={t`Makani number (optional)`} error={errors.makani} hint={t`10 digits from the building's plate`}>
        <Input inputMode="numeric" dir="ltr" value={draft.makani} onChange={set('makani')} />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field label={t`Latitude (optional)`} error={errors.latitude}>
          <Input type="number" step="any" dir="ltr" value={draft.latitude} onChange={set('latitude')} />
        </Field>
        <Field label={t`Longitude (optional)`} error={errors.longitude}>
          <Input type="number" step="any" dir="ltr" value={draft.longitude} onChange={set('longitude')} />
        </Field>
      </div>
    </div>
  );
}
