import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Vendor } from '@souq/shared/api/auth';
import { useMsg } from '@/lib/use-msg';
import { apiList } from '@/lib/api-client';
import { useDebounced } from '@/lib/use-debounced';
import { Field, Input, Select } from '@/components/ui/Field';
import { useLingui } from '@lingui/react/macro';

/** The vendor a new product is made for: searched on the server (admin vendor list), picked from the matches. */
export function VendorPicker({ value, onChange, error }: { value: string; onChange: (vendorId: string) => void; error?: string | null }) {
  const MSG = useMsg();
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), 250);
  const vendors = useQuery({
    queryKey: ['admin-vendor-options', term],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => apiList<Vendor>(`/api/admin/vendors?limit=50${term ? `&search=${encodeURIComponent(term)}` : ''}`, { auth: 'admin', signal }),
  });
  // the chosen vendor stays selectable when a later search no longer lists it
  const [chosen, setChosen] = useState<Vendor | null>(null);
  const listed = vendors.data?.items ?? [];
  const items = chosen && String(chosen.id) === value && !listed.some((v) => v.id === chosen.id) ? [chosen, ...listed] : listed;
  return (
    <div className="grid gap-2 sm:col-span-2 sm:grid-cols-2">
      <Field label={t`Find vendor`} hint={t`Company, contact or e-mail.`}>
        <Input dir="auto" type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t`Search vendors...`} />
      </Field>
      <Field label={t`Vendor`} required error={error ?? (vendors.isError ? `${MSG.loadVendorsFailed}: ${vendors.error.message}` : null)}>
        <Select
          value={value}
          onChange={(e) => {
            setChosen(items.find((v) => String(v.id) === e.target.value) ?? null);
            onChange(e.target.value);
          }}
          disabled={vendors.isPending}
        >
          <option value="">{vendors.isPending ? t`Loading vendors...` : items.length ? t`Choose a vendor` : MSG.noVendorsFound}</option>
          {items.map((v) => (
            <option key={v.id} value={v.id}>
              {v.company_name} — {v.contact_name}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
}
