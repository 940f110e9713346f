import { useMemo, useState } from 'react';
import type { PublicUser } from '@souq/shared/api/auth';
import { MSG } from '@souq/shared/messages';
import { useListQuery } from '@/lib/use-list-query';
import { DataTable, type DataTableColumn } from '@/components/ui/DataTable';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Pagination } from '@/components/ui/Pagination';
import { SearchInput } from '@/components/ui/SearchInput';
import { cx } from '@/components/ui/cx';
import { initials } from '../initials';

const ROLE_STYLE: Record<PublicUser['role'], string> = {
  admin: 'bg-violet-50 text-violet-800 ring-violet-200',
  vendor: 'bg-amber-50 text-amber-800 ring-amber-200',
  user: 'bg-sky-50 text-sky-800 ring-sky-200',
};

const matches = (u: PublicUser, term: string) => [u.name, u.email, u.role].some((f) => f.toLowerCase().includes(term));
const joined = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

function Avatar({ user }: { user: PublicUser }) {
  return (
    <span aria-hidden="true" className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-800">
      {initials(user)}
    </span>
  );
}

const COLUMNS: DataTableColumn<PublicUser>[] = [
  {
    key: 'user',
    header: 'User',
    cell: (u) => (
      <div className="flex items-center gap-3">
        <Avatar user={u} />
        <div className="min-w-0 max-w-[9.5rem] sm:max-w-none">
          <p className="truncate font-medium text-slate-900">{u.name || u.email}</p>
          <p className="truncate text-xs text-slate-500 md:hidden">{u.email}</p>
        </div>
      </div>
    ),
  },
  { key: 'email', header: 'Email', hideBelow: 'md', className: 'text-slate-700', cell: (u) => u.email },
  {
    key: 'role',
    header: 'Role',
    cell: (u) => <span className={cx('inline-flex rounded-full px-2 py-0.5 text-xs font-semibold capitalize ring-1 ring-inset', ROLE_STYLE[u.role])}>{u.role}</span>,
  },
  { key: 'joined', header: 'Joined', hideBelow: 'sm', className: 'whitespace-nowrap text-slate-600', cell: (u) => joined(u.created_at) },
];

/**
 * User Management (admin §2): the server's paged list, searched on the server (so users beyond one page are found;
 * the search is in the URL) and filtered instantly on screen by name, e-mail or role while the server answers.
 */
export function UsersSection() {
  const list = useListQuery<PublicUser>({ queryKey: 'admin-users', path: '/api/admin/users', auth: 'admin' });
  const [viewing, setViewing] = useState<PublicUser | null>(null);

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
          <h2 id="users-heading" className="text-lg font-semibold text-slate-900">User Management</h2>
          <p className="text-sm text-slate-500" aria-live="polite">
            {list.items ? `${shown === total ? total : `${shown} of ${total}`} user${total === 1 ? '' : 's'}` : '\u00a0'}
          </p>
        </div>
        <SearchInput label="Search users" placeholder="Search users..." value={list.searchText} onChange={list.setSearchText} busy={list.query.isFetching && !!list.items} />
      </div>

      <DataTable
        caption="Users"
        columns={COLUMNS}
        rowKey={(u) => u.id}
        {...list.tableProps}
        rows={rows}
        loadingLabel={MSG.loadingUsers}
        errorTitle={MSG.loadUsersFailed}
        empty={{ title: MSG.noUsersFound, description: term ? 'Try another name, e-mail or role.' : undefined }}
        rowActions={(u) => (
          <Button variant="ghost" size="sm" onClick={() => setViewing(u)} aria-label={`View ${u.name || u.email}`}>
            View
          </Button>
        )}
      />
      <Pagination {...list.paginationProps} label="Users pages" />

      <Dialog open={viewing !== null} onClose={() => setViewing(null)} title={viewing?.name || viewing?.email || ''} size="sm">
        {viewing && (
          <dl className="grid grid-cols-3 gap-y-3 text-sm">
            <dt className="text-slate-500">User ID</dt>
            <dd className="col-span-2 text-slate-900">{viewing.id}</dd>
            <dt className="text-slate-500">Email</dt>
            <dd className="col-span-2 break-all text-slate-900">{viewing.email}</dd>
            <dt className="text-slate-500">Role</dt>
            <dd className="col-span-2 capitalize text-slate-900">{viewing.role}</dd>
            <dt className="text-slate-500">Joined</dt>
            <dd className="col-span-2 text-slate-900">{joined(viewing.created_at)}</dd>
          </dl>
        )}
      </Dialog>
    </section>
  );
}
