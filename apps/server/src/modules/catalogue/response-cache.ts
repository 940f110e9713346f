/**
 * A small in-process cache of computed answers (pre-serialised JSON of public catalogue reads). Entries live until
 * `clear()` (called on every product event) or `ttlMs` (changes made by other instances); the oldest entry goes
 * when `max` is reached. Concurrent misses share one computation; failures are never cached.
 */
export function createResponseCache<T>(opts: { ttlMs: number; max: number }) {
  const entries = new Map<string, { at: number; value: Promise<T> }>();
  return {
    get(key: string, produce: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit && Date.now() - hit.at < opts.ttlMs) return hit.value;
      if (hit) entries.delete(key);
      while (entries.size >= opts.max) entries.delete(entries.keys().next().value!);
      const entry = { at: Date.now(), value: produce() };
      entries.set(key, entry);
      entry.value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return entry.value;
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
