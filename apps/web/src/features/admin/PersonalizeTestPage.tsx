import { msg, t } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@/lib/i18n';
import { Trans } from '@lingui/react/macro';
import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Product } from '@souq/shared/api/catalogue';
import { EVENT_TYPES, HISTORY_DEFAULT_LIMIT, RECOMMENDATIONS_DEFAULT_COUNT, SIMILAR_DEFAULT_COUNT, type EventType } from '@souq/shared/constants';
import { useMsg } from '@/lib/use-msg';
import { LocalText, useContentLang } from '@/lib/content-lang';
import { pickText } from '@souq/shared/rules/content-lang';
import { formatRelativeTime } from '@souq/shared/rules/relative-time';
import { paths } from '@/lib/paths';
import { api, ApiError } from '@/lib/api-client';
import { useAdminAccess } from '@/lib/session';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Field, Input, Select } from '@/components/ui/Field';
import { Price } from '@/components/ui/Price';
import { Spinner } from '@/components/ui/Spinner';
import { cx } from '@/components/ui/cx';
import { personalizeKeys, useInteractionHistory, useRecommendations, useSimilarItems, type ShownRecommendation } from '@/lib/shop/recommendations-api';
import { randomId } from '@/lib/tracking/tracker';
import { useTrackingUserId } from '@/lib/tracking/useTrackingUserId';
import { AdminFrame } from './AdminFrame';
import type { AdminSectionId } from './sections';

type AdminUser = { id: number; name: string; email: string; role: string };
type SentEvent = { id: string; userId: string; itemId: string; eventType: EventType; ok: boolean; error?: string };

// the event types' names in the page's language
const EVENT_LABELS: Record<EventType, MessageDescriptor> = {
  view: msg`View`,
  click: msg`Click`,
  add_to_cart: msg`Add to cart`,
  purchase: msg`Purchase`,
  search: msg`Search`,
  chat_interaction: msg`Chat interaction`,
  session_start: msg`Session start`,
  session_end: msg`Session end`,
};
const eventLabel = (type: string): string => (type in EVENT_LABELS ? i18n._(EVENT_LABELS[type as EventType]) : type);

const LOG_SIZE = 12;
/** A typed value inside a sentence, in its own direction (the Unicode isolates: a panel's subtitle is also its title). */
const isolated = (text: string) => `\u2068${text}\u2069`;

/**
 * /admin/personalize-test (admin spec route table): send tracking events for any user and item through
 * POST /api/personalize/events and watch that user's recommendations, history and the item's similar items change.
 * Numeric (signed-in) user ids need the admin session; anonymous ids work for anyone.
 */
export default function PersonalizeTestPage() {
  const hasAdmin = useAdminAccess();
  const navigate = useNavigate();
  // not gated on the client (admin §2): without the admin session it still works for anonymous ids
  if (!hasAdmin) {
    return (
      <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
        <PersonalizeTester hasAdmin={false} />
      </main>
    );
  }
  const open = (section: AdminSectionId) => navigate(paths.admin, { state: { section } });
  return (
    <AdminFrame active={null} crumb={t`Personalize Test`} onSelect={open}>
      <PersonalizeTester hasAdmin />
    </AdminFrame>
  );
}

function PersonalizeTester({ hasAdmin }: { hasAdmin: boolean }) {
  const MSG = useMsg();
  const queryClient = useQueryClient();
  const myId = useTrackingUserId();
  const auth = hasAdmin ? 'admin' : 'customer';
  const [userInput, setUserInput] = useState('');
  const userId = (userInput.trim() || myId).slice(0, 100);
  const [itemId, setItemId] = useState('');
  const [query, setQuery] = useState('');
  const [forItem, setForItem] = useState(false);
  const [log, setLog] = useState<SentEvent[]>([]);
  const [sending, setSending] = useState<EventType | null>(null);
  const [sessionId] = useState(randomId);
  const userFieldId = useId();

  const products = useQuery({
    queryKey: ['catalogue', 'personalize-test'],
    queryFn: ({ signal }) => api<Product[]>('/api/products?limit=200', { auth: 'none', signal }),
  });
  const users = useQuery({
    queryKey: ['admin', 'users', 'personalize-test'],
    enabled: hasAdmin,
    queryFn: ({ signal }) => api<AdminUser[]>('/api/admin/users?limit=200', { auth: 'admin', signal }),
  });
  const lang = useContentLang();
  const productList = useMemo(() => products.data ?? [], [products.data]);
  const item = itemId || (productList[0] ? String(productList[0].id) : '');
  // a product by its name in the page's language (the English where it has no Arabic)
  const productName = (id: string) => {
    const p = productList.find((x) => String(x.id) === id);
    return p ? pickText(p.name, p.name_ar ?? '', lang) : t`Product #${id}`;
  };

  const recommendations = useRecommendations(userId, RECOMMENDATIONS_DEFAULT_COUNT, { auth, itemId: forItem ? item : undefined });
  const history = useInteractionHistory(userId, { limit: HISTORY_DEFAULT_LIMIT, auth });
  const similar = useSimilarItems(item, { count: SIMILAR_DEFAULT_COUNT, auth });

  async function send(eventType: EventType) {
    if (!userId || !item) return;
    setSending(eventType);
    const isSearch = eventType === 'search';
    const target = isSearch ? 'search' : eventType === 'session_start' || eventType === 'session_end' ? 'session' : item;
    const properties: Record<string, unknown> = { source: 'personalize_test' };
    if (isSearch) properties.query = query.trim() || productName(item);
    else if (target === item) properties.productName = productName(item);
    if (eventType === 'add_to_cart' || eventType === 'purchase') properties.quantity = 1;
    const entry: SentEvent = { id: randomId(), userId, itemId: target, eventType, ok: true };
    try {
      await api('/api/personalize/events', {
        method: 'POST',
        auth,
        body: { userId, itemId: target, eventType, sessionId, properties, timestamp: new Date().toISOString() },
      });
    } catch (err) {
      entry.ok = false;
      entry.error = err instanceof ApiError ? err.message : MSG.requestFailed;
    } finally {
      setSending(null);
      setLog((l) => [entry, ...l].slice(0, LOG_SIZE));
      await queryClient.invalidateQueries({ queryKey: personalizeKeys.all });
    }
  }

  function submitQuery(e: FormEvent) {
    e.preventDefault();
    void send('search');
  }

  const Title = hasAdmin ? 'h2' : 'h1';
  return (
    <div className="flex flex-col gap-5">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase"><Trans>Admin · Recommendations</Trans></p>
          <Title className="text-2xl font-bold text-slate-900"><Trans>Personalize Test</Trans></Title>
          <p className="mt-1 max-w-2xl text-sm text-slate-600">
            <Trans>Send interaction events for a user and an item, then watch that user&apos;s recommendations, history and the item&apos;s similar items update.</Trans>
          </p>
        </div>
        {!hasAdmin && (
          <Link to={paths.adminAccess} className="text-sm font-medium text-brand-700 hover:underline">
            <Trans>Admin Access →</Trans>
          </Link>
        )}
      </header>

      {!hasAdmin && (
        <Alert tone="info" title={t`Anonymous ids only`}>
          <Trans>Testing a signed-in user&apos;s id needs the admin session.</Trans> <Link to={paths.adminAccess} className="font-medium underline"><Trans>Enter the access code</Trans></Link> <Trans>first.</Trans>
        </Alert>
      )}

      <section aria-label={t`Event sender`} className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 md:grid-cols-2">
        <div className="flex flex-col gap-3">
          <Field label={t`User id`} hint={t`Leave blank for this browser's id (${myId}).`}>
            <Input id={userFieldId} value={userInput} onChange={(e) => setUserInput(e.target.value)} placeholder={myId} maxLength={100} spellCheck={false} />
          </Field>
          {hasAdmin && (users.data?.length ?? 0) > 0 && (
            <Field label={t`Or pick a user`}>
              <Select value={users.data!.some((u) => String(u.id) === userInput.trim()) ? userInput.trim() : ''} onChange={(e) => setUserInput(e.target.value)}>
                <option value="">This browser ({myId})</option>
                {users.data!.map((u) => (
                  <option key={u.id} value={String(u.id)}>
                    #{u.id} {u.name} ({u.email})
                  </option>
                ))}
              </Select>
            </Field>
          )}
          <Field label={t`Item`} hint={products.isError ? MSG.errorLoadingProducts(products.error.message) : undefined}>
            <Select value={item} onChange={(e) => setItemId(e.target.value)} disabled={productList.length === 0}>
              {productList.length === 0 && <option value="">{products.isPending ? 'Loading products...' : 'No products found.'}</option>}
              {productList.map((p) => (
                <option key={p.id} value={String(p.id)}>
                  #{p.id} {p.name}
                </option>
              ))}
            </Select>
          </Field>
        </div>

        <div className="flex flex-col gap-3">
          <p className="text-sm font-medium text-slate-700"><Trans>Send an event</Trans></p>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {EVENT_TYPES.filter((t) => t !== 'search').map((t) => (
              <Button key={t} variant="secondary" size="sm" onClick={() => void send(t)} loading={sending === t} disabled={!item || sending !== null}>
                {eventLabel(t)}
              </Button>
            ))}
          </div>
          <form onSubmit={submitQuery} className="flex items-end gap-2">
            <Field label={t`Search query`} className="min-w-0 flex-1">
              <Input value={query} onChange={(e) => setQuery(e.target.value)} placeholder={item ? isolated(productName(item)) : t`e.g. headphones`} maxLength={200} />
            </Field>
            <Button type="submit" variant="secondary" loading={sending === 'search'} disabled={!item || sending !== null}>
              <Trans>Search</Trans>
            </Button>
          </form>
          <div>
            <p className="mb-1 text-xs font-medium text-slate-500"><Trans>Sent ({sessionId.slice(0, 8)}…)</Trans></p>
            {log.length === 0 ? (
              <p className="text-sm text-slate-500"><Trans>No events sent yet.</Trans></p>
            ) : (
              <ul className="max-h-36 space-y-1 overflow-y-auto text-xs" aria-live="polite">
                {log.map((e) => (
                  <li key={e.id} className={cx('flex gap-2 rounded px-2 py-1', e.ok ? 'bg-emerald-50 text-emerald-900' : 'bg-red-50 text-red-800')}>
                    <span className="font-semibold">{e.ok ? '✓' : '✗'}</span>
                    <span className="min-w-0 flex-1 truncate">
                      {eventLabel(e.eventType)} · <Trans>user <bdi>{e.userId}</bdi> · item <bdi>{e.itemId}</bdi></Trans>
                      {e.error ? ` — ${e.error}` : ''}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      </section>

      <div className="grid gap-5 lg:grid-cols-3">
        <Panel
          title={t`Recommendations`}
          subtitle={forItem && item ? t`for ${isolated(userId)}, item ${isolated(productName(item))}` : t`for ${isolated(userId)}`}
          action={
            <label className="flex items-center gap-1.5 text-xs text-slate-600">
              <input type="checkbox" checked={forItem} onChange={(e) => setForItem(e.target.checked)} className="accent-brand-700" />
              <Trans>for this item</Trans>
            </label>
          }
          state={recommendations}
          empty={MSG.noRecommendations}
          errorTitle={MSG.recommendationsUnavailable}
        >
          {recommendations.data?.fallback && (
            <p className="mb-2 text-xs text-amber-700"><Trans>The service could not be reached: showing the fallback list.</Trans></p>
          )}
          <ScoredList items={recommendations.data?.items ?? []} />
        </Panel>

        <Panel title={t`History`} subtitle={t`of ${isolated(userId)}`} state={history} empty={t`No interactions yet`}>
          <ul className="divide-y divide-slate-100 text-sm">
            {(history.data ?? []).map((h, i) => (
              <li key={`${h.timestamp}-${i}`} className="flex items-start justify-between gap-2 py-1.5">
                <span className="line-clamp-2 min-w-0">
                  <span className="font-medium text-slate-800">{eventLabel(h.eventType)}</span>{' '}
                  <span className="text-slate-500">
                    {h.itemId === 'search' ? `“${String(h.properties.query ?? '')}”` : h.itemId === 'session' ? '' : productName(h.itemId)}
                  </span>
                </span>
                <time dateTime={h.timestamp} className="shrink-0 pt-0.5 text-xs text-slate-400">
                  {formatRelativeTime(h.timestamp)}
                </time>
              </li>
            ))}
          </ul>
        </Panel>

        <Panel title={t`Similar items`} subtitle={item ? t`to ${isolated(productName(item))}` : t`Pick an item`} state={similar} empty={t`No similar items`}>
          <ScoredList items={similar.data ?? []} />
        </Panel>
      </div>
    </div>
  );
}

type QueryState = {
  isLoading: boolean;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: Error | null;
  data?: unknown;
  refetch: () => unknown;
};

function isEmpty(data: unknown): boolean {
  if (Array.isArray(data)) return data.length === 0;
  if (data && typeof data === 'object' && 'items' in data) return (data as { items: unknown[] }).items.length === 0;
  return !data;
}

function Panel({ title, subtitle, action, state, empty, errorTitle, children }: {
  title: string;
  subtitle: string;
  action?: ReactNode;
  state: QueryState;
  empty: string;
  errorTitle?: string;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} className="flex min-w-0 flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="mb-3 flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="text-base font-semibold text-slate-900">{title}</h3>
          <p className="truncate text-xs text-slate-500" title={subtitle}>
            {subtitle}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          {state.isFetching && !state.isPending && <Spinner size="sm" className="text-slate-400" />}
          {action}
        </div>
      </div>
      {state.isLoading ? (
        <Spinner label={t`Loading...`} className="text-slate-500" />
      ) : state.isError ? (
        <Alert tone="error" title={errorTitle}>
          {state.error?.message}{' '}
          <button type="button" onClick={() => void state.refetch()} className="font-medium underline">
            <Trans>Try Again</Trans>
          </button>
        </Alert>
      ) : isEmpty(state.data) ? (
        <p className="text-sm text-slate-500">{empty}</p>
      ) : (
        children
      )}
    </section>
  );
}

function ScoredList({ items }: { items: ShownRecommendation[] }) {
  const lang = useContentLang();
  return (
    <ol className="divide-y divide-slate-100">
      {items.map((r) => (
        <li key={r.itemId} className="flex items-center gap-3 py-2">
          {r.itemImage ? (
            <img src={r.itemImage} alt="" className="h-10 w-10 shrink-0 rounded-md bg-slate-100 object-cover" loading="lazy" />
          ) : (
            <span className="h-10 w-10 shrink-0 rounded-md bg-slate-100" aria-hidden="true" />
          )}
          <div className="min-w-0 flex-1">
            <p className="line-clamp-2 text-sm leading-snug font-medium text-slate-900" title={pickText(r.itemName, r.itemNameAr, lang)}>
              <LocalText en={r.itemName} ar={r.itemNameAr} lang={lang} />
            </p>
            <p className="flex flex-wrap gap-x-2 text-xs text-slate-500">
              <span className="capitalize"><LocalText en={r.itemCategory} ar={r.itemCategoryAr} lang={lang} /></span>
              {Number.isFinite(r.itemPrice) && <Price value={r.itemPrice} />}
            </p>
          </div>
          <span className="shrink-0 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700 tabular-nums">
            <Trans>{Math.round(r.score * 100)}% match</Trans>
          </span>
        </li>
      ))}
    </ol>
  );
}
