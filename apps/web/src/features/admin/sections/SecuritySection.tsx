import { msg, plural, t } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@/lib/i18n';
import { Trans } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import type { AccessAlert, AccessAttempt, AdminCode, AdminCodeCreated, AdminSession, AuditEntryDto } from '@souq/shared/api/security';
import { ADMIN_NAME_MAX } from '@souq/shared/api/security';
import { useMsg } from '@/lib/use-msg';
import { useListQuery } from '@/lib/use-list-query';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { DataTable, type DataTableColumn } from '@/components/ui/DataTable';
import { Dialog } from '@/components/ui/Dialog';
import { Field, Input } from '@/components/ui/Field';
import { FilterBar, FilterSelect } from '@/components/ui/FilterBar';
import { PageHeader } from '@/components/ui/PageHeader';
import { Pagination } from '@/components/ui/Pagination';
import { SearchInput } from '@/components/ui/SearchInput';
import { Tabs } from '@/components/ui/Tabs';
import { notify } from '@/components/ui/toast';
import { cx } from '@/components/ui/cx';
import { adminApi, useAdminMutation, useAdminQuery } from '../api';
import { FilterInput } from '../parts/FilterInput';
import { When } from '../parts/When';
import { formatCount, formatDate } from '@souq/shared/rules/locale';

type Tab = 'audit' | 'sessions' | 'codes' | 'attempts';

const TABS: readonly { value: Tab; label: string }[] = [
  { value: 'audit', label: t`Audit trail` },
  { value: 'sessions', label: t`Admin sessions` },
  { value: 'codes', label: t`Admin codes` },
  { value: 'attempts', label: t`Failed access` },
];

/** The domains of the trail's actions (`<domain>.<verb>`): the Action filter matches a whole domain. */
const ACTION_DOMAINS = [
  { value: 'product', label: t`Products` },
  { value: 'order', label: t`Orders` },
  { value: 'user', label: t`Users` },
  { value: 'vendor', label: t`Vendors` },
  { value: 'embed', label: t`Embeds` },
  { value: 'chat', label: t`Live chat` },
  { value: 'support', label: t`Support` },
  { value: 'notification', label: t`Notifications` },
  { value: 'optimiser', label: t`Optimiser` },
  { value: 'admin_code', label: t`Admin codes` },
  { value: 'admin_session', label: t`Admin sessions` },
] as const;

const ROLES = [
  { value: 'admin', label: t`Admins` },
  { value: 'vendor', label: t`Vendors` },
  { value: 'system', label: t`System` },
] as const;

/** A filter's box: half the row on phones (two a row, beside the gap), its control's own width from sm. */
const HALF = 'w-[calc(50%-0.25rem)] sm:w-auto';

const AUDIT_FILTERS = { action: '', role: '', target_type: '', target_id: '', from: '', to: '' };

/** A value of the trail as short text: JSON for objects, '—' for nothing. */
function show(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  const text = typeof v === 'string' ? v : JSON.stringify(v);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}
const full = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v) ?? '');

function Changes({ changes }: { changes: AuditEntryDto['changes'] }) {
  const fields = Object.entries(changes);
  if (fields.length === 0) return <span className="text-slate-400">—</span>;
  return (
    // the fields and values as the trail recorded them (identifiers and data, not words of the interface)
    <dl translate="no" className="space-y-0.5 text-xs">
      {fields.map(([field, { before, after }]) => (
        <div key={field} className="flex min-w-0 flex-wrap gap-x-1">
          <dt className="font-medium text-slate-700">{field}:</dt>
          <dd className="min-w-0 break-all text-slate-600">
            <span title={full(before)} className="text-slate-500 line-through decoration-slate-300">{show(before)}</span>
            <span aria-label={t`changed to`}> <span aria-hidden="true" className="inline-block rtl:-scale-x-100">→</span> </span>
            <span title={full(after)} className="text-slate-900">{show(after)}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The audit trail's actor roles in the page's language (the server's own work is 'system'). */
const ROLE_NAME: Record<string, MessageDescriptor> = { admin: msg`admin`, vendor: msg`vendor`, user: msg`user`, system: msg`system` };

function RoleTag({ role }: { role: string }) {
  const tone = role === 'admin' ? 'bg-violet-50 text-violet-800 ring-violet-200' : role === 'vendor' ? 'bg-amber-50 text-amber-800 ring-amber-200' : 'bg-slate-100 text-slate-700 ring-slate-200';
  const name = ROLE_NAME[role];
  return <span className={cx('inline-flex rounded-full px-2 py-0.5 text-xs font-semibold capitalize ring-1 ring-inset', tone)}>{name ? i18n._(name) : role}</span>;
}

const AUDIT_COLUMNS: DataTableColumn<AuditEntryDto>[] = [
  { key: 'created_at', header: t`Time`, hideBelow: 'sm', className: 'whitespace-nowrap text-slate-600', cell: (e) => <When iso={e.created_at} /> },
  {
    key: 'who',
    header: t`Who`,
    cell: (e) => (
      <div className="min-w-0 max-w-[9rem] sm:max-w-[12rem]">
        <p className="truncate font-medium text-slate-900" title={e.actor_name}><bdi>{e.actor_name}</bdi></p>
        <p className="mt-0.5 flex flex-wrap items-center gap-1 text-xs text-slate-500">
          <RoleTag role={e.actor_role} />
          {e.ip && <span className="font-mono">{e.ip}</span>}
        </p>
        {/* phones: the time under the author */}
        <p className="mt-0.5 text-xs text-slate-500 sm:hidden"><When iso={e.created_at} /></p>
      </div>
    ),
  },
  {
    key: 'action',
    header: t`Action`,
    cell: (e) => (
      <div className="min-w-0">
        <p className="font-mono text-xs break-all text-slate-900 md:whitespace-nowrap">{e.action}</p>
        <p translate="no" dir="ltr" className="text-xs break-all text-slate-500 md:whitespace-nowrap">{e.target_type} #{e.target_id.length > 12 ? `${e.target_id.slice(0, 8)}…` : e.target_id}</p>
        {/* phones and tablets: the changes under the action */}
        <div className="mt-1.5 md:hidden"><Changes changes={e.changes} /></div>
      </div>
    ),
  },
  { key: 'changes', header: t`Changes (before → after)`, hideBelow: 'md', className: 'min-w-[16rem]', cell: (e) => <Changes changes={e.changes} /> },
];

/** The trail: who, role, IP, time, action, target, the changed fields; filters and paging on the server. */
function AuditTrail() {
  const MSG = useMsg();
  const list = useListQuery<AuditEntryDto, typeof AUDIT_FILTERS>({
    queryKey: 'admin-audit', path: '/api/admin/security/audit', auth: 'admin', filters: AUDIT_FILTERS, searchParam: 'actor', urlPrefix: 'a_',
  });
  const f = list.filters;
  return (
    <div>
      <div className="border-b border-slate-100 p-4 sm:p-5">
        <FilterBar label={t`Audit filters`} onClear={list.resetFilters} canClear={list.isFiltered}>
          <SearchInput label={t`Who`} placeholder={t`Who (name)...`} value={list.searchText} onChange={list.setSearchText} busy={list.query.isFetching && !!list.items} className="w-full sm:w-56" />
          {/* phones: two filters a row */}
          <div className={HALF}><FilterSelect label={t`Role`} value={f.role} onChange={(v) => list.setFilter('role', v)} allLabel={t`All roles`} options={ROLES} className="w-full" /></div>
          <div className={HALF}><FilterSelect label={t`Action`} value={f.action} onChange={(v) => list.setFilter('action', v)} allLabel={t`All actions`} options={ACTION_DOMAINS} className="w-full" /></div>
          <div className={HALF}><FilterInput label={t`Target type`} placeholder={t`Target type`} value={f.target_type} onChange={(v) => list.setFilter('target_type', v)} className="w-full sm:w-36" /></div>
          <div className={HALF}><FilterInput label={t`Target ID`} placeholder={t`Target ID`} value={f.target_id} onChange={(v) => list.setFilter('target_id', v)} className="w-full sm:w-28" /></div>
          <label className={cx(HALF, 'flex items-center gap-2 text-sm text-slate-600')}>
            <span className="shrink-0"><Trans>From</Trans></span>
            <Input type="date" value={f.from} max={f.to || undefined} onChange={(e) => list.setFilter('from', e.target.value)} className="min-w-0 flex-1 sm:w-40 sm:flex-none" />
          </label>
          <label className={cx(HALF, 'flex items-center gap-2 text-sm text-slate-600')}>
            <span className="shrink-0"><Trans>To</Trans></span>
            <Input type="date" value={f.to} min={f.from || undefined} onChange={(e) => list.setFilter('to', e.target.value)} className="min-w-0 flex-1 sm:w-40 sm:flex-none" />
          </label>
        </FilterBar>
        <p className="mt-3 text-xs text-slate-500" aria-live="polite">
          {list.items ? plural(list.total, { one: `${formatCount(list.total)} entry`, other: `${formatCount(list.total)} entries` }) : '\u00a0'} · <Trans>append-only: entries are never changed or deleted</Trans>
        </p>
      </div>
      <DataTable
        caption={t`Audit trail`}
        density="compact"
        columns={AUDIT_COLUMNS}
        rowKey={(e) => e.id}
        {...list.tableProps}
        loadingLabel={t`Loading audit trail...`}
        errorTitle={MSG.loadAuditFailed}
        empty={{ title: MSG.noAuditEntries, description: list.isFiltered ? t`No entry matches these filters.` : undefined }}
      />
      <Pagination {...list.paginationProps} label={t`Audit trail pages`} />
    </div>
  );
}

/** The browser and system of a user agent, roughly ('Chrome on Linux'), for the sessions and attempts lists. */
function browserOf(ua: string | null): string {
  if (!ua) return 'Unknown';
  const browser = /Edg\//.test(ua) ? 'Edge' : /Firefox\//.test(ua) ? 'Firefox' : /Chrome\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : /curl|node|undici/i.test(ua) ? 'Script' : 'Browser';
  const os = /Android/.test(ua) ? 'Android' : /iPhone|iPad/.test(ua) ? 'iOS' : /Windows/.test(ua) ? 'Windows' : /Mac OS X/.test(ua) ? 'macOS' : /Linux/.test(ua) ? 'Linux' : '';
  return os ? `${browser} on ${os}` : browser;
}

/** Live admin sessions with Revoke; revoking your own signs you out. */
function Sessions() {
  const MSG = useMsg();
  const list = useListQuery<AdminSession>({ queryKey: 'admin-sessions', path: '/api/admin/security/sessions', auth: 'admin', searchParam: null, urlPrefix: 's_' });
  const [revoking, setRevoking] = useState<AdminSession | null>(null);
  const revoke = useAdminMutation((id: number) => adminApi(`/api/admin/security/sessions/${id}`, { method: 'DELETE' }), ['admin-sessions', 'admin-codes', 'admin-audit']);
  const columns: DataTableColumn<AdminSession>[] = [
    {
      key: 'name',
      header: t`Admin`,
      cell: (s) => (
        <div className="min-w-0">
          <p className="font-medium text-slate-900">
            {s.name}
            {s.current && <span className="ms-2 inline-flex rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200 ring-inset"><Trans>This session</Trans></span>}
          </p>
          <p className="text-xs text-slate-500 sm:hidden"><Trans>Active</Trans> <When iso={s.last_seen_at} /></p>
        </div>
      ),
    },
    { key: 'created_at', header: t`Signed in`, hideBelow: 'md', className: 'whitespace-nowrap text-slate-600', cell: (s) => <When iso={s.created_at} /> },
    { key: 'last_seen_at', header: t`Last active`, hideBelow: 'sm', className: 'whitespace-nowrap text-slate-600', cell: (s) => <When iso={s.last_seen_at} /> },
    {
      key: 'from',
      header: t`From`,
      hideBelow: 'lg',
      cell: (s) => (
        <div className="text-xs text-slate-600">
          <p className="font-mono">{s.ip ?? '—'}</p>
          <p title={s.user_agent ?? ''}>{browserOf(s.user_agent)}</p>
        </div>
      ),
    },
  ];
  return (
    <div>
      <p className="border-b border-slate-100 p-4 text-sm text-slate-600 sm:p-5">
        <Trans>An admin session ends after 12 hours without use. Revoking one signs that browser out at once.</Trans>
      </p>
      <DataTable
        caption={t`Admin sessions`}
        columns={columns}
        rowKey={(s) => s.id}
        {...list.tableProps}
        loadingLabel={t`Loading sessions...`}
        errorTitle={MSG.loadSessionsFailed}
        empty={{ title: MSG.noAdminSessions }}
        phoneActions="inline"
        rowActions={(s) => (
          <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" onClick={() => setRevoking(s)} aria-label={t`Revoke session of ${s.name}${s.current ? ' (this session)' : ''}`}><Trans>Revoke</Trans></Button>
        )}
      />
      <Pagination {...list.paginationProps} label={t`Admin sessions pages`} />
      <ConfirmDialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        title={t`Revoke session`}
        message={revoking ? (revoking.current ? 'This is your own session: you will be signed out.' : `${revoking.name} will be signed out of that browser.`) : ''}
        confirmLabel={t`Revoke`}
        destructive
        onConfirm={async () => {
          await revoke.mutateAsync(revoking!.id);
          notify.success(MSG.adminSessionRevoked);
          setRevoking(null);
        }}
      />
    </div>
  );
}

/** The code of a new admin, shown this once, with Copy. */
function NewCodeDialog({ created, onClose }: { created: AdminCodeCreated | null; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <Dialog
      open={created !== null}
      onClose={onClose}
      title={t`Access code for ${created?.name ?? ''}`}
      description={t`Shown this once: copy it now and give it to them privately. Only a fingerprint of it is stored.`}
      size="sm"
      footer={<Button onClick={onClose}><Trans>Done</Trans></Button>}
    >
      <div className="flex items-center gap-2">
        <code aria-label={t`New access code`} className="min-w-0 flex-1 rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm break-all text-slate-900 select-all">{created?.code}</code>
        <Button
          variant="secondary"
          size="sm"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(created!.code);
              setCopied(true);
            } catch {
              notify.error(t`Copy failed: select the code and copy it`);
            }
          }}
        >
          {copied ? t`Copied` : t`Copy`}
        </Button>
      </div>
      <p className="mt-3 text-sm text-slate-600"><Trans>They sign in at /admin-access with this code; everything they change is recorded under their name.</Trans></p>
    </Dialog>
  );
}

/** Named admins' codes: create (shown once) and revoke (ends their sessions). */
function Codes() {
  const MSG = useMsg();
  const list = useListQuery<AdminCode>({ queryKey: 'admin-codes', path: '/api/admin/security/codes', auth: 'admin', searchParam: null, urlPrefix: 'c_' });
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<AdminCodeCreated | null>(null);
  const [revoking, setRevoking] = useState<AdminCode | null>(null);
  const create = useAdminMutation((body: { name: string }) => adminApi<AdminCodeCreated>('/api/admin/security/codes', { method: 'POST', body }), ['admin-codes', 'admin-audit']);
  const revoke = useAdminMutation((id: number) => adminApi(`/api/admin/security/codes/${id}`, { method: 'DELETE' }), ['admin-codes', 'admin-sessions', 'admin-audit']);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (!name.trim()) return setError('Name is required');
    try {
      setCreated(await create.mutateAsync({ name: name.trim() }));
      setName('');
      notify.success(MSG.adminCodeCreated);
    } catch (err) {
      setError(err instanceof Error ? err.message : MSG.requestFailed);
    }
  }

  const columns: DataTableColumn<AdminCode>[] = [
    {
      key: 'name',
      header: t`Admin`,
      cell: (c) => (
        <div className="min-w-0">
          <p className={cx('font-medium', c.revoked_at ? 'text-slate-500' : 'text-slate-900')}>{c.name}</p>
          <p className="text-xs text-slate-500"><Trans>by <bdi>{c.created_by}</bdi></Trans></p>
        </div>
      ),
    },
    { key: 'created_at', header: t`Created`, hideBelow: 'sm', className: 'whitespace-nowrap text-slate-600', cell: (c) => <When iso={c.created_at} /> },
    { key: 'last_used_at', header: t`Last sign-in`, hideBelow: 'md', className: 'whitespace-nowrap text-slate-600', cell: (c) => (c.last_used_at ? <When iso={c.last_used_at} /> : 'Never') },
    { key: 'sessions', header: t`Sessions`, align: 'right', hideBelow: 'md', cell: (c) => c.active_sessions },
    {
      key: 'status',
      header: t`Status`,
      cell: (c) =>
        c.revoked_at ? (
          <span className="inline-flex rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 ring-1 ring-slate-300 ring-inset" title={formatDate(c.revoked_at, 'dayTime')}><Trans>Revoked</Trans></span>
        ) : (
          <span className="inline-flex rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200 ring-inset"><Trans>Active</Trans></span>
        ),
    },
  ];

  return (
    <div>
      <form onSubmit={submit} className="flex flex-col gap-3 border-b border-slate-100 p-4 sm:flex-row sm:items-start sm:p-5" noValidate>
        <Field label={t`New admin's name`} error={error} hint={t`Each admin gets a personal code; the owner keeps signing in with ADMIN_ACCESS_CODE.`} className="min-w-0 flex-1 sm:max-w-sm">
          <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={ADMIN_NAME_MAX} autoComplete="off" placeholder={t`e.g. Sara Haddad`} />
        </Field>
        {/* level with the input, below the field's label */}
        <Button type="submit" loading={create.isPending} className="sm:mt-7"><Trans>Create code</Trans></Button>
      </form>
      <DataTable
        caption={t`Admin codes`}
        columns={columns}
        rowKey={(c) => c.id}
        {...list.tableProps}
        loadingLabel={t`Loading admin codes...`}
        errorTitle={MSG.loadCodesFailed}
        empty={{ title: MSG.noAdminCodes, description: t`Create a code for each person who runs the shop, so the audit trail names them.` }}
        phoneActions="inline"
        rowActions={(c) =>
          c.revoked_at ? null : (
            <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" onClick={() => setRevoking(c)} aria-label={t`Revoke code of ${c.name}`}><Trans>Revoke</Trans></Button>
          )
        }
      />
      <Pagination {...list.paginationProps} label={t`Admin codes pages`} />
      <NewCodeDialog key={created?.id ?? 'none'} created={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        title={t`Revoke admin code`}
        message={revoking ? `${revoking.name}'s code stops working and ${revoking.active_sessions === 1 ? 'their open session ends' : `their ${revoking.active_sessions} open sessions end`}.` : ''}
        confirmLabel={t`Revoke`}
        destructive
        onConfirm={async () => {
          await revoke.mutateAsync(revoking!.id);
          notify.success(MSG.adminCodeRevoked);
          setRevoking(null);
        }}
      />
    </div>
  );
}

/** Wrong codes and refused attempts at /admin-access (the code tried is never kept). */
function Attempts() {
  const MSG = useMsg();
  const list = useListQuery<AccessAttempt>({ queryKey: 'admin-attempts', path: '/api/admin/security/access-attempts', auth: 'admin', searchParam: null, urlPrefix: 'f_' });
  const columns: DataTableColumn<AccessAttempt>[] = [
    { key: 'created_at', header: t`Time`, className: 'whitespace-nowrap text-slate-600', cell: (a) => <When iso={a.created_at} /> },
    { key: 'ip', header: t`IP address`, className: 'font-mono text-xs text-slate-900', cell: (a) => a.ip },
    { key: 'browser', header: t`Browser`, hideBelow: 'md', cell: (a) => <span title={a.user_agent} className="text-slate-600">{browserOf(a.user_agent)}</span> },
    {
      key: 'result',
      header: t`Result`,
      cell: (a) =>
        a.limited ? (
          <span className="inline-flex rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-200 ring-inset"><Trans>Locked out</Trans></span>
        ) : (
          <span className="inline-flex rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-amber-200 ring-inset"><Trans>Wrong code</Trans></span>
        ),
    },
  ];
  return (
    <div>
      <p className="border-b border-slate-100 p-4 text-sm text-slate-600 sm:p-5">
        <Trans>After too many wrong codes an address waits before it may try again, longer after each further miss; right codes never count.</Trans>
      </p>
      <DataTable
        caption={t`Failed access attempts`}
        columns={columns}
        rowKey={(a) => a.id}
        {...list.tableProps}
        loadingLabel={t`Loading attempts...`}
        errorTitle={MSG.loadAttemptsFailed}
        empty={{ title: MSG.noAccessAttempts }}
      />
      <Pagination {...list.paginationProps} label={t`Failed access pages`} />
    </div>
  );
}

/**
 * The warning that replaced the global lock-out (decision 0084): wrong codes from all addresses past the threshold
 * refuse nobody, they tell the admins here. Checked every minute while the section is open.
 */
function AccessWarning() {
  const { data } = useAdminQuery<AccessAlert>(['admin-access-alert'], '/api/admin/security/access-alert', { refetchInterval: 60_000 });
  if (!data?.alert) return null;
  return (
    <Alert tone="warning" title={t`Someone may be guessing admin access codes`}>
      <Trans>
        {data.failures} wrong codes from all addresses in the last {data.window_minutes} minutes (warning from {data.threshold}). Each
        address is locked out on its own and nobody else is refused; see Failed access for the addresses, and
        revoke any code you think is known.
      </Trans>
    </Alert>
  );
}

/**
 * Security (issue 13): the audit trail of every admin and vendor write, the admin sessions, named admins' access
 * codes and the failed attempts at the access gate. The trail's filters live in the URL like every admin list.
 */
export function SecuritySection() {
  const [tab, setTab] = useState<Tab>('audit');
  return (
    <section aria-labelledby="security-heading" className="space-y-5">
      <PageHeader id="security-heading" title={t`Security`} description={t`Who changed what, who is signed in, and who tried to get in.`} />
      <AccessWarning />
      <Alert tone="info" title={t`Every change by an admin or a vendor is recorded with its author; nobody can edit or remove an entry.`} />
      <div className="rounded-2xl border border-slate-200 bg-white shadow-sm">
        <Tabs label={t`Security views`} items={TABS} value={tab} onValueChange={setTab} className="px-4 pt-3 sm:px-5">
          {tab === 'audit' && <AuditTrail />}
          {tab === 'sessions' && <Sessions />}
          {tab === 'codes' && <Codes />}
          {tab === 'attempts' && <Attempts />}
        </Tabs>
      </div>
    </section>
  );
}
