import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { SIDEBAR_COLLAPSED_PX, SIDEBAR_WIDTH_PX } from '@souq/shared/constants';
import { paths } from '@/lib/paths';
import { logout } from '@/lib/session';
import { Button, buttonClass } from '@/components/ui/Button';
import { Drawer } from '@/components/ui/Drawer';
import { Logo } from '@/components/ui/Logo';
import { AreaToaster } from '@/components/ui/toast';
import { cx } from '@/components/ui/cx';
import { LanguageSwitch } from '@/components/LanguageSwitch';
import { ADMIN_SECTIONS, sectionTitle, type AdminSectionId } from './sections';
import { NotificationBell } from './NotificationBell';
import { useAdminQuery } from './api';
import { initials } from './initials';

function Icon({ d, className = 'h-5 w-5' }: { d: string; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={cx('shrink-0', className)} aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round">
      <path d={d} />
    </svg>
  );
}

function SectionNav({ active, collapsed, onSelect, tone }: { active: AdminSectionId | null; collapsed: boolean; onSelect: (id: AdminSectionId) => void; tone: 'dark' | 'light' }) {
  return (
    <ul className="space-y-0.5">
      {ADMIN_SECTIONS.map((s) => (
        <li key={s.id}>
          <button
            type="button"
            onClick={() => onSelect(s.id)}
            aria-current={active === s.id ? 'page' : undefined}
            title={sectionTitle(s.id)}
            className={cx(
              'flex w-full items-center gap-3 rounded-lg py-2 text-start text-sm font-medium transition-colors',
              collapsed ? 'justify-center px-0' : 'px-3',
              active === s.id
                ? 'bg-brand-700 text-white shadow-sm'
                : tone === 'dark'
                  ? 'text-slate-300 hover:bg-white/10 hover:text-white'
                  : 'text-slate-700 hover:bg-slate-100',
            )}
          >
            <Icon d={s.icon} />
            <span className={collapsed ? 'sr-only' : 'truncate'}>{sectionTitle(s.id)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The admin dashboard frame (admin §2): a collapsible sidebar (280 px, 70 px collapsed; a drawer on phones),
 * a top bar with breadcrumb, 'Manage Products', the notification bell and the admin avatar, and Logout.
 */
export function AdminFrame({ active, crumb, onSelect, children }: {
  active: AdminSectionId | null;
  crumb: string;
  onSelect: (id: AdminSectionId) => void;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const { t } = useLingui();
  const [collapsed, setCollapsed] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  // the signed-in admin (issue 13: named admins); the spec's 'Admin User' until the answer comes, and for the owner
  const me = useAdminQuery<{ user: { name: string } }>(['admin-me'], '/api/auth/me');
  const adminName = me.data?.user.name ?? t`Admin User`;

  async function onLogout() {
    setLeaving(true);
    await logout('admin');
    navigate(paths.adminAccess, { replace: true });
  }

  const select = (id: AdminSectionId) => {
    setMenuOpen(false);
    onSelect(id);
  };

  return (
    <div className="flex min-h-full bg-slate-100">
      {/* the dark column runs the page's whole length (a long section never ends it halfway down); its content
          stays in view while the page scrolls */}
      <aside
        aria-label={t`Admin sections`}
        style={{ width: collapsed ? SIDEBAR_COLLAPSED_PX : SIDEBAR_WIDTH_PX }}
        className="hidden shrink-0 bg-slate-900 transition-[width] duration-200 lg:block"
      >
        <div className="sticky top-0 flex h-screen flex-col">
          <div className={cx('flex h-16 items-center border-b border-white/10', collapsed ? 'justify-center' : 'justify-between px-4')}>
            {!collapsed && <Logo tone="light" label={t`Admin`} to={paths.admin} />}
            <button
              type="button"
              onClick={() => setCollapsed((c) => !c)}
              aria-label={collapsed ? t`Expand sidebar` : t`Collapse sidebar`}
              aria-expanded={!collapsed}
              className="rounded-lg p-2 text-slate-400 hover:bg-white/10 hover:text-white"
            >
              <Icon d={collapsed ? 'M9 6l6 6-6 6' : 'M15 6l-6 6 6 6'} className="h-5 w-5 rtl:-scale-x-100" />
            </button>
          </div>
          <nav className="flex-1 overflow-y-auto px-2 py-4">
            <SectionNav active={active} collapsed={collapsed} onSelect={select} tone="dark" />
          </nav>
        </div>
      </aside>

      <Drawer open={menuOpen} onClose={() => setMenuOpen(false)} title={t`Admin sections`} side="left" widthClass="max-w-xs">
        <SectionNav active={active} collapsed={false} onSelect={select} tone="light" />
      </Drawer>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-20 flex h-16 items-center gap-2 border-b border-slate-200 bg-white px-4 sm:gap-3 sm:px-6">
          <button type="button" className="-ms-1 rounded-lg p-2 text-slate-600 hover:bg-slate-100 lg:hidden" aria-label={t`Open admin sections`} onClick={() => setMenuOpen(true)}>
            <Icon d="M4 6h16M4 12h16M4 18h16" />
          </button>
          <nav aria-label={t`Breadcrumb`} className="min-w-0 flex-1">
            <ol className="flex items-center gap-2 text-sm">
              <li className="hidden text-slate-500 sm:block">
                <button type="button" className="hover:text-slate-800" onClick={() => onSelect('overview')}><Trans>Admin</Trans></button>
              </li>
              <li aria-hidden="true" className="hidden text-slate-300 sm:block">/</li>
              <li aria-current="page" className="truncate font-semibold text-slate-900">{crumb}</li>
            </ol>
          </nav>
          <div className="hidden md:block">
            <Link to={paths.productManager} className={buttonClass('primary', 'sm')}>
              <Trans>Manage Products</Trans>
            </Link>
          </div>
          {/* the language switch on every width: the admin area is read in Arabic on phones too */}
          <LanguageSwitch className="shrink-0 px-2" />
          <NotificationBell onSelect={onSelect} />
          {/* the initials are decoration: on a phone the header keeps its room for the switches, the bell and Logout */}
          <div className="hidden items-center gap-2.5 border-s border-slate-200 ps-3 sm:flex">
            <span aria-hidden="true" className="flex h-9 w-9 items-center justify-center rounded-full bg-gradient-to-br from-brand-600 to-teal-400 text-xs font-bold text-white">{initials({ name: adminName, email: '' })}</span>
            <div className="hidden leading-tight sm:block">
              <p className="max-w-[10rem] truncate text-sm font-semibold text-slate-900" title={adminName}><bdi>{adminName}</bdi></p>
              <p className="text-xs text-slate-500"><Trans>Super Admin</Trans></p>
            </div>
          </div>
          <Button variant="ghost" size="sm" onClick={onLogout} loading={leaving}>
            <Trans>Logout</Trans>
          </Button>
        </header>
        <main className="min-w-0 flex-1 p-4 sm:p-6">
          <h1 className="sr-only"><Trans>Admin Dashboard: {crumb}</Trans></h1>
          <div className="mb-4 md:hidden">
            <Link to={paths.productManager} className={buttonClass('secondary', 'sm')}>
              <Trans>Manage Products</Trans>
            </Link>
          </div>
          {children}
        </main>
      </div>
      <AreaToaster />
    </div>
  );
}
