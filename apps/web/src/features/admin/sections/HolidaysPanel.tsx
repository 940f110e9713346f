import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDate } from '@souq/shared/rules/locale';
import type { Holiday } from '@souq/shared/api/delivery';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Field, Input } from '@/components/ui/Field';
import { notify } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { useLocale } from '@/lib/use-locale';
import { addHoliday, HOLIDAYS_KEY, listHolidays, removeHoliday } from '@/components/delivery/api';

/** Admin › System: the UAE public holidays the delivery promise skips (decision 0151); each add and removal audited. */
export function HolidaysPanel() {
  const { t } = useLingui();
  const locale = useLocale();
  const client = useQueryClient();
  const list = useQuery({ queryKey: HOLIDAYS_KEY, queryFn: ({ signal }) => listHolidays(signal) });
  const [form, setForm] = useState({ date: '', name_en: '', name_ar: '', estimated: false });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<Holiday | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: HOLIDAYS_KEY });
  async function submit(e: FormEvent) {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!/^\d{4}-\d{2}-\d{2}$/.test(form.date)) next.date = t`A holiday is a date like 2026-12-02`;
    if (!form.name_en.trim()) next.name_en = t`Name is required`;
    if (!form.name_ar.trim()) next.name_ar = t`Name is required`;
    setErrors(next);
    if (Object.keys(next).length) return;
    setBusy(true);
    try {
      await addHoliday(form);
      await refresh();
      setForm({ date: '', name_en: '', name_ar: '', estimated: false });
      notify.success(t`Holiday added`);
    } catch (err) {
      if (err instanceof ApiError && err.body?.fields) setErrors(err.body.fields);
      notify.errorFrom(err, t`The holiday was not added`);
    } finally {
      setBusy(false);
    }
  }
  return (
    <section aria-labelledby="holidays-heading" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="holidays-heading" className="text-lg font-semibold text-slate-900"><Trans>Public holidays</Trans></h2>
      <p className="mt-1 mb-4 text-sm text-slate-600">
        <Trans>Delivery promises skip these days as well as Saturdays and Sundays. Islamic-calendar dates are estimates until the moon sighting is announced: correct them here.</Trans>
      </p>
      <form onSubmit={submit} noValidate aria-label={t`Add a holiday`} className="mb-4 grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start">
        <Field label={t`Date`} error={errors.date}>
          <Input type="date" dir="ltr" value={form.date} onChange={(e) => setForm({ ...form, date: e.target.value })} />
        </Field>
        <Field label={t`Name in English`} error={errors.name_en}>
          <Input dir="ltr" lang="en" value={form.name_en} onChange={(e) => setForm({ ...form, name_en: e.target.value })} />
        </Field>
        <Field label={t`Name in Arabic`} error={errors.name_ar}>
          <Input dir="rtl" lang="ar" value={form.name_ar} onChange={(e) => setForm({ ...form, name_ar: e.target.value })} />
        </Field>
        <div className="flex flex-col gap-2 sm:mt-6">
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" checked={form.estimated} onChange={(e) => setForm({ ...form, estimated: e.target.checked })} />
            <Trans>Estimated</Trans>
          </label>
          <Button type="submit" size="sm" loading={busy}><Trans>Add holiday</Trans></Button>
        </div>
      </form>
      {list.isError && <p role="alert" className="text-sm text-red-700"><Trans>The holidays could not be loaded.</Trans></p>}
      <ul className="divide-y divide-slate-100 text-sm">
        {list.data?.map((h) => (
          <li key={h.date} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="min-w-0">
              <span className="font-medium text-slate-900">{formatDate(h.date, 'weekdayDay', locale)} {h.date.slice(0, 4)}</span>
              {' · '}<bdi>{locale === 'ar' ? h.name_ar : h.name_en}</bdi>
              {h.estimated && <span className="ms-2 rounded-full bg-amber-50 px-2 py-0.5 text-xs text-amber-800"><Trans>estimated</Trans></span>}
            </span>
            <Button size="sm" variant="secondary" onClick={() => setRemoving(h)} aria-label={t`Remove ${h.date}`}><Trans>Remove</Trans></Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={t`Remove holiday`}
        message={t`Remove this holiday? Promises quoted from now on count it as a working day; placed orders keep theirs.`}
        confirmLabel={t`Remove`}
        cancelLabel={t`Cancel`}
        destructive
        onConfirm={async () => {
          if (!removing) return;
          try {
            await removeHoliday(removing.date);
            await refresh();
            setRemoving(null);
            notify.success(t`Holiday removed`);
          } catch (err) {
            notify.errorFrom(err, t`The holiday was not removed`);
          }
        }}
      />
    </section>
  );
}
