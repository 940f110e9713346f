import { useEffect, useState } from 'react';
import { DEFAULT_NOTIFICATION_PREFERENCES, STORAGE_KEYS } from '@souq/shared/constants';
import { ApiError } from '@/lib/api-client';
import { readJson } from '@/lib/storage';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { cx } from '@/components/ui/cx';
import {
  currentSubscription,
  loadPreferences,
  pushSupported,
  savePreferences,
  sendTestNotification,
  subscribePush,
  unsubscribePush,
  type Preferences,
} from './push';
import { PriceAlertsList } from './PriceAlertsList';
import { useMsg } from '@/lib/use-msg';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';

const LABELS: Record<keyof Preferences, MessageDescriptor> = {
  orderUpdates: msg`Order updates and tracking`,
  productRecommendations: msg`AI-powered product recommendations`,
  promotions: msg`Special promotions and deals`,
  aiInsights: msg`AI shopping insights and tips`,
};

type Notice = { tone: 'success' | 'error'; text: string } | null;

/** The user id the notification calls carry (customer spec §6: read from the stored `user`). */
const storedUserId = (): string | null => {
  const id = readJson<{ id?: unknown } | null>(STORAGE_KEYS.user, null)?.id;
  return id === undefined || id === null || id === '' ? null : String(id);
};

/** Notification Settings block of /profile (customer spec §2 "Notification settings block"). */
export function NotificationSettings() {
  const { t, i18n } = useLingui();
  const MSG = useMsg();
  const supported = pushSupported();
  const [permission, setPermission] = useState<NotificationPermission>(() => (supported ? Notification.permission : 'default'));
  const [subscribed, setSubscribed] = useState(false);
  const [prefs, setPrefs] = useState<Preferences>({ ...DEFAULT_NOTIFICATION_PREFERENCES });
  const [busy, setBusy] = useState<null | 'enable' | 'disable' | 'test'>(null);
  const [notice, setNotice] = useState<Notice>(null);

  useEffect(() => {
    if (!supported) return;
    let live = true;
    void currentSubscription().then((sub) => live && setSubscribed(!!sub));
    const userId = storedUserId();
    if (userId && Notification.permission === 'granted') {
      void loadPreferences(userId).then((p) => live && p && setPrefs(p));
    }
    return () => {
      live = false;
    };
  }, [supported]);

  if (!supported) {
    return (
      <Block>
        <p className="text-sm text-slate-600">{MSG.pushUnsupported}</p>
        {/* alerts still show in the app and are listed here without push */}
        <PriceAlertsList />
      </Block>
    );
  }

  const enabled = permission === 'granted' && subscribed;
  // A business refusal from the server (e.g. order updates switched off) is shown as it is; a missing endpoint,
  // an outage or a browser refusal gets the spec's message for the action.
  const fail = (err: unknown, fallback: string) => {
    const business = err instanceof ApiError && err.body?.error && err.status >= 400 && err.status < 500 && err.status !== 404 && err.status !== 405;
    setNotice({ tone: 'error', text: business ? err.message : fallback });
  };

  async function enable() {
    setNotice(null);
    const userId = storedUserId();
    if (!userId) return setNotice({ tone: 'error', text: MSG.userNotAuthenticated });
    setBusy('enable');
    try {
      const result = await Notification.requestPermission();
      setPermission(result);
      if (result !== 'granted') {
        setNotice({ tone: 'error', text: MSG.notificationPermissionDenied });
        return;
      }
      await subscribePush(userId);
      setSubscribed(true);
      setNotice({ tone: 'success', text: MSG.notificationsEnabledOk });
      const p = await loadPreferences(userId);
      if (p) setPrefs(p);
    } catch (err) {
      fail(err, MSG.notificationsEnableFailed);
    } finally {
      setBusy(null);
    }
  }

  async function disable() {
    setNotice(null);
    const userId = storedUserId();
    if (!userId) return setNotice({ tone: 'error', text: MSG.userNotAuthenticated });
    setBusy('disable');
    try {
      await unsubscribePush(userId);
      setSubscribed(false);
      setNotice({ tone: 'success', text: MSG.notificationsDisabledOk });
    } catch (err) {
      fail(err, MSG.notificationsDisableFailed);
    } finally {
      setBusy(null);
    }
  }

  async function test() {
    setNotice(null);
    const userId = storedUserId();
    if (!userId) return setNotice({ tone: 'error', text: MSG.userNotAuthenticated });
    setBusy('test');
    try {
      // a 200 with success: false means no device took it ('Delivered to 0 device(s), 1 failed.'): not sent
      const result = await sendTestNotification(userId);
      setNotice(result.success ? { tone: 'success', text: MSG.testNotificationSent } : { tone: 'error', text: MSG.sendNotificationFailed });
    } catch (err) {
      fail(err, MSG.sendNotificationFailed);
    } finally {
      setBusy(null);
    }
  }

  async function toggle(key: keyof Preferences, value: boolean) {
    setNotice(null);
    const userId = storedUserId();
    if (!userId) return setNotice({ tone: 'error', text: MSG.userNotAuthenticated });
    const before = prefs;
    const next = { ...prefs, [key]: value };
    setPrefs(next);
    try {
      await savePreferences(userId, next);
    } catch (err) {
      setPrefs(before);
      fail(err, MSG.preferencesUpdateFailed);
    }
  }

  return (
    <Block>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-center gap-2 text-sm font-medium text-slate-800" role="status">
          <span className={cx('h-2.5 w-2.5 rounded-full', enabled ? 'bg-emerald-500' : 'bg-slate-300')} aria-hidden="true" />
          {enabled ? MSG.notificationsEnabled : MSG.notificationsDisabled}
        </p>
        <div className="flex flex-wrap gap-2">
          {(permission === 'default' || (permission === 'granted' && !subscribed)) && (
            <Button size="sm" loading={busy === 'enable'} disabled={busy !== null} onClick={() => void enable()}>
              <Trans>Enable</Trans>
            </Button>
          )}
          {enabled && (
            <>
              <Button size="sm" variant="secondary" loading={busy === 'test'} disabled={busy !== null} onClick={() => void test()}>
                <Trans>Test</Trans>
              </Button>
              <Button size="sm" variant="secondary" loading={busy === 'disable'} disabled={busy !== null} onClick={() => void disable()}>
                <Trans>Disable</Trans>
              </Button>
            </>
          )}
        </div>
      </div>
      {permission === 'denied' && <p className="mt-3 text-sm text-slate-600">{MSG.notificationsBlocked}</p>}
      {notice && (
        <Alert tone={notice.tone} className="mt-4" onDismiss={() => setNotice(null)}>
          {notice.text}
        </Alert>
      )}
      {permission === 'granted' && (
        <fieldset className="mt-4 flex flex-col gap-3 border-t border-slate-100 pt-4">
          <legend className="sr-only">{t`Notification preferences`}</legend>
          {(Object.keys(LABELS) as (keyof Preferences)[]).map((key) => (
            <label key={key} className="flex items-center gap-3 text-sm text-slate-800">
              <input
                type="checkbox"
                className="h-4 w-4 rounded border-slate-300 accent-brand-700"
                checked={prefs[key]}
                onChange={(e) => void toggle(key, e.target.checked)}
              />
              {i18n._(LABELS[key])}
            </label>
          ))}
        </fieldset>
      )}
      <PriceAlertsList />
    </Block>
  );
}

function Block({ children }: { children: React.ReactNode }) {
  return (
    <section aria-labelledby="notification-settings" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="notification-settings" className="mb-4 text-lg font-semibold text-slate-900">
        <Trans>Notification Settings</Trans>
      </h2>
      {children}
    </section>
  );
}
