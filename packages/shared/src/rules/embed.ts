// The embed code of a product (vendor §2 embedding tool, admin §2 product manager): an iframe of the product card
// served by Souq at /embed/products/{id}, so it works on any other site. The settings travel in the iframe's URL,
// which makes a code self-describing: the same product can be embedded in two styles on two pages.
import { EMBED_AUTO_HEIGHT_PX, EMBED_DEFAULTS } from '../constants.js';

export type EmbedCardSettings = {
  theme: 'light' | 'dark' | 'auto';
  width: string;
  height: string;
  showPrice: boolean;
  showImage: boolean;
  showDescription: boolean;
  showTags: boolean;
  showKeywords: boolean;
};

export const EMBED_PATH_PREFIX = '/embed/products/';
/** The storefront opens a product's detail dialog from this query parameter (the link back from an embed). */
export const PRODUCT_QUERY_PARAM = 'product';
/** The product on Souq: the storefront (/ai-assistant) with the product's detail open. */
export const productPageUrl = (origin: string, productId: number) =>
  `${origin.replace(/\/+$/, '')}/ai-assistant?${PRODUCT_QUERY_PARAM}=${productId}`;
/** The message the card posts to its parent page with its own height (height 'auto'). */
export const EMBED_HEIGHT_MESSAGE = 'souq-embed-height';

const FLAGS = [
  ['showPrice', 'price'],
  ['showImage', 'image'],
  ['showDescription', 'description'],
  ['showTags', 'tags'],
  ['showKeywords', 'keywords'],
] as const;

/** The card's URL: `{origin}/embed/products/{id}?theme=light&price=1&image=1&description=1&tags=0&keywords=0`. */
export function embedUrl(origin: string, productId: number, s: EmbedCardSettings): string {
  const q = new URLSearchParams({ theme: s.theme });
  for (const [key, param] of FLAGS) q.set(param, s[key] ? '1' : '0');
  return `${origin.replace(/\/+$/, '')}${EMBED_PATH_PREFIX}${productId}?${q.toString()}`;
}

/** The card's settings read back from its URL's query; anything missing or unknown takes the spec's default. */
export function embedSettingsFromQuery(query: Record<string, unknown>): Omit<EmbedCardSettings, 'width' | 'height'> {
  const flag = (param: string, fallback: boolean) => (query[param] === '1' ? true : query[param] === '0' ? false : fallback);
  const theme = query.theme === 'dark' || query.theme === 'auto' || query.theme === 'light' ? query.theme : EMBED_DEFAULTS.theme;
  const out = { theme } as Omit<EmbedCardSettings, 'width' | 'height'>;
  for (const [key, param] of FLAGS) out[key] = flag(param, EMBED_DEFAULTS[key]);
  return out;
}

const attr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** A bare number is pixels; 'auto' width fills the line. */
const cssSize = (value: string, auto: string) => (value === 'auto' ? auto : /^\d+(\.\d+)?$/.test(value) ? `${value}px` : value);

/**
 * The HTML a vendor pastes into another page. With height 'auto' a few lines of script size the frame to the card
 * (the card reports its height); without script the frame keeps a sensible default height.
 */
export function embedCode(origin: string, product: { id: number; name: string }, s: EmbedCardSettings): string {
  const src = embedUrl(origin, product.id, s);
  const auto = s.height === 'auto';
  const style = `width:${cssSize(s.width, '100%')};max-width:100%;height:${cssSize(s.height, `${EMBED_AUTO_HEIGHT_PX}px`)};border:0;overflow:hidden`;
  const frame = `<iframe src="${attr(src)}" title="${attr(`${product.name} on Souq`)}" style="${style}" loading="lazy" data-souq-embed="${product.id}"></iframe>`;
  if (!auto) return frame;
  const from = JSON.stringify(new URL(src).origin);
  const script =
    `<script>(function(){if(window.__souqEmbed)return;window.__souqEmbed=1;addEventListener("message",function(e){` +
    `var d=e.data;if(e.origin!==${from}||!d||d.type!=="${EMBED_HEIGHT_MESSAGE}")return;` +
    `var f=document.querySelectorAll("iframe[data-souq-embed]");for(var i=0;i<f.length;i++)` +
    `if(f[i].contentWindow===e.source)f[i].style.height=Math.ceil(+d.height)+"px"})})();</script>`;
  return `${frame}\n${script}`;
}
