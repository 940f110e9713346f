import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SavedAddress } from '@souq/shared/api/addresses';
import { addressLine, formatUaePhone } from '@souq/shared/rules/uae-address';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Field, Input } from '@/components/ui/Field';
import { ApiError } from '@/lib/api-client';
import { useLocale } from '@/lib/use-locale';
import { useCustomerUser } from '@/lib/session';
import { AddressFields, draftOf, emptyDraft, errorsFromServer, inputOf, useDraftCheck, type AddressDraft, type DraftErrors } from './AddressFields';
import { ADDRESSES_KEY, createAddress, deleteAddress, listAddresses, updateAddress } from './api';

/** Adds a new address or edits one (`editing`). */
function AddressForm({ editing, onDone }: { editing: SavedAddress | null; onDone: () => void }) {
  const { t } = useLingui();
  const user = useCustomerUser();
  const client = useQueryClient();
  const check = useDraftCheck();
  const [label, setLabel] = useState(editing?.label ?? '');
  const [makeDefault, setMakeDefault] = useState(editing?.is_default ?? false);
  const [draft, setDraft] = useState<AddressDraft>(editing ? draftOf(editing.address) : emptyDraft(user?.name ?? ''));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = check(draft);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const body = { label: label.trim(), is_default: makeDefault, address: inputOf(draft) };
      await (editing ? updateAddress(editing.id, body) : createAddress(body));
      await client.invalidateQueries({ queryKey: ADDRESSES_KEY });
      onDone();
    } catch (err) {
      if (err instanceof ApiError) setErrors(errorsFromServer(err.body?.fields));
      setFailure(err instanceof Error ? err.message : t`The address was not saved`);
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={submit} noValidate aria-label={editing ? t`Edit address` : t`New address`} className="flex flex-col gap-4 rounded-xl border border-slate-200 p-4">
      <Field label={t`Label (optional)`} hint={t`Home, Office…`}>
        <Input value={label} onChange={(e) => setLabel(e.target.value)} />
      </Field>
      <AddressFields draft={draft} onChange={setDraft} errors={errors} />
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" checked={makeDefault} disabled={editing?.is_default} onChange={(e) => setMakeDefault(e.target.checked)} />
        <Trans>Use as my default address</Trans>
      </label>
      {failure && <p role="alert" className="text-sm text-red-700">{failure}</p>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={busy}><Trans>Save address</Trans></Button>
        <Button type="button" variant="secondary" onClick={onDone}><Trans>Cancel</Trans></Button>
      </div>
    </form>
  );
}

/** /profile "Addresses" (decision 0151): the shopper's UAE addresses, one the default; add, edit, delete. */
export function AddressBook() {
  const { t } = useLingui();
  const locale = useLocale();
  const client = useQueryClient();
  const list = useQuery({ queryKey: ADDRESSES_KEY, queryFn: ({ signal }) => listAddresses(signal) });
  const [editing, setEditing] = useState<SavedAddress | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SavedAddress | null>(null);
  return (
    <section aria-labelledby="my-addresses" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id="my-addresses" className="text-lg font-semibold text-slate-900"><Trans>Addresses</Trans></h2>
        {editing === null && <Button size="sm" variant="secondary" onClick={() => setEditing('new')}><Trans>Add address</Trans></Button>}
      </div>
      {list.isError && <p role="alert" className="text-sm text-red-700"><Trans>Your addresses could not be loaded.</Trans></p>}
      {list.data?.length === 0 && editing === null && <p className="text-sm text-slate-600"><Trans>No saved addresses yet. Add one to check out faster.</Trans></p>}
      <ul className="flex flex-col gap-3">
        {list.data?.map((a) => (editing !== 'new' && editing?.id === a.id ? (
          <li key={a.id}><AddressForm editing={a} onDone={() => setEditing(null)} /></li>
        ) : (
          <li key={a.id} className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-slate-200 p-4">
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-medium break-words text-slate-900">
                <bdi>{a.label || a.address.name}</bdi>
                {a.is_default && <span className="ms-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs text-emerald-800"><Trans>Default</Trans></span>}
              </p>
              <p className="break-words text-slate-700"><bdi>{addressLine(a.address, locale)}</bdi></p>
              <p className="text-slate-500"><bdi>{a.address.name}</bdi> · <span dir="ltr">{formatUaePhone(a.address.phone)}</span></p>
            </div>
            <div className="flex gap-2">
              <Button size="sm" variant="secondary" onClick={() => setEditing(a)} aria-label={t`Edit ${a.label || a.address.area}`}><Trans>Edit</Trans></Button>
              <Button size="sm" variant="secondary" onClick={() => setDeleting(a)} aria-label={t`Delete ${a.label || a.address.area}`}><Trans>Delete</Trans></Button>
            </div>
          </li>
        )))}
      </ul>
      {editing === 'new' && <div className="mt-3"><AddressForm editing={null} onDone={() => setEditing(null)} /></div>}
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t`Delete address`}
        message={t`Delete this address? Orders already placed keep theirs.`}
        confirmLabel={t`Delete`}
        cancelLabel={t`Cancel`}
        destructive
        onConfirm={async () => {
          if (!deleting) return;
          await deleteAddress(deleting.id);
          await client.invalidateQueries({ queryKey: ADDRESSES_KEY });
          setDeleting(null);
        }}
      />
    </section>
  );
}
