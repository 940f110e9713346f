import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@souq/shared/constants';
import type { AuthResponse, PublicUser, Vendor, VendorAuthResponse } from '@souq/shared/api/auth';
import { api, ApiError } from './api-client';
import { getText, readJson, remove, setText, tokens, writeJson } from './storage';

// The signed-in state of the three doors lives in localStorage under the spec's keys (customer §3):
// auth_token + auth_user + user {id} (customer), vendor_token + vendor (vendor), admin_token + admin_access_granted
// (admin). Components read it through the hooks below so that a login or logout re-renders every reader,
// in this tab (a custom event) and in other tabs (the storage event).

const CHANGE = 'souq:session';
const notify = () => window.dispatchEvent(new Event(CHANGE));

function subscribe(onChange: () => void) {
  window.addEventListener(CHANGE, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGE, onChange);
    window.removeEventListener('storage', onChange);
  };
}

export type Door = 'customer' | 'vendor' | 'admin';

/** The stored bearer token of a door (null when signed out); re-renders on login and logout. */
export function useToken(door: Door): string | null {
  return useSyncExternalStore(subscribe, tokens[door], () => null);
}

/** Token of the customer; /onboarding and /profile send the visitor to /login without it (customer §4). */
export const useCustomerToken = () => useToken('customer');

/** The stored customer (auth_user), or null. */
export function useCustomerUser(): PublicUser | null {
  const raw = useSyncExternalStore(subscribe, () => getText(STORAGE_KEYS.authUser), () => null);
  return raw ? readJson<PublicUser | null>(STORAGE_KEYS.authUser, null) : null;
}

export function saveCustomerSession(res: AuthResponse) {
  setText(STORAGE_KEYS.authToken, res.token);
  writeJson(STORAGE_KEYS.authUser, res.user);
  // `user` holds the id read by the notification and recommendation calls (customer §6)
  writeJson(STORAGE_KEYS.user, { id: res.user.id });
  notify();
}

export function clearCustomerSession() {
  remove(STORAGE_KEYS.authToken);
  remove(STORAGE_KEYS.authUser);
  remove(STORAGE_KEYS.user);
  notify();
}

export function saveVendorSession(res: VendorAuthResponse) {
  setText(STORAGE_KEYS.vendorToken, res.token);
  writeJson(STORAGE_KEYS.vendor, res.vendor);
  notify();
}

/** Refreshes the stored vendor copy (e.g. after GET /api/auth/me or an onboarding submit). */
export function storeVendor(vendor: Vendor) {
  writeJson(STORAGE_KEYS.vendor, vendor);
  notify();
}

export const storedVendor = () => readJson<Vendor | null>(STORAGE_KEYS.vendor, null);

export function clearVendorSession() {
  remove(STORAGE_KEYS.vendorToken);
  remove(STORAGE_KEYS.vendor);
  notify();
}

/** The admin token plus the UI flag the spec's gate reads (admin §2). */
export function saveAdminSession(token: string) {
  setText(STORAGE_KEYS.adminToken, token);
  setText(STORAGE_KEYS.adminAccessGranted, 'true');
  notify();
}

export function clearAdminSession() {
  remove(STORAGE_KEYS.adminToken);
  remove(STORAGE_KEYS.adminAccessGranted);
  notify();
}

/** /admin opens only with the flag AND a token (the flag alone is just the spec's client-side mirror). */
export function hasAdminAccess(): boolean {
  return getText(STORAGE_KEYS.adminAccessGranted) === 'true' && !!tokens.admin();
}

export function useAdminAccess(): boolean {
  return useSyncExternalStore(subscribe, hasAdminAccess, () => false);
}

const clearers: Record<Door, () => void> = { customer: clearCustomerSession, vendor: clearVendorSession, admin: clearAdminSession };

/**
 * Ends the session on the server, then forgets it locally. The local copy is cleared even if the server cannot
 * be reached: the user asked to be signed out of this browser.
 */
export async function logout(door: Door): Promise<void> {
  const path = door === 'admin' ? '/api/admin/logout' : '/api/auth/logout';
  try {
    if (tokens[door]()) await api(path, { method: 'POST', auth: door });
  } catch {
    // already expired or offline: nothing more to end on the server
  } finally {
    clearers[door]();
  }
}

/** Forgets a door's session whose token the server no longer knows (401), without calling the server. */
export const forget = (door: Door) => clearers[door]();

/** A customer's call: a token the server no longer knows (expired, logged out elsewhere) signs the visitor out. */
export async function customerCall<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) forget('customer');
    throw err;
  }
}
