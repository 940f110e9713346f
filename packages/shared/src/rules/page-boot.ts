// What the server puts into the index.html of a page so its first view needs no API round trip (decision 0062).

/** id of the `<script type="application/json">` that carries the API answers a page's first view asks for. */
export const BOOT_DATA_ELEMENT_ID = 'souq-boot';
/**
 * The `<meta name>` carrying the server's PUBLIC_URL origin: embed codes point there, never at the address a vendor
 * happened to open the app under (an internal host, a preview port; issue 23).
 */
export const PUBLIC_URL_META = 'souq-public-url';

/**
 * Public (anonymous) GET answers each page's first view needs, by route. Each group lists paths in the order the
 * client tries them: the first answer that is a non-empty list ends the group (the storefront's fallback from the
 * embedded products to the catalogue), so the server never embeds a fallback the client will not ask for.
 */
export const PAGE_BOOT_DATA: Readonly<Record<string, readonly (readonly string[])[]>> = {
  '/ai-assistant': [['/api/embedded-products/detailed', '/api/products'], ['/api/shelves']],
};

/**
 * Routes whose first view the server renders into the HTML from those answers, for the browser to take over
 * (decision 0071): the page paints before its scripts have run. Only when every answer of PAGE_BOOT_DATA is there.
 */
export const SERVER_RENDERED_ROUTES: ReadonlySet<string> = new Set(['/ai-assistant']);

/** The picture that is the first view's largest paint, from the page's boot data (preloaded at high priority). */
export function largestPaintImage(route: string, data: Readonly<Record<string, unknown>>): string | null {
  if (route !== '/ai-assistant') return null;
  // shelves appear only when products exist (else the empty state does)
  const products = [data['/api/embedded-products/detailed'], data['/api/products']];
  if (!products.some((list) => Array.isArray(list) && list.length > 0)) return null;
  // the first product of the first shelf that has any (ShelfList renders it eagerly, top left)
  const shelves = data['/api/shelves'];
  if (!Array.isArray(shelves)) return null;
  for (const shelf of shelves as { items?: { image?: unknown }[] }[]) {
    const first = shelf?.items?.[0];
    if (first) return typeof first.image === 'string' && first.image ? first.image : null;
  }
  return null;
}
