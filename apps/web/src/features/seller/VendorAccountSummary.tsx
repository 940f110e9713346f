import { Link } from 'react-router';
import type { Vendor } from '@souq/shared/api/auth';
import type { VendorStatus } from '@souq/shared/rules/vendor-status';
import { paths } from '@/lib/paths';
import { buttonClass } from '@/components/ui/Button';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { cx } from '@/components/ui/cx';
import { formatDate } from '@souq/shared/rules/locale';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

const STATUS_HINT: Record<VendorStatus, MessageDescriptor> = {
  verified: msg`Your business is verified.`,
  pending: msg`All documents are in. An administrator will review them.`,
  incomplete: msg`Upload your trade license and both sides of your Emirates ID to be reviewed.`,
  rejected: msg`Verification was declined. Check the notes and upload your documents again.`,
};

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid grid-cols-3 gap-3 py-2.5 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="col-span-2 break-words text-slate-900" dir="auto">{value || <span className="text-slate-400"><Trans>Not provided</Trans></span>}</dd>
    </div>
  );
}

/** The signed-in vendor at a glance: company and contact, derived verification status, which documents are in. */
export function VendorAccountSummary({ vendor }: { vendor: Vendor }) {
  const { t, i18n } = useLingui();
  const docs = [
    { label: t`Trade license`, present: !!vendor.license_file },
    { label: t`Emirates ID (front)`, present: !!vendor.emirates_id_front },
    { label: t`Emirates ID (back)`, present: !!vendor.emirates_id_back },
  ];
  const complete = docs.every((d) => d.present);
  const status = vendor.verification_status;
  const place = [vendor.address.street, vendor.address.city, vendor.address.state, vendor.address.country].filter(Boolean).join(', ');

  return (
    <div className="grid gap-6 lg:grid-cols-5">
      <section aria-labelledby="account-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm lg:col-span-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id="account-heading" className="text-lg font-semibold text-slate-900" dir="auto">{vendor.company_name}</h2>
            <p className="text-sm text-slate-500"><Trans>Vendor #{vendor.id} · since {formatDate(vendor.created_at)}</Trans></p>
          </div>
          <StatusBadge kind="vendor" status={status} />
        </div>
        <dl className="mt-4 divide-y divide-slate-100 border-t border-slate-100">
          <Row label={t`Contact`} value={vendor.contact_name} />
          <Row label={t`Email`} value={vendor.email} />
          <Row label={t`Phone`} value={vendor.phone} />
          <Row label={t`Address`} value={place} />
        </dl>
        <div className="mt-5">
          <Link to={paths.vendorProfile} className={buttonClass('secondary', 'sm')}>
            <Trans>View profile</Trans>
          </Link>
        </div>
      </section>

      <section aria-labelledby="verification-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm lg:col-span-2">
        <h2 id="verification-heading" className="text-lg font-semibold text-slate-900"><Trans>Verification</Trans></h2>
        <p className="mt-1 text-sm text-slate-600">{i18n._(STATUS_HINT[status])}</p>
        {vendor.verification_notes && <p className="mt-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-700" dir="auto">{vendor.verification_notes}</p>}
        <ul className="mt-4 space-y-2" aria-label={t`Documents`}>
          {docs.map((d) => (
            <li key={d.label} className="flex items-center justify-between gap-3 rounded-lg border border-slate-100 px-3 py-2 text-sm">
              <span className="text-slate-800">{d.label}</span>
              <span className={cx('inline-flex items-center gap-1.5 text-xs font-medium', d.present ? 'text-emerald-700' : 'text-slate-500')}>
                <span aria-hidden="true" className={cx('h-2 w-2 rounded-full', d.present ? 'bg-emerald-500' : 'bg-slate-300')} />
                {d.present ? <Trans>Uploaded</Trans> : <Trans>Missing</Trans>}
              </span>
            </li>
          ))}
        </ul>
        <Link to={paths.vendorOnboarding} className={buttonClass(complete ? 'secondary' : 'primary', 'md', 'mt-5 w-full')}>
          {complete ? <Trans>Review onboarding</Trans> : <Trans>Complete onboarding</Trans>}
        </Link>
      </section>
    </div>
  );
}
