import { useState, type ReactNode } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { logout, useToken } from '@/lib/session';
import { Button } from '@/components/ui/Button';
import { Logo } from '@/components/ui/Logo';
import { AreaToaster } from '@/components/ui/toast';
import { cx } from '@/components/ui/cx';
import { useVendorMe } from './api';

const NAV = [
  { to: paths.vendor, label: 'Dashboard', end: true },
  { to: paths.vendorOnboarding, label: 'Onboarding', end: false },
  { to: paths.vendorProfile, label: 'Profile', end: false },
] as const;

/** The vendor area's frame: header with the vendor's pages, the company signed in and Logout. */
export function VendorFrame({ title, description, actions, children }: { title: string; description?: ReactNode; actions?: ReactNode; children: ReactNode }) {
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
          <Logo to={paths.vendor} label="Vendor" />
          <nav aria-label="Vendor area" className="order-last -mx-1 flex w-full gap-1 overflow-x-auto sm:order-none sm:w-auto">
            {NAV.map((n) => (
              <NavLink
                key={n.to}
                to={n.to}
                end={n.end}
                className={({ isActive }) =>
                  cx('rounded-lg px-3 py-1.5 text-sm font-medium whitespace-nowrap', isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900')
                }
              >
                {n.label}
              </NavLink>
            ))}
          </nav>
          <div className="ms-auto flex items-center gap-3">
            {token ? (
              <>
                {company && <span className="hidden max-w-48 truncate text-sm text-slate-600 md:inline" title={company}>{company}</span>}
                <Button variant="secondary" size="sm" onClick={onLogout} loading={leaving}>
                  Logout
                </Button>
              </>
            ) : (
              <NavLink to={paths.vendorLogin} className="text-sm font-medium text-brand-700 hover:underline">
                Vendor Login
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
