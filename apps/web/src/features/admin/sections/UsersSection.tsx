import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PublicUser } from '@souq/shared/api/auth';
import { LIST_MAX_LIMIT } from '@souq/shared/constants';
import { MSG } from '@souq/shared/messages';
import { apiList, ApiError } from '@/lib/api-client';
import { forget } from '@/lib/session';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { Input } from '@/components/ui/Field';
import { Spinner } from '@/components/ui/Spinner';
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

/** Waits until typing pauses before asking the server (the list on screen filters at once). */
function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return debounced;
}

/**
 * User Management (admin §2): the server's bounded list, searched on the server (so users beyond one page are
 * found) and filtered instantly on screen by name, e-mail or role while the server answers.
 */
export function UsersSection() {
  const [search, setSearch] = useState('');
  const term = useDeferredValue(search.trim().toLowerCase());
  const serverTerm = useDebounced(term, 250);
  const [viewing, setViewing] = useState<PublicUser | null>(null);

  const q = useQuery({
    queryKey: ['admin-users', serverTerm],
    placeholderData: keepPreviousData,
    retry: (n, err) => !(err instanceof ApiError && (err.status === 401 || err.status === 403)) && n < 1,
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({ limit: String(LIST_MAX_LIMIT) });
      if (serverTerm) params.set('search', serverTerm);
      try {
        return await apiList<PublicUser>(`/api/admin/users?${params}`, { auth: 'admin', signal });
      } catch (err) {
        // an expired admin session: forget it so the gate sends the admin back to /admin-access
        if (err instanceof ApiError && err.status === 401) forget('admin');
        throw err;
      }
    },
  });

  const rows = useMemo(() => (q.data ? (term ? q.data.items.filter((u) => matches(u, term)) : q.data.items) : []), [q.data, term]);
  const total = q.data && serverTerm === term ? q.data.total : rows.length;

  return (
    <section aria-labelledby="users-heading" className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-col gap-3 border-b border-slate-100 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
        <div>
          <h2 id="users-heading" className="text-lg font-semibold text-slate-900">User Management</h2>
          <p className="text-sm text-slate-500" aria-live="polite">
            {q.data ? `${rows.length === total ? total : `${rows.length} of ${total}`} user${total === 1 ? '' : 's'}` : '\u00a0'}
          </p>
        </div>
        <div className="flex items-center gap-3">
          {q.isFetching && q.data && <Spinner size="sm" className="text-brand-600" />}
          <div className="relative w-full sm:w-72">
            <svg viewBox="0 0 20 20" className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
              <circle cx="9" cy="9" r="6" />
              <path d="M14 14l4 4" strokeLinecap="round" />
            </svg>
            <Input type="search" aria-label="Search users" placeholder="Search users..." value={search} onChange={(e) => setSearch(e.target.value)} className="pl-9" />
          </div>
        </div>
      </div>

      {q.isPending ? (
        <div className="flex justify-center p-10 text-slate-500">
          <Spinner label={MSG.loadingUsers} className="text-brand-600" />
        </div>
      ) : q.isError && !q.data ? (
        <div className="p-5">
          <Alert tone="error" title={MSG.loadUsersFailed}>
            {q.error.message !== MSG.loadUsersFailed && <p>{q.error.message}</p>}
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => void q.refetch()}>
              Try again
            </Button>
          </Alert>
        </div>
      ) : rows.length === 0 ? (
        <div className="p-5">
          <EmptyState title={MSG.noUsersFound} description={term ? 'Try another name, e-mail or role.' : undefined} />
        </div>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
              <tr>
                <th scope="col" className="px-3 py-3 sm:px-5">User</th>
                <th scope="col" className="hidden px-3 py-3 sm:px-5 md:table-cell">Email</th>
                <th scope="col" className="px-3 py-3 sm:px-5">Role</th>
                <th scope="col" className="hidden px-3 py-3 sm:px-5 sm:table-cell">Joined</th>
                <th scope="col" className="px-3 py-3 text-right sm:px-5">
                  <span className="sr-only sm:not-sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((u) => (
                <tr key={u.id} className="hover:bg-slate-50/70">
                  <td className="px-3 py-3 sm:px-5">
                    <div className="flex items-center gap-3">
                      <Avatar user={u} />
                      <div className="min-w-0 max-w-[9.5rem] sm:max-w-none">
                        <p className="truncate font-medium text-slate-900">{u.name || u.email}</p>
                        <p className="truncate text-xs text-slate-500 md:hidden">{u.email}</p>
                      </div>
                    </div>
                  </td>
                  <td className="hidden px-3 py-3 sm:px-5 text-slate-700 md:table-cell">{u.email}</td>
                  <td className="px-3 py-3 sm:px-5">
                    <span className={cx('inline-flex rounded-full px-2 py-0.5 text-xs font-semibold capitalize ring-1 ring-inset', ROLE_STYLE[u.role])}>{u.role}</span>
                  </td>
                  <td className="hidden px-3 py-3 sm:px-5 whitespace-nowrap text-slate-600 sm:table-cell">{joined(u.created_at)}</td>
                  <td className="px-3 py-3 sm:px-5 text-right">
                    <Button variant="ghost" size="sm" onClick={() => setViewing(u)} aria-label={`View ${u.name || u.email}`}>
                      View
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

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
