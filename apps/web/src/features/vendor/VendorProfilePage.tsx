import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Vendor } from '@souq/shared/api/auth';
import { MSG } from '@souq/shared/messages';
import { api } from '@/lib/api-client';
import { tokens } from '@/lib/storage';
import { Alert } from '@/components/ui/Alert';
import { PageSpinner } from '@/components/ui/PageSpinner';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { VendorFrame } from './VendorFrame';
import { VendorSignedIn } from './VendorSignedIn';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      <dl className="mt-3 grid gap-x-6 gap-y-3 sm:grid-cols-2">{children}</dl>
    </section>
  );
}

function Item({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{value || <span className="text-slate-400">Not provided</span>}</dd>
    </div>
  );
}

/** Documents are private: fetched with the vendor's bearer token, then shown from a local blob URL. */
async function openPrivateFile(url: string) {
  const tab = window.open('', '_blank');
  try {
    const token = tokens.vendor();
    const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    if (!res.ok) throw new Error(res.statusText);
    const blobUrl = URL.createObjectURL(await res.blob());
    if (tab) tab.location.href = blobUrl;
    else window.location.href = blobUrl;
  } catch {
    tab?.close();
    window.alert(MSG.vendorDataLoadFailed);
  }
}

function Doc({ label, file }: { label: string; file: Vendor['license_file'] }) {
  return (
    <Item
      label={label}
      value={
        file ? (
          <button type="button" onClick={() => void openPrivateFile(file.url)} className="font-medium text-brand-700 hover:underline">
            View <span className="sr-only">{label}</span>
          </button>
        ) : null
      }
    />
  );
}

function Profile({ id }: { id: number }) {
  const q = useQuery({
    queryKey: ['vendor-profile', id],
    queryFn: ({ signal }) => api<Vendor>(`/api/vendors/${id}/profile`, { auth: 'vendor', signal }),
  });
  if (q.isPending) return <PageSpinner label="Loading profile..." />;
  if (q.isError) return <Alert tone="error" title={MSG.vendorDataLoadFailed}>{q.error.message}</Alert>;
  const v = q.data;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Section title="Company">
        <Item label="Company name" value={v.company_name} />
        <Item label="Contact name" value={v.contact_name} />
        <Item label="Email" value={v.email} />
        <Item label="Phone" value={v.phone} />
        <Item label="Website" value={v.website} />
      </Section>
      <Section title="Address">
        <Item label="Street" value={v.address.street} />
        <Item label="City" value={v.address.city} />
        <Item label="State / Emirate" value={v.address.state} />
        <Item label="Postal code" value={v.address.postal_code} />
        <Item label="Country" value={v.address.country} />
        <Item label="Map point" value={`${v.address.coordinates.latitude}, ${v.address.coordinates.longitude}`} />
      </Section>
      <Section title="Business">
        <Item label="Business type" value={v.business_type} />
        <Item label="Industry" value={v.industry} />
        <Item label="Tax ID" value={v.tax_id} />
        <Item label="VAT number" value={v.vat_number} />
        <Item label="Establishment date" value={v.establishment_date} />
      </Section>
      <Section title="Documents and verification">
        <Doc label="Trade license" file={v.license_file} />
        <Doc label="Emirates ID (front)" file={v.emirates_id_front} />
        <Doc label="Emirates ID (back)" file={v.emirates_id_back} />
        <Item label="Status" value={<StatusBadge kind="vendor" status={v.verification_status} />} />
        {v.verification_notes && <Item label="Verification notes" value={v.verification_notes} />}
      </Section>
    </div>
  );
}

/** /vendor/profile: the signed-in vendor's profile as the server holds it (vendor §2). */
export default function VendorProfilePage() {
  return (
    <VendorFrame title="Vendor Profile" description="Company, address, business data and documents.">
      <VendorSignedIn>{(vendor) => <Profile id={vendor.id} />}</VendorSignedIn>
    </VendorFrame>
  );
}
