import type { Vendor } from '@souq/shared/api/auth';
import { ONBOARDING_STEPS } from '@souq/shared/constants';
import { cx } from '@/components/ui/cx';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { VendorFrame } from './VendorFrame';
import { VendorSignedIn } from './VendorSignedIn';

/** Which of the wizard's data steps (vendor §5 step gating) the stored record already satisfies. */
function stepsDone(v: Vendor): boolean[] {
  const filled = (...xs: (string | null | undefined)[]) => xs.every((x) => !!x && x.trim() !== '');
  const docs = !!v.license_file && !!v.emirates_id_front && !!v.emirates_id_back;
  return [
    filled(v.company_name, v.contact_name, v.email, v.phone),
    filled(v.address.street, v.address.city, v.address.state),
    filled(v.business_type, v.industry, v.establishment_date),
    docs,
    docs && v.verification_status !== 'incomplete',
    v.is_verified,
  ];
}

/** /vendor/onboarding: where the signed-in vendor stands in the six onboarding steps (vendor §2). */
export default function VendorOnboardingPage() {
  return (
    <VendorFrame title="Vendor Onboarding" description="Company details, location, business details and documents for verification.">
      <VendorSignedIn>
        {(vendor) => {
          const done = stepsDone(vendor);
          return (
            <section aria-labelledby="progress-heading" className="max-w-2xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <div>
                  <h2 id="progress-heading" className="text-lg font-semibold text-slate-900">{vendor.company_name}</h2>
                  <p className="text-sm text-slate-500">Signed in as {vendor.email}</p>
                </div>
                <StatusBadge kind="vendor" status={vendor.verification_status} />
              </div>
              <ol className="mt-6 space-y-2">
                {ONBOARDING_STEPS.map((step, i) => (
                  <li key={step} className="flex items-center gap-3 rounded-lg border border-slate-100 px-3 py-2.5 text-sm">
                    <span
                      aria-hidden="true"
                      className={cx('flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold', done[i] ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-600')}
                    >
                      {done[i] ? '✓' : i + 1}
                    </span>
                    <span className="flex-1 text-slate-800">{step}</span>
                    <span className={cx('text-xs font-medium', done[i] ? 'text-emerald-700' : 'text-slate-500')}>{done[i] ? 'Done' : 'To do'}</span>
                  </li>
                ))}
              </ol>
            </section>
          );
        }}
      </VendorSignedIn>
    </VendorFrame>
  );
}
