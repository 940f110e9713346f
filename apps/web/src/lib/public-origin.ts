import { PUBLIC_URL_META } from '@souq/shared/rules/page-boot';

/**
 * Souq's public address (the server's PUBLIC_URL, put in the page as a meta tag): what embed codes point at, the same
 * origin the server uses when it saves them. Falls back to this page's origin in a development server, which serves
 * the page without the tag.
 */
export function publicOrigin(): string {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${PUBLIC_URL_META}"]`)?.content;
  return meta || window.location.origin;
}
