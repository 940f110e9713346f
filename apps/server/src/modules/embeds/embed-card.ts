import { createHash } from 'node:crypto';
import type { Product } from '@souq/shared/api/catalogue';
import type { Offer } from '@souq/shared/api/promotions';
import { MSG } from '@souq/shared/messages';
import { EMBED_HEIGHT_MESSAGE, type EmbedCardSettings } from '@souq/shared/rules/embed';
import { formatMoney } from '@souq/shared/rules/money';

// The product card other sites show in an iframe (GET /embed/products/{id}). Plain server-rendered HTML with its own
// small stylesheet: no app bundle, every text escaped, and a strict policy of its own (only this page may be framed
// by any site; it loads nothing but images and runs one script, pinned by its hash).

const esc = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * Reports the card's height to the page around it, so an embed with height 'auto' fits its card. The body's own height
 * (the document's scrollHeight never goes below the frame's height, so a frame could grow but never shrink).
 */
const RESIZE_SCRIPT =
  `(function(){function s(){parent.postMessage({type:"${EMBED_HEIGHT_MESSAGE}",height:document.body.getBoundingClientRect().height},"*")}` +
  `addEventListener("load",s);if(window.ResizeObserver)new ResizeObserver(s).observe(document.body);s()})();`;
const RESIZE_SCRIPT_HASH = `'sha256-${createHash('sha256').update(RESIZE_SCRIPT).digest('base64')}'`;

/** The response headers of a card page: any site may frame it, and it may do very little itself. */
export const EMBED_CARD_HEADERS = {
  'content-security-policy': [
    "default-src 'none'",
    "img-src 'self' https: data:",
    "style-src 'unsafe-inline'",
    `script-src ${RESIZE_SCRIPT_HASH}`,
    'frame-ancestors *',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; '),
  'cross-origin-resource-policy': 'cross-origin',
  // the next load shows the current price and stock
  'cache-control': 'no-cache',
  'referrer-policy': 'strict-origin-when-cross-origin',
} as const;

const STYLE = `
:root{--bg:#fff;--fg:#0f172a;--muted:#475569;--line:#e2e8f0;--chip:#f1f5f9;--accent:#0f766e;--accent-fg:#fff;color-scheme:light}
.dark{--bg:#0f172a;--fg:#f1f5f9;--muted:#cbd5e1;--line:#334155;--chip:#1e293b;--accent:#2dd4bf;--accent-fg:#042f2e;color-scheme:dark}
@media (prefers-color-scheme:dark){.auto{--bg:#0f172a;--fg:#f1f5f9;--muted:#cbd5e1;--line:#334155;--chip:#1e293b;--accent:#2dd4bf;--accent-fg:#042f2e;color-scheme:dark}}
*{box-sizing:border-box}html,body{margin:0;background:transparent}
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg)}
.card{background:var(--bg);border:1px solid var(--line);border-radius:12px;overflow:hidden;display:flex;flex-direction:column}
.media{display:block;aspect-ratio:4/3;background:var(--chip)}.media img{width:100%;height:100%;object-fit:cover;display:block}
.body{padding:14px 16px 16px;display:flex;flex-direction:column;gap:8px}
h1{font-size:16px;line-height:1.3;margin:0;font-weight:600}h1 a{color:inherit;text-decoration:none}h1 a:hover{text-decoration:underline}
.price{margin:0;font-size:18px;font-weight:700;font-variant-numeric:tabular-nums}.price s{font-size:13px;font-weight:400;color:var(--muted);margin-left:6px}
.desc{margin:0;color:var(--muted);display:-webkit-box;-webkit-line-clamp:4;-webkit-box-orient:vertical;overflow:hidden}
ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:6px}li{background:var(--chip);border-radius:999px;padding:2px 10px;font-size:12px}
.kw{margin:0;font-size:12px;color:var(--muted)}
.cta{align-self:flex-start;margin-top:4px;background:var(--accent);color:var(--accent-fg);text-decoration:none;font-weight:600;padding:8px 14px;border-radius:8px}
.cta:focus-visible,h1 a:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.gone{padding:24px 16px;color:var(--muted);text-align:center}`;

function page(theme: string, title: string, body: string): string {
  return `<!doctype html><html lang="en" class="${esc(theme)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${esc(title)}</title><style>${STYLE}</style></head><body>${body}<script>${RESIZE_SCRIPT}</script></body></html>`;
}

/**
 * The card of an active product, as the settings say, with a link back to the product on Souq. `offer`: the product's
 * offer as the storefront's cards have it (decision 0163): the price of one unit is its running deal's, and the
 * struck-through "was" price is the price history's honest one — never the compare-at price a vendor typed.
 */
export function renderEmbedCard(product: Product, settings: Omit<EmbedCardSettings, 'width' | 'height'>, productUrl: string, offer: Offer | null = null): string {
  const link = (inner: string, cls = '') => `<a${cls ? ` class="${cls}"` : ''} href="${esc(productUrl)}" target="_blank" rel="noopener">${inner}</a>`;
  const parts: string[] = [];
  if (settings.showImage && product.image) {
    parts.push(link(`<img src="${esc(product.image)}" alt="${esc(product.name)}" loading="lazy">`, 'media'));
  }
  const body: string[] = [`<h1>${link(esc(product.name))}</h1>`];
  if (settings.showPrice) {
    const nowCents = offer?.deal?.price_cents ?? product.price_cents;
    const was = offer?.was_cents != null && offer.was_cents > nowCents ? ` <s>${esc(formatMoney(offer.was_cents / 100, product.currency))}</s>` : '';
    body.push(`<p class="price">${esc(formatMoney(nowCents / 100, product.currency))}${was}</p>`);
  }
  if (settings.showDescription && product.description) body.push(`<p class="desc">${esc(product.description)}</p>`);
  if (settings.showTags && product.tags.length) body.push(`<ul aria-label="Tags">${product.tags.map((t) => `<li>${esc(t)}</li>`).join('')}</ul>`);
  if (settings.showKeywords && product.keywords.length) body.push(`<p class="kw">Keywords: ${esc(product.keywords.join(', '))}</p>`);
  body.push(link('View on Souq', 'cta'));
  parts.push(`<div class="body">${body.join('')}</div>`);
  return page(settings.theme, `${product.name} on Souq`, `<article class="card">${parts.join('')}</article>`);
}

/** What a frame shows when its product was deleted, archived or never existed. */
export function renderEmbedGone(theme: string): string {
  return page(theme, 'Souq', `<article class="card"><p class="gone">${esc(MSG.embedUnavailable)}</p></article>`);
}
