import { STORAGE_KEYS } from '@souq/shared/constants';

/** JSON in localStorage that never throws: a broken or missing value reads as the fallback. */
export function readJson<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or disabled: the in-memory state still works for this visit
  }
}

export function remove(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    /* ignore */
  }
}

export const getText = (key: string): string | null => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};

export const setText = (key: string, value: string) => {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* ignore */
  }
};

/** Session tokens of the three doors (spec §3 keys). */
export const tokens = {
  customer: () => getText(STORAGE_KEYS.authToken),
  vendor: () => getText(STORAGE_KEYS.vendorToken),
  admin: () => getText(STORAGE_KEYS.adminToken),
};
