import { useState, type ReactNode } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { paths } from '@/lib/paths';
import { logout, useToken } from '@/lib/session';
import { Button } from '@/components/ui/Button';
import { Logo } from '@/components/ui/Logo';
import { AreaToaster } from '@/components/ui/toast';
import { cx } from '@/components/ui/cx';
import { useVendorMe } from './api';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { LanguageSwitch } from '@/components/LanguageSwitch';

const NAV = [
  { to: paths.vendor, label: msg`Dashboard`, end: true },
  { to: paths.vendorOnboarding, label: msg`Onboarding`, end: false },
  { to: paths.vendorProfile, label: msg`Profile`, end: false },
] as const;

/** The vendor area's frame: header with the vendor's pages, the company signed in and Logout. */
export function VendorFrame({ title, description, actions, children }: { title: string; description?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  const { t, i18n } = useLingui();
  const token = useToken('vendor');
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const me = useVendorMe();
  const company = token ? me.data?.vendor?.company_name : null;

  async function onLogout() {
    setLeaving(true);
    await logout('vendor');
    navigate(paths.vendor, { replace: true });
  }

  return (
    <div className="min-h-full bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
          <Logo to={paths.vendor} label={t`Vendor`} />
          <nav aria-label={t`Vendor area`} className="order-last -mx-1 flex w-full gap-1 overflow-x-auto sm:order-none sm:w-auto">
            {NAV.map((n) => (
              <NavLink
                key={n.to}
                to={n.to}
                end={n.end}
                className={({ isActive }) =>
                  cx('rounded-lg px-3 py-1.5 text-sm font-medium whitespace-nowrap', isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900')
                }
              >
                {i18n._(n.label)}
              </NavLink>
            ))}
          </nav>
          <div className="ms-auto flex items-center gap-3">
            {/* the language switch on every vendor page, phones too (issue 26 item 2) */}
            <LanguageSwitch />
            {token ? (
              <>
                {company && <span className="hidden max-w-48 truncate text-sm text-slate-600 md:inline" title={company} dir="auto">{company}</span>}
                <Button variant="secondary" size="sm" onClick={onLogout} loading={leaving}>
                  <Trans>Logout</Trans>
                </Button>
              </>
            ) : (
              <NavLink to={paths.vendorLogin} className="text-sm font-medium text-brand-700 hover:underline">
                <Trans>Vendor Login</Trans>
              </NavLink>
            )}
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
            {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
          </div>
          {actions}
        </div>
        {children}
      </main>
      <AreaToaster />
    </div>
  );
}
