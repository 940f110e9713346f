import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { LOCKER_MAX, STORAGE_KEYS } from '@souq/shared/constants';
import { getText, remove, writeJson } from '@/lib/storage';
import { currentMsg } from '@/lib/use-msg';
import { lockInto, parseLocker, type LockerEntry, type PanelProduct } from './context-rules';

export type ProductLocker = {
  lockedProducts: LockerEntry[];
  max: number;
  isFull: boolean;
  isLocked: (productId: number) => boolean;
  /** Locks a product for comparison; refusals carry the spec's text. */
  lock: (product: PanelProduct) => { ok: true } | { ok: false; error: string };
  unlock: (productId: number) => void;
  /** Unlocks everything (the screen asks for confirmation first). */
  clearAll: () => void;
};

const LockerContext = createContext<ProductLocker | null>(null);

function loadLocker(): LockerEntry[] {
  const entries = parseLocker(getText(STORAGE_KEYS.lockedProducts));
  if (entries) return entries;
  console.error(currentMsg().lockerLoadFailed);
  remove(STORAGE_KEYS.lockedProducts);
  return [];
}

/** The product locker (customer spec §2, §4, §5): up to LOCKER_MAX products for side-by-side comparison, kept under lockedProducts. */
export function ProductLockerProvider({ children }: { children: ReactNode }) {
  const [entries, setEntries] = useState<LockerEntry[]>(loadLocker);

  useEffect(() => {
    if (entries.length === 0) remove(STORAGE_KEYS.lockedProducts);
    else writeJson(STORAGE_KEYS.lockedProducts, entries);
  }, [entries]);

  const lock = useCallback<ProductLocker['lock']>(
    (product) => {
      const result = lockInto(entries, product, new Date(), currentMsg());
      if (!result.ok) return result;
      setEntries(result.entries);
      return { ok: true };
    },
    [entries],
  );

  const value = useMemo<ProductLocker>(
    () => ({
      lockedProducts: entries,
      max: LOCKER_MAX,
      isFull: entries.length >= LOCKER_MAX,
      isLocked: (id) => entries.some((e) => e.product.id === id),
      lock,
      unlock: (id) => setEntries((list) => list.filter((e) => e.product.id !== id)),
      clearAll: () => setEntries([]),
    }),
    [entries, lock],
  );

  return <LockerContext.Provider value={value}>{children}</LockerContext.Provider>;
}

export function useProductLocker(): ProductLocker {
  const locker = useContext(LockerContext);
  if (!locker) throw new Error(currentMsg().lockerOutsideProvider);
  return locker;
}
