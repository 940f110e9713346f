import { useCallback, useState } from 'react';
import { currentMsg } from './use-msg';

// Does an image URL a vendor typed load as an image? Asked by the vendor's own browser when the URL is entered: the
// server never fetches a vendor's URL (no requests to addresses a vendor picks). A URL that does not load would
// otherwise be saved silently and show shoppers a placeholder.

/** How long a picture may take before it counts as not loading. */
export const IMAGE_CHECK_TIMEOUT_MS = 8000;

const verdicts = new Map<string, Promise<boolean>>();

/** True when the browser loads and decodes the URL as a picture (a page, a 404 or a font is not one). */
export function imageLoads(url: string, timeoutMs = IMAGE_CHECK_TIMEOUT_MS): Promise<boolean> {
  let verdict = verdicts.get(url);
  if (!verdict) {
    verdict = new Promise<boolean>((resolve) => {
      const img = new Image();
      const timer = setTimeout(() => done(false), timeoutMs);
      function done(ok: boolean) {
        clearTimeout(timer);
        img.onload = img.onerror = null;
        resolve(ok);
      }
      img.onload = () => done(true);
      img.onerror = () => done(false);
      img.src = url;
    });
    verdicts.set(url, verdict);
  }
  return verdict;
}

/** The URLs of the list that do not load as images, in the list's order. */
export async function imagesThatDoNotLoad(urls: readonly string[]): Promise<string[]> {
  const list = urls.map((u) => u.trim()).filter(Boolean);
  const ok = await Promise.all(list.map((u) => imageLoads(u)));
  return list.filter((_, i) => !ok[i]);
}

/**
 * A form's image URL check: `check(urls)` (on leaving the field, and before saving) resolves false when one does not
 * load, and `error` is then the field's message.
 */
export function useImageUrlCheck() {
  const [notLoading, setNotLoading] = useState<string[]>([]);
  const check = useCallback(async (urls: readonly string[]) => {
    const broken = await imagesThatDoNotLoad(urls);
    setNotLoading(broken);
    return broken.length === 0;
  }, []);
  return { error: notLoading[0] ? currentMsg().imageUrlNotLoading(notLoading[0]) : null, check };
}
