import { Fragment, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { ShopperOrderTracking } from '@/components/shipping/OrderShipping';
import { AddressBook } from '@/components/delivery/AddressBook';
import { PromiseLine } from '@/components/delivery/PromiseLine';
import { Link, Navigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { GENDERS } from '@souq/shared/constants';
import type { Profile, ProfileUpdate } from '@souq/shared/api/profile';
import type { Order, Purchase } from '@souq/shared/api/orders';
import { paths } from '@/lib/paths';
import { api, ApiError } from '@/lib/api-client';
import { customerCall, useCustomerToken } from '@/lib/session';
import { Alert } from '@/components/ui/Alert';
import { Button, buttonClass } from '@/components/ui/Button';
import { Field, Input, Select } from '@/components/ui/Field';
import { Price } from '@/components/ui/Price';
import { Spinner } from '@/components/ui/Spinner';
import { NotificationSettings } from '@/features/account/NotificationSettings';
import { formatDate, isLocale, type Locale } from '@souq/shared/rules/locale';
import type { OrderStatus } from '@souq/shared/constants';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { currentMsg, useMsg } from '@/lib/use-msg';
import { MyReturns } from '@/features/account/MyReturns';
import { ConnectedAssistants } from '@/features/account/ConnectedAssistants';
import { TaxDocuments } from './TaxDocuments';
import { StoreCreditPanel } from './StoreCreditPanel';

type FormState = {
  dob: string;
  gender: string;
  phone: string;
  address_line1: string;
  address_line2: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
};

const EMPTY: FormState = { dob: '', gender: '', phone: '', address_line1: '', address_line2: '', city: '', state: '', postal_code: '', country: '' };

const GENDER_LABELS: Record<(typeof GENDERS)[number], MessageDescriptor> = {
  male: msg`Male`,
  female: msg`Female`,
  other: msg`Other`,
  prefer_not_to_say: msg`Prefer not to say`,
};

/** An order's status as the shopper reads it: the server's word in English (as the spec shows it), translated otherwise. */
const ORDER_STATUS_WORDS: Record<OrderStatus, MessageDescriptor> = {
  awaiting_payment: msg({ message: 'awaiting payment', context: 'order status' }),
  pending: msg({ message: 'pending', context: 'order status' }),
  confirmed: msg({ message: 'confirmed', context: 'order status' }),
  processing: msg({ message: 'processing', context: 'order status' }),
  shipped: msg({ message: 'shipped', context: 'order status' }),
  delivered: msg({ message: 'delivered', context: 'order status' }),
  cancelled: msg({ message: 'cancelled', context: 'order status' }),
  refunded: msg({ message: 'refunded', context: 'order status' }),
};

const localeOf = (i18n: I18n): Locale => (isLocale(i18n.locale) ? i18n.locale : 'en');

function useStatusWord(): (status: string) => string {
  const { i18n } = useLingui();
  return (status) => (Object.hasOwn(ORDER_STATUS_WORDS, status) ? i18n._(ORDER_STATUS_WORDS[status as OrderStatus]) : status);
}

/**
 * Customer spec §9's relative time ('Just now', '5m ago', '3h ago', else the date) in the page's language; the
 * English words are the spec's (the shared formatRelativeTime's), the date goes through the one formatter.
 */
function useRelativeTime(): (value: string, now: Date) => string {
  const { i18n } = useLingui();
  return (value, now) => {
    const at = new Date(value).getTime();
    if (Number.isNaN(at)) return '';
    const minutes = Math.floor((now.getTime() - at) / 60_000);
    if (minutes < 1) return i18n._(msg`Just now`);
    if (minutes < 60) return i18n._(msg`${plural(minutes, { one: '#m ago', other: '#m ago' })}`);
    const hours = Math.floor(minutes / 60);
    if (hours < 24) return i18n._(msg`${plural(hours, { one: '#h ago', other: '#h ago' })}`);
    return formatDate(value, 'day', localeOf(i18n));
  };
}

/** A profile as read; line1, line2 and zip are accepted as alternate names (customer spec §3). */
type ProfileRead = Partial<Omit<Profile, 'address'>> & {
  address?: Partial<Profile['address']> & { line1?: string; line2?: string; zip?: string };
};

function toForm(p: ProfileRead | undefined): FormState {
  const a = p?.address ?? {};
  return {
    dob: p?.dob ?? '',
    gender: p?.gender ?? '',
    phone: p?.phone ?? '',
    address_line1: a.address_line1 ?? a.line1 ?? '',
    address_line2: a.address_line2 ?? a.line2 ?? '',
    city: a.city ?? '',
    state: a.state ?? '',
    postal_code: a.postal_code ?? a.zip ?? '',
    country: a.country ?? '',
  };
}

/** dob, gender and phone are sent as null when empty; address parts as empty strings (customer spec §5). */
function toUpdate(f: FormState): ProfileUpdate {
  const orNull = (v: string) => (v.trim() === '' ? null : v.trim());
  return {
    dob: orNull(f.dob),
    gender: orNull(f.gender) as ProfileUpdate['gender'],
    phone: orNull(f.phone),
    address: {
      address_line1: f.address_line1.trim(),
      address_line2: f.address_line2.trim(),
      city: f.city.trim(),
      state: f.state.trim(),
      postal_code: f.postal_code.trim(),
      country: f.country.trim(),
    },
  };
}


const PROFILE_KEY = ['profile'] as const;

const useProfile = () =>
  useQuery({ queryKey: PROFILE_KEY, queryFn: ({ signal }) => customerCall(api<ProfileRead>('/api/profile', { signal })), retry: false });

/** The server's field names ('address.city') → the form's (city). */
function formFieldOf(serverField: string): keyof FormState | null {
  const name = serverField.replace(/^address\./, '');
  const alias: Record<string, keyof FormState> = { line1: 'address_line1', line2: 'address_line2', zip: 'postal_code' };
  if (Object.hasOwn(alias, name)) return alias[name]!;
  return Object.hasOwn(EMPTY, name) ? (name as keyof FormState) : null;
}

type FieldErrors = Partial<Record<keyof FormState, string>>;

/** A failed save as the screen shows it: the server's message per field where it names one, else one line. */
function saveErrorOf(err: unknown): { message: string | null; fields: FieldErrors } {
  if (!(err instanceof ApiError) || !err.body?.error) return { message: currentMsg().profileSaveFailed, fields: {} };
  const fields: FieldErrors = {};
  for (const [name, text] of Object.entries(err.body.fields ?? {})) {
    const field = formFieldOf(name);
    if (field) fields[field] ??= text;
  }
  return { message: Object.keys(fields).length > 0 ? null : err.message, fields };
}

/**
 * The profile form shared by /profile and /onboarding: loads GET /api/profile, saves PUT /api/profile.
 * `actions` renders the buttons (given the saving flag); `onSaved` runs after a successful save.
 */
export function ProfileForm({ actions, onSaved }: { actions: (saving: boolean) => ReactNode; onSaved?: () => void }) {
  const { t, i18n } = useLingui();
  const MSG = useMsg();
  const queryClient = useQueryClient();
  const profile = useProfile();
  const [form, setForm] = useState<FormState>(EMPTY);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);

  // The form shows the server's copy: when it first arrives, and whenever it changes (a save, a refetch) while
  // nothing typed is waiting to be saved. Typing marks the form edited, so a refetch never overwrites it.
  const [shown, setShown] = useState<{ from: unknown; edited: boolean }>({ from: null, edited: false });
  if (profile.data && shown.from !== profile.data && !shown.edited) {
    setShown({ from: profile.data, edited: false });
    setForm(toForm(profile.data));
  }

  const set = (k: keyof FormState) => (e: { target: { value: string } }) => {
    setSaved(false);
    setShown((s) => (s.edited ? s : { ...s, edited: true }));
    setFieldErrors((f) => (f[k] ? { ...f, [k]: undefined } : f));
    setForm((f) => ({ ...f, [k]: e.target.value }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSaving(true);
    setError(null);
    setFieldErrors({});
    setSaved(false);
    try {
      const updated = await customerCall(api<ProfileRead>('/api/profile', { method: 'PUT', body: toUpdate(form) }));
      // the stored copy is the truth from now on: the cache holds it, and the form shows it
      queryClient.setQueryData(PROFILE_KEY, updated);
      setShown({ from: updated, edited: false });
      setForm(toForm(updated));
      setSaved(true);
      onSaved?.();
    } catch (err) {
      const failure = saveErrorOf(err);
      setError(failure.message);
      setFieldErrors(failure.fields);
    } finally {
      setSaving(false);
    }
  }

  if (profile.isPending) {
    return (
      <div className="flex justify-center py-10 text-slate-500">
        <Spinner label={t`Loading profile…`} />
      </div>
    );
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-5" noValidate>
      {profile.isError && <p className="text-sm font-medium text-red-700" role="alert">{MSG.profileLoadFailed}</p>}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t`Date of Birth`} error={fieldErrors.dob}>
          <Input type="date" value={form.dob} onChange={set('dob')} autoComplete="bday" max={new Date().toISOString().slice(0, 10)} />
        </Field>
        <Field label={t`Gender`} error={fieldErrors.gender}>
          <Select value={form.gender} onChange={set('gender')}>
            <option value="">{t`Select…`}</option>
            {GENDERS.map((g) => (
              <option key={g} value={g}>
                {i18n._(GENDER_LABELS[g])}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t`Phone`} error={fieldErrors.phone}>
          <Input type="tel" value={form.phone} onChange={set('phone')} autoComplete="tel" />
        </Field>
        <div className="hidden sm:block" aria-hidden="true" />
        <Field label={t`Address Line 1`} className="sm:col-span-2" error={fieldErrors.address_line1}>
          <Input dir="auto" value={form.address_line1} onChange={set('address_line1')} autoComplete="address-line1" />
        </Field>
        <Field label={t`Address Line 2`} className="sm:col-span-2" error={fieldErrors.address_line2}>
          <Input dir="auto" value={form.address_line2} onChange={set('address_line2')} autoComplete="address-line2" />
        </Field>
        <Field label={t`City`} error={fieldErrors.city}>
          <Input dir="auto" value={form.city} onChange={set('city')} autoComplete="address-level2" />
        </Field>
        <Field label={t`State/Province`} error={fieldErrors.state}>
          <Input dir="auto" value={form.state} onChange={set('state')} autoComplete="address-level1" />
        </Field>
        <Field label={t`Postal Code`} error={fieldErrors.postal_code}>
          <Input dir="auto" value={form.postal_code} onChange={set('postal_code')} autoComplete="postal-code" />
        </Field>
        <Field label={t`Country`} error={fieldErrors.country}>
          <Input dir="auto" value={form.country} onChange={set('country')} autoComplete="country-name" />
        </Field>
      </div>
      {error && <p className="text-sm font-medium text-red-700" role="alert">{error}</p>}
      {saved && !onSaved && <Alert tone="success">{MSG.profileSaved}</Alert>}
      <div className="flex flex-wrap items-center gap-3">{actions(saving)}</div>
    </form>
  );
}

/** Each seller's part of a purchase (decision 0086): who sells it, its own number, status, shipping and tracking. */
function SellerParts({ parts }: { parts: Order[] }) {
  const { t } = useLingui();
  const statusWord = useStatusWord();
  return (
    <ul aria-label={t`Sellers in this order`} className="space-y-1 border-s-2 border-slate-200 ps-3 text-xs text-slate-600">
      {parts.map((p) => (
        <li key={p.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5">
          <span className="font-medium text-slate-800">
            <Trans>Sold by <bdi>{p.seller_name}</bdi></Trans>
          </span>
          <span><bdi>{p.order_number}</bdi></span>
          <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-700">{statusWord(p.status)}</span>
          <span>
            <Trans>Shipping <Price value={p.shipping} /></Trans>
          </span>
          {/* the parcel where a carrier was booked, or the typed number marked not verified (decision 0150) */}
          {p.tracking_number && <div className="basis-full"><ShopperOrderTracking orderId={p.id} /></div>}
          {p.delivery_promise && p.status !== 'delivered' && p.status !== 'cancelled' && p.status !== 'refunded' && <PromiseLine promise={p.delivery_promise} placed className="basis-full" />}
        </li>
      ))}
    </ul>
  );
}

/** A card purchase still waiting for its payment (decision 0137): back to its payment, where the provider's page is. */
function PayNow({ purchase, className }: { purchase: string; className?: string }) {
  return (
    <Link to={`${paths.checkoutPayment}?${new URLSearchParams({ purchase })}`} className={`font-medium text-teal-700 underline underline-offset-2 ${className ?? ''}`}>
      <Trans>Pay now</Trans>
    </Link>
  );
}

function RecentOrders() {
  const { t, i18n } = useLingui();
  const MSG = useMsg();
  const statusWord = useStatusWord();
  const relativeTime = useRelativeTime();
  const orders = useQuery({ queryKey: ['my-orders'], queryFn: ({ signal }) => customerCall(api<Purchase[]>('/api/my/orders', { signal })) });
  // Relative times ('5m ago') move on while the page is open.
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(t);
  }, []);

  return (
    <section aria-labelledby="recent-orders" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="recent-orders" className="text-lg font-semibold text-slate-900">
          <Trans>Your Recent Orders</Trans>
        </h2>
        <p className="text-xs text-slate-500">{MSG.liveUpdatesOff}</p>
      </div>
      {orders.isPending ? (
        <Spinner size="sm" label={t`Loading orders…`} />
      ) : orders.isError ? (
        <Alert tone="error">{orders.error.message}</Alert>
      ) : orders.data.length === 0 ? (
        <p className="text-sm text-slate-600">{MSG.noOrdersYet}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-start text-sm">
            <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-500 uppercase">
              <tr>
                <th scope="col" className="py-2 pe-3 font-semibold"><Trans>Order #</Trans></th>
                <th scope="col" className="hidden px-3 py-2 font-semibold sm:table-cell"><Trans>Status</Trans></th>
                <th scope="col" className="px-3 py-2 text-end font-semibold"><Trans>Total</Trans></th>
                <th scope="col" className="hidden py-2 ps-3 text-end font-semibold sm:table-cell"><Trans>Placed</Trans></th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {orders.data.map((o) => (
                <Fragment key={o.id}>
                <tr>
                  <td className="py-3 pe-3 font-medium whitespace-nowrap text-slate-900">
                    {o.order_number}
                    {/* phones: the Status and Placed columns fold away, they read under the number */}
                    <span className="mt-1 flex items-center gap-2 text-xs font-normal text-slate-500 sm:hidden">
                      <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-700">{statusWord(o.status)}</span>
                      <time dateTime={o.created_at}>{relativeTime(o.created_at, now)}</time>
                      {o.status === 'awaiting_payment' && <PayNow purchase={o.order_number} />}
                    </span>
                  </td>
                  <td className="hidden px-3 py-3 sm:table-cell">
                    <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">{statusWord(o.status)}</span>
                    {o.status === 'awaiting_payment' && <PayNow purchase={o.order_number} className="ms-2" />}
                  </td>
                  <td className="px-3 py-3 text-end">
                    <Price value={o.total_amount} />
                  </td>
                  <td className="hidden py-3 ps-3 text-end whitespace-nowrap text-slate-600 sm:table-cell">
                    <time dateTime={o.created_at} title={formatDate(o.created_at, 'dayTime', localeOf(i18n))}>
                      {relativeTime(o.created_at, now)}
                    </time>
                  </td>
                </tr>
                <tr>
                  <td colSpan={4} className="pb-3">
                    <SellerParts parts={o.sub_orders} />
                  </td>
                </tr>
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** /profile 'My Profile' (customer spec §2): profile form, notification settings, recent orders. Signed-in only. */
export default function ProfilePage() {
  const { t } = useLingui();
  const token = useCustomerToken();
  if (!token) return <Navigate to={paths.login} replace />;
  return (
    <div className="min-h-dvh">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-3xl items-center gap-4 px-4 py-3 sm:px-6">
          <Link to={paths.assistant} className={buttonClass('ghost', 'sm', '-ms-2')}>
            {/* the arrow points back, towards the line's start, in both directions */}
            <span className="inline-block rtl:-scale-x-100">←</span> <Trans>Back to shop</Trans>
          </Link>
        </div>
      </header>
      <main className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8">
        <h1 className="text-2xl font-semibold text-slate-900"><Trans>My Profile</Trans></h1>
        <section aria-label={t`Profile details`} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <ProfileForm
            actions={(saving) => (
              <Button type="submit" loading={saving}>
                <Trans>Save Changes</Trans>
              </Button>
            )}
          />
        </section>
        <AddressBook />
        <NotificationSettings />
        <ConnectedAssistants />
        <RecentOrders />
        <StoreCreditPanel />
        <MyReturns />
        <TaxDocuments />
      </main>
    </div>
  );
}
