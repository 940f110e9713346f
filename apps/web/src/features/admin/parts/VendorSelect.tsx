import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Select } from '@/components/ui/Field';
import { FilterSelect } from '@/components/ui/FilterBar';
import { useVendorOptions, type VendorOption } from '../api';

const optionsOf = (vendors: VendorOption[] | undefined, current: number | null) => {
  const list = (vendors ?? []).map((v) => ({ value: String(v.id), label: v.company_name }));
  // the chosen vendor stays selectable even when it is not among the first vendors listed
  if (current !== null && !list.some((o) => o.value === String(current))) list.unshift({ value: String(current), label: t`Vendor #${current}` });
  return list;
};

/** The vendor filter of a list ('All vendors' or one vendor, by id). */
export function VendorFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const vendors = useVendorOptions('');
  return (
    <FilterSelect
      label={t`Vendor`}
      value={value}
      onChange={onChange}
      allLabel={vendors.isError ? t`All vendors (list unavailable)` : t`All vendors`}
      options={optionsOf(vendors.data, value ? Number(value) : null)}
    />
  );
}

/** A form field's vendor: one vendor, or 'No Vendor' (admin §2 edit product). */
export function VendorField({ value, onChange, id, ...aria }: { value: number | null; onChange: (id: number | null) => void; id?: string; 'aria-describedby'?: string }) {
  const vendors = useVendorOptions('');
  return (
    <Select id={id} aria-describedby={aria['aria-describedby']} value={value === null ? '' : String(value)} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}>
      <option value=""><Trans>No Vendor</Trans></option>
      {optionsOf(vendors.data, value).map((o) => (
        <option key={o.value} value={o.value}>{o.label}</option>
      ))}
    </Select>
  );
}
