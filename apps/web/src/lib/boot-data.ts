import { BOOT_DATA_ELEMENT_ID } from '@souq/shared/rules/page-boot';

/**
 * API answers the server wrote into this page's HTML (decision 0062), by path. Each is taken once, as the initial
 * data of the query that asks for it: the first view needs no round trip, and any later fetch asks the server.
 */
let boot: Map<string, unknown> | null = null;

function load(): Map<string, unknown> {
  if (boot) return boot;
  boot = new Map();
  const el = typeof document === 'undefined' ? null : document.getElementById(BOOT_DATA_ELEMENT_ID);
  if (el?.textContent) {
    try {
      const data = JSON.parse(el.textContent) as Record<string, unknown>;
      if (data && typeof data === 'object') for (const [path, value] of Object.entries(data)) boot.set(path, value);
    } catch {
      // a broken block only means the page asks the API, as it would without one
    }
  }
  el?.remove();
  return boot;
}

/** The embedded answer for `path` (taken: a second call asks the API), or undefined. */
export function takeBootData(path: string): { value: unknown } | undefined {
  const data = load();
  if (!data.has(path)) return undefined;
  const value = data.get(path);
  data.delete(path);
  return { value };
}

/**
 * Runs `render` (the server's synchronous first-view render, entry-server.tsx) with `data` as the page's embedded
 * answers: the same values the browser will read from the page's data block, so both render the same view.
 */
export function withBootData<T>(data: Readonly<Record<string, unknown>>, render: () => T): T {
  const saved = boot;
  boot = new Map(Object.entries(data));
  try {
    return render();
  } finally {
    boot = saved;
  }
}
