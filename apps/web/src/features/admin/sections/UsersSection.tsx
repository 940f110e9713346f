import { useMemo, useState, type FormEvent } from 'react';
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import { Plural, Trans } from '@lingui/react/macro';
import type { AdminUser, AdminUserDetail } from '@souq/shared/api/admin';
import type { UserRole } from '@souq/shared/api/auth';
import { useMsg } from '@/lib/use-msg';
import { formatMoney } from '@souq/shared/rules/money';
import { useListQuery } from '@/lib/use-list-query';
import { DataTable, type DataTableColumn } from '@/components/ui/DataTable';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Dialog } from '@/components/ui/Dialog';
import { Drawer } from '@/components/ui/Drawer';
import { Field, Input, Select } from '@/components/ui/Field';
import { Pagination } from '@/components/ui/Pagination';
import { SearchInput } from '@/components/ui/SearchInput';
import { Skeleton } from '@/components/ui/Skeleton';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { notify } from '@/components/ui/toast';
import { cx } from '@/components/ui/cx';
import { initials } from '../initials';
import { adminApi, useAdminMutation, useAdminQuery } from '../api';
import { LoadError } from '../parts/LoadError';
import { When } from '../parts/When';
import { formatDate } from '@souq/shared/rules/locale';

const ROLE_STYLE: Record<UserRole, string> = {
  admin: 'bg-violet-50 text-violet-800 ring-violet-200',
  vendor: 'bg-amber-50 text-amber-800 ring-amber-200',
  user: 'bg-sky-50 text-sky-800 ring-sky-200',
};
const ROLES: UserRole[] = ['user', 'vendor', 'admin'];
/** A role's name in the page's language: as a badge (lower case, capitalised by CSS) and as a choice. */
const ROLE_NAME: Record<UserRole, MessageDescriptor> = { user: msg`user`, vendor: msg`vendor`, admin: msg`admin` };
const ROLE_CHOICE: Record<UserRole, MessageDescriptor> = { user: msg`User`, vendor: msg`Vendor`, admin: msg`Admin` };

const matches = (u: AdminUser, term: string) => [u.name, u.email, u.role].some((f) => f.toLowerCase().includes(term));
const who = (u: AdminUser) => u.name || u.email;

function Avatar({ user }: { user: AdminUser }) {
  return (
    <span aria-hidden="true" className={cx('flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-xs font-semibold', user.deactivated_at ? 'bg-slate-100 text-slate-500' : 'bg-brand-100 text-brand-800')}>
      {initials(user)}
    </span>
  );
}

function RoleBadge({ role }: { role: UserRole }) {
  return <span className={cx('inline-flex rounded-full px-2 py-0.5 text-xs font-semibold capitalize ring-1 ring-inset', ROLE_STYLE[role])}>{i18n._(ROLE_NAME[role])}</span>;
}

function Deactivated() {
  return <span className="inline-flex rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 ring-1 ring-slate-300 ring-inset"><Trans>Deactivated</Trans></span>;
}

const COLUMNS: DataTableColumn<AdminUser>[] = [
  {
    key: 'user',
    header: <Trans>User</Trans>,
    cell: (u) => (
      <div className="flex items-center gap-3">
        <Avatar user={u} />
        <div className="min-w-0 max-w-[9.5rem] sm:max-w-[12rem]">
          <p className={cx('truncate font-medium', u.deactivated_at ? 'text-slate-500' : 'text-slate-900')}><bdi>{who(u)}</bdi></p>
          <p dir="ltr" className="truncate text-xs text-slate-500 md:hidden">{u.email}</p>
        </div>
      </div>
    ),
  },
  { key: 'email', header: <Trans>Email</Trans>, hideBelow: 'md', className: 'text-slate-700', cell: (u) => <span className="block max-w-[12rem] truncate" title={u.email}><bdi>{u.email}</bdi></span> },
  {
    key: 'role',
    header: <Trans>Role</Trans>,
    cell: (u) => (
      <div className="flex flex-wrap items-center gap-1">
        <RoleBadge role={u.role} />
        {u.deactivated_at && <Deactivated />}
      </div>
    ),
  },
  { key: 'joined', header: <Trans>Joined</Trans>, hideBelow: 'sm', className: 'whitespace-nowrap text-slate-600', cell: (u) => formatDate(u.created_at) },
];

/** The user's details: sign-up date, role, status, order figures and the latest orders (admin §2 Users, view). */
function UserSheet({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const MSG = useMsg();
  const detail = useAdminQuery<AdminUserDetail>(['admin-user', user?.id], `/api/admin/users/${user?.id}`, { enabled: user !== null });
  const d = detail.data;
  return (
    <Drawer open={user !== null} onClose={onClose} title={user ? who(user) : ''} widthClass="max-w-lg">
      {user && (
        <div className="space-y-5">
          <dl className="grid grid-cols-3 gap-y-3 text-sm">
            <dt className="text-slate-500"><Trans>User ID</Trans></dt>
            <dd className="col-span-2 text-slate-900">{user.id}</dd>
            <dt className="text-slate-500"><Trans>Email</Trans></dt>
            <dd className="col-span-2 break-all text-slate-900"><bdi>{user.email}</bdi></dd>
            <dt className="text-slate-500"><Trans>Role</Trans></dt>
            <dd className="col-span-2"><RoleBadge role={user.role} /></dd>
            <dt className="text-slate-500"><Trans>Signed up</Trans></dt>
            <dd className="col-span-2 text-slate-900">{formatDate(user.created_at)}</dd>
            <dt className="text-slate-500"><Trans>Status</Trans></dt>
            <dd className="col-span-2 text-slate-900">{user.deactivated_at ? <Trans>Deactivated {formatDate(user.deactivated_at)}</Trans> : <Trans>Active</Trans>}</dd>
          </dl>
          <section aria-labelledby="user-orders-heading">
            <div className="flex items-baseline justify-between gap-2">
              <h3 id="user-orders-heading" className="text-sm font-semibold text-slate-900"><Trans>Orders</Trans></h3>
              {d && <p className="text-xs text-slate-500"><Trans>{d.order_count} in total · {formatMoney(d.total_spent, d.currency)} spent</Trans></p>}
            </div>
            {detail.isPending ? (
              <div className="mt-3 space-y-2"><Skeleton className="h-10 w-full" /><Skeleton className="h-10 w-full" /></div>
            ) : detail.isError ? (
              <div className="mt-3"><LoadError title={MSG.loadOrdersFailed} error={detail.error} onRetry={() => void detail.refetch()} /></div>
            ) : d && d.orders.length === 0 ? (
              <p className="mt-3 text-sm text-slate-500">{MSG.noOrdersYet}</p>
            ) : (
              <ul className="mt-3 divide-y divide-slate-100 rounded-xl border border-slate-200">
                {d?.orders.map((o) => (
                  <li key={o.id} className="flex items-center justify-between gap-3 px-3 py-2.5 text-sm">
                    <div className="min-w-0">
                      <p className="truncate font-medium text-slate-900">{o.order_number}</p>
                      <p className="text-xs text-slate-500"><When iso={o.created_at} /> · <Plural value={o.item_count} one="# item" other="# items" /></p>
                    </div>
                    <div className="flex shrink-0 items-center gap-2">
                      <span className="tabular-nums text-slate-900">{formatMoney(o.total_amount, o.currency)}</span>
                      <StatusBadge kind="order" status={o.status} />
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </Drawer>
  );
}

/** Edit name and role (decision 0041: the server refuses roles that do not match the account's records, with the reason). */
function EditUserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const MSG = useMsg();
  const [name, setName] = useState(user?.name ?? '');
  const [role, setRole] = useState<UserRole>(user?.role ?? 'user');
  const [error, setError] = useState<string | null>(null);
  const save = useAdminMutation(
    (body: { name?: string; role?: UserRole }) => adminApi<AdminUser>(`/api/admin/users/${user!.id}`, { method: 'PUT', body }),
    ['admin-users', 'admin-user'],
  );

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!user) return;
    setError(null);
    try {
      await save.mutateAsync({ ...(name.trim() !== user.name ? { name: name.trim() } : {}), ...(role !== user.role ? { role } : {}) });
      notify.success(MSG.userUpdated);
      onClose();
    } catch (err) {
      setError(err instanceof Error ? err.message : MSG.requestFailed);
    }
  }

  const unchanged = !!user && name.trim() === user.name && role === user.role;
  return (
    <Dialog
      open={user !== null}
      onClose={() => !save.isPending && onClose()}
      title={user ? t`Edit ${who(user)}` : t`Edit user`}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}><Trans>Cancel</Trans></Button>
          <Button type="submit" form="edit-user-form" loading={save.isPending} disabled={unchanged || !name.trim()}><Trans>Save changes</Trans></Button>
        </>
      }
    >
      <form id="edit-user-form" onSubmit={submit} className="space-y-4" noValidate>
        <Field label={t`Name`} required error={!name.trim() ? 'Name is required' : null}>
          <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={120} autoComplete="off" />
        </Field>
        <Field label={t`Role`} hint={t`A vendor account keeps the vendor role; admins sign in with the access code.`}>
          <Select value={role} onChange={(e) => setRole(e.target.value as UserRole)}>
            {ROLES.map((r) => <option key={r} value={r}>{i18n._(ROLE_CHOICE[r])}</option>)}
          </Select>
        </Field>
        {error && <Alert tone="error" title={MSG.updateUserFailed(error)} />}
      </form>
    </Dialog>
  );
}

/**
 * User Management (admin §2): the server's paged list, searched on the server by name, e-mail or role (the search is
 * in the URL, and what is typed filters the rows on screen at once). View shows the user's orders and sign-up date;
 * Edit changes name and role; Delete deactivates the account after a confirmation (sessions end, orders stay).
 */
export function UsersSection() {
  const MSG = useMsg();
  const list = useListQuery<AdminUser>({ queryKey: 'admin-users', path: '/api/admin/users', auth: 'admin' });
  const [viewing, setViewing] = useState<AdminUser | null>(null);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [deactivating, setDeactivating] = useState<AdminUser | null>(null);
  const deactivate = useAdminMutation((id: number) => adminApi(`/api/admin/users/${id}`, { method: 'DELETE' }), ['admin-users', 'admin-user']);

  // what is typed filters the rows on screen at once; the server's answer for it replaces them when it comes
  const term = list.searchText.trim().toLowerCase();
  const answered = term === list.search.toLowerCase() && !list.query.isPlaceholderData;
  const rows = useMemo(() => (list.items && term && !answered ? list.items.filter((u) => matches(u, term)) : list.items), [list.items, term, answered]);
  const shown = rows?.length ?? 0;
  const total = answered ? list.total : shown;

  return (
    <section aria-labelledby="users-heading" className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-col gap-3 border-b border-slate-100 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
        <div>
          <h2 id="users-heading" className="text-lg font-semibold text-slate-900"><Trans>User Management</Trans></h2>
          <p className="text-sm text-slate-500" aria-live="polite">
            {list.items ? (shown === total ? plural(total, { one: '# user', other: '# users' }) : plural(total, { one: `${shown} of # user`, other: `${shown} of # users` })) : '\u00a0'}
          </p>
        </div>
        <SearchInput label={t`Search users`} placeholder={t`Search users...`} value={list.searchText} onChange={list.setSearchText} busy={list.query.isFetching && !!list.items} />
      </div>

      <DataTable
        caption={t`Users`}
        columns={COLUMNS}
        rowKey={(u) => u.id}
        {...list.tableProps}
        rows={rows}
        loadingLabel={MSG.loadingUsers}
        errorTitle={MSG.loadUsersFailed}
        empty={{ title: MSG.noUsersFound, description: term ? t`Try another name, e-mail or role.` : undefined }}
        rowLabel={who}
        rowActions={(u) => (
          <>
            <Button variant="ghost" size="sm" onClick={() => setViewing(u)} aria-label={t`View ${who(u)}`}><Trans>View</Trans></Button>
            {u.role !== 'admin' && !u.deactivated_at && (
              <>
                <Button variant="ghost" size="sm" onClick={() => setEditing(u)} aria-label={t`Edit ${who(u)}`}><Trans>Edit</Trans></Button>
                <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" onClick={() => setDeactivating(u)} aria-label={t`Delete ${who(u)}`}><Trans>Delete</Trans></Button>
              </>
            )}
          </>
        )}
      />
      <Pagination {...list.paginationProps} label={t`Users pages`} />

      <UserSheet user={viewing} onClose={() => setViewing(null)} />
      {/* keyed so the form starts from the chosen user's values each time */}
      <EditUserDialog key={editing?.id ?? 'none'} user={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deactivating !== null}
        onClose={() => setDeactivating(null)}
        title={t`Deactivate user`}
        message={deactivating ? MSG.deactivateUserConfirm(who(deactivating)) : ''}
        confirmLabel={t`Deactivate`}
        destructive
        onConfirm={async () => {
          try {
            await deactivate.mutateAsync(deactivating!.id);
          } catch (err) {
            throw new Error(MSG.deactivateUserFailed(err instanceof Error ? err.message : MSG.requestFailed));
          }
          notify.success(MSG.userDeactivated);
          setDeactivating(null);
        }}
      />
    </section>
  );
}
