import { Trans, useLingui } from '@lingui/react/macro';
import type { VendorTaxProfile } from '@souq/shared/api/tax';
import { useAdminQuery } from '../api';

/** 100123456700003 → 100 1234 5670 0003, easier to compare with the certificate. */
const groupTrn = (trn: string) => (trn.length === 15 ? `${trn.slice(0, 3)} ${trn.slice(3, 7)} ${trn.slice(7, 11)} ${trn.slice(11)}` : trn);

/**
 * The vendor's declared VAT registration in the KYC review (issue 25 item 2, decision 0098): the admin compares the
 * TRN with the trade licence and VAT certificate; verifying the vendor verifies the TRN (the audit entry names it),
 * and only then do its standard-rated sales carry VAT. A new TRN withdraws the verification.
 */
export function VendorTaxReview({ vendorId }: { vendorId: number }) {
  const { t } = useLingui();
  const profile = useAdminQuery<VendorTaxProfile>(['admin-vendor-tax-profile', vendorId], `/api/admin/vendors/${vendorId}/tax-profile`);
  const p = profile.data;
  return (
    <section aria-label={t`VAT registration`} className="rounded-xl border border-slate-200 px-3 py-3 text-sm">
      <p className="text-xs font-semibold uppercase tracking-wide text-slate-500"><Trans>VAT registration</Trans></p>
      {profile.isError && !p ? (
        <p role="alert" className="mt-1 text-red-700"><Trans>Could not load the VAT registration: {profile.error.message}</Trans></p>
      ) : !p ? (
        <p className="mt-1 text-slate-400"><Trans>Loading…</Trans></p>
      ) : p.vat_registered ? (
        <div className="mt-1 space-y-1">
          <p className="text-slate-900">
            <Trans>Registered, TRN</Trans> <span dir="ltr" data-testid="kyc-trn" className="inline-block font-mono font-semibold whitespace-nowrap">{groupTrn(p.trn)}</span>
          </p>
          <p className={p.charges_vat ? 'text-emerald-700' : 'text-amber-800'}>
            {p.charges_vat
              ? <Trans>Verified: VAT is charged on its standard-rated sales.</Trans>
              : <Trans>Check this TRN against the trade licence and the VAT registration certificate. Verifying the vendor verifies the TRN (recorded in the audit trail); until then its sales carry no VAT.</Trans>}
          </p>
        </div>
      ) : (
        <p className="mt-1 text-slate-700"><Trans>Not registered: it sells without VAT and its documents say so.</Trans></p>
      )}
    </section>
  );
}
