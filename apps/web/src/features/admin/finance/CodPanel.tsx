import { plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import type { CashToCollect, CodSettings, Courier, RemittanceResult } from '@souq/shared/api/cod';
import { formatCents } from '@souq/shared/rules/money';
import { formatCount, formatDate } from '@souq/shared/rules/locale';
import { useMsg } from '@/lib/use-msg';
import { ApiError } from '@/lib/api-client';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { DataTable } from '@/components/ui/DataTable';
import { Field, Input, Select, Textarea } from '@/components/ui/Field';
import { StatCard, StatGrid } from '@/components/ui/StatCard';
import { notify } from '@/components/ui/toast';
import { adminApi, useAdminMutation, useAdminQuery } from '../api';
import { LoadError } from '../parts/LoadError';

// Cash on delivery (issue 36 item 6, decision 0140): the cash couriers still hold, per courier and age, a courier's
// remittance imported from its CSV file, the couriers' API tokens and the card-only rule for repeated refusals.

type CourierCash = CashToCollect['couriers'][number];
const money = (cents: number, currency: string) => <span className="whitespace-nowrap tabular-nums">{formatCents(cents, currency)}</span>;

/** Cash to collect per courier, aged by days since delivery. */
function CashTable({ cash }: { cash: CashToCollect | undefined }) {
  const { i18n } = useLingui();
  const courierName = (c: CourierCash) => (c.courier_id === null ? t`No courier recorded` : i18n.locale === 'ar' && c.name_ar ? c.name_ar : c.name);
  const cur = cash?.currency ?? 'AED';
  return (
    <DataTable<CourierCash>
      caption={t`Cash to collect per courier`}
      rows={cash?.couriers}
      loading={!cash}
      rowKey={(c) => c.courier_id ?? 0}
      density="compact"
      empty={{ title: t`No cash to collect: every delivered cash order has been remitted.` }}
      columns={[
        {
          key: 'courier', header: t`Courier`,
          cell: (c) => (
            <div className="min-w-0">
              <p className="font-medium text-slate-900">{courierName(c)}</p>
              <p className="text-xs text-slate-500">{plural(c.sub_orders, { one: '# order', other: '# orders' })}{c.oldest_delivered_at ? ` · ${t`oldest ${formatDate(c.oldest_delivered_at)}`}` : ''}</p>
            </div>
          ),
        },
        { key: 'd0_7', header: t`0–7 days`, align: 'right', hideBelow: 'md', cell: (c) => money(c.buckets.d0_7, cur) },
        { key: 'd8_30', header: t`8–30 days`, align: 'right', hideBelow: 'md', cell: (c) => money(c.buckets.d8_30, cur) },
        { key: 'd31_plus', header: t`31+ days`, align: 'right', cell: (c) => <span className={c.buckets.d31_plus > 0 ? 'text-red-700' : undefined}>{money(c.buckets.d31_plus, cur)}</span> },
        { key: 'total', header: t`To collect`, align: 'right', cell: (c) => <strong>{money(c.total_cents, cur)}</strong> },
      ]}
    />
  );
}

/** An admin imports a courier's remittance: the whole file is checked, any bad row rejects it with the rows named. */
function ImportForm({ couriers }: { couriers: Courier[] }) {
  const MSG = useMsg();
  const { i18n } = useLingui();
  const [courierId, setCourierId] = useState('');
  const [csv, setCsv] = useState('');
  const [result, setResult] = useState<RemittanceResult | null>(null);
  const [rowErrors, setRowErrors] = useState<[string, string][]>([]);
  const importFile = useAdminMutation(
    (body: { courier_id: number | null; csv: string }) => adminApi<RemittanceResult>('/api/admin/cod/remittances', { method: 'POST', body }),
    ['admin-cod', 'admin-finance'],
  );
  async function onFile(file: File | undefined) {
    if (file) setCsv(await file.text());
  }
  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setResult(null);
    setRowErrors([]);
    try {
      const res = await importFile.mutateAsync({ courier_id: courierId ? Number(courierId) : null, csv });
      setResult(res);
      notify.success(res.duplicate ? t`Already imported: nothing was posted again` : t`Remittance imported: ${formatCount(res.posted)} orders settled`);
      if (!res.duplicate) setCsv('');
    } catch (err) {
      const fields = err instanceof ApiError ? err.body?.fields : undefined;
      if (fields) {
        setRowErrors(Object.entries(fields).sort(([a], [b]) => Number(a.replace(/\D/g, '')) - Number(b.replace(/\D/g, ''))));
      }
      notify.error(err instanceof Error ? err.message : MSG.requestFailed);
    }
  }
  const cur = result?.currency ?? 'AED';
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-5" aria-labelledby="cod-import-heading">
      <h3 id="cod-import-heading" className="text-base font-semibold text-slate-900"><Trans>Import a remittance</Trans></h3>
      <p className="text-sm text-slate-600"><Trans>A CSV file from the courier: order number, amount collected in AED, date (2026-03-14). A file with any bad row is rejected whole; an order remitted before is not posted again.</Trans></p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t`Courier`}>
          <Select value={courierId} onChange={(e) => setCourierId(e.target.value)}>
            <option value="">{t`Each order's own courier`}</option>
            {couriers.map((c) => <option key={c.id} value={c.id}>{i18n.locale === 'ar' && c.name_ar ? c.name_ar : c.name}</option>)}
          </Select>
        </Field>
        <Field label={t`CSV file`}>
          <Input type="file" accept=".csv,text/csv" onChange={(e) => void onFile(e.target.files?.[0])} />
        </Field>
      </div>
      <Field label={t`Or paste the rows`}>
        <Textarea dir="ltr" value={csv} onChange={(e) => setCsv(e.target.value)} rows={4} placeholder={t`SQ-260301-7KX4M-1,125.50,2026-03-14`} className="font-mono text-sm" />
      </Field>
      {rowErrors.length > 0 && (
        <Alert tone="error" title={t`Nothing was imported`}>
          <ul className="list-disc ps-5">
            {rowErrors.map(([row, text]) => <li key={row}>{t`Row ${row.replace(/\D/g, '')}`}: {text}</li>)}
          </ul>
        </Alert>
      )}
      {result && (
        <Alert tone={result.difference_cents === 0 ? 'success' : 'warning'} title={result.duplicate ? t`Already imported` : t`Imported`}>
          <p>
            {t`${formatCount(result.posted)} orders settled: expected ${formatCents(result.expected_cents, cur)}, received ${formatCents(result.collected_cents, cur)}.`}
            {result.difference_cents !== 0 && ` ${t`Difference ${formatCents(result.difference_cents, cur)} recorded.`}`}
          </p>
        </Alert>
      )}
      <div className="flex justify-end">
        <Button type="submit" loading={importFile.isPending} disabled={!csv.trim()}><Trans>Import</Trans></Button>
      </div>
    </form>
  );
}

/** The couriers and their API tokens (a new token is shown once). */
function CouriersBox({ couriers }: { couriers: Courier[] }) {
  const MSG = useMsg();
  const { i18n } = useLingui();
  const [shown, setShown] = useState<{ name: string; token: string } | null>(null);
  const issue = useAdminMutation((id: number) => adminApi<{ courier: Courier; token: string }>(`/api/admin/cod/couriers/${id}/token`, { method: 'POST' }), ['admin-cod']);
  async function onIssue(c: Courier) {
    try {
      const res = await issue.mutateAsync(c.id);
      setShown({ name: c.name, token: res.token });
    } catch (err) {
      notify.error(err instanceof Error ? err.message : MSG.requestFailed);
    }
  }
  return (
    <section aria-labelledby="cod-couriers-heading" className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
      <h3 id="cod-couriers-heading" className="text-base font-semibold text-slate-900"><Trans>Couriers</Trans></h3>
      <p className="text-sm text-slate-600"><Trans>A courier pushes its remittances to the API with its own token (POST /api/courier/remittances).</Trans></p>
      <ul className="divide-y divide-slate-100">
        {couriers.map((c) => (
          <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="min-w-0">
              <span className="font-medium text-slate-900">{i18n.locale === 'ar' && c.name_ar ? c.name_ar : c.name}</span>
              <span className="ms-2 text-xs text-slate-500">{c.code} · {c.has_token ? t`API token set` : t`No API token`}</span>
            </span>
            <Button size="sm" variant="secondary" onClick={() => void onIssue(c)} loading={issue.isPending && issue.variables === c.id}>
              {c.has_token ? t`Replace token` : t`Issue token`}
            </Button>
          </li>
        ))}
      </ul>
      {shown && (
        <Alert tone="info" title={t`New token for ${shown.name}: copy it now, it is not shown again`}>
          <code dir="ltr" className="block break-all rounded bg-slate-100 p-2 font-mono text-xs">{shown.token}</code>
        </Alert>
      )}
    </section>
  );
}

/** The card-only rule: after this many refused deliveries checkout offers the shopper card only (0: never). */
function RefusalSetting({ current }: { current: number | undefined }) {
  const MSG = useMsg();
  const [value, setValue] = useState<string | null>(null);
  const save = useAdminMutation((body: CodSettings) => adminApi<CodSettings>('/api/admin/cod/settings', { method: 'PUT', body }), ['admin-cod']);
  const shown = value ?? (current === undefined ? '' : String(current));
  const n = Number(shown);
  const valid = shown !== '' && Number.isInteger(n) && n >= 0 && n <= 50;
  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!valid) return;
    try {
      await save.mutateAsync({ refusal_threshold: n });
      setValue(null);
      notify.success(t`Saved`);
    } catch (err) {
      notify.error(err instanceof Error ? err.message : MSG.requestFailed);
    }
  }
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
      <Field label={t`Refused deliveries before card only`} hint={t`A shopper with this many refused cash deliveries is offered card only at checkout; 0 turns the rule off.`} error={shown !== '' && !valid ? t`A whole number from 0 to 50` : undefined}>
        <Input inputMode="numeric" value={shown} onChange={(e) => setValue(e.target.value)} className="max-w-[8rem]" />
      </Field>
      <div className="flex justify-end">
        <Button type="submit" loading={save.isPending} disabled={!valid}><Trans>Save</Trans></Button>
      </div>
    </form>
  );
}

/** Finance › Cash on delivery. */
export function CodPanel() {
  const MSG = useMsg();
  const cash = useAdminQuery<CashToCollect>(['admin-cod', 'cash'], '/api/admin/cod/cash');
  const couriers = useAdminQuery<Courier[]>(['admin-cod', 'couriers'], '/api/admin/cod/couriers');
  const c = cash.data;
  if (cash.isError && !c) return <LoadError title={MSG.loadFinanceFailed} error={cash.error} onRetry={() => void cash.refetch()} />;
  const cur = c?.currency ?? 'AED';
  return (
    <div className="space-y-5">
      <StatGrid label={t`Cash on delivery`} columns={4}>
        <StatCard label={t`Cash to collect`} loading={!c} value={c ? formatCents(c.total_cents, cur) : ''} />
        <StatCard label={t`Of which 8–30 days`} loading={!c} value={c ? formatCents(c.buckets.d8_30, cur) : ''} />
        <StatCard label={t`Of which 31+ days`} loading={!c} value={c ? formatCents(c.buckets.d31_plus, cur) : ''} />
        <StatCard label={t`Remittance differences`} loading={!c} value={c ? formatCents(c.differences_cents, cur) : ''} hint={t`Short (+) net of over (−)`} />
      </StatGrid>
      <CashTable cash={c} />
      <ImportForm couriers={couriers.data ?? []} />
      <div className="grid gap-5 lg:grid-cols-2">
        <CouriersBox couriers={couriers.data ?? []} />
        <RefusalSetting current={c?.refusal_threshold} />
      </div>
    </div>
  );
}
