// The server's render of a page's first view (decision 0071), built by `vite build --ssr` into
// dist/.vite/ssr/entry-server.cjs and loaded by apps/server/src/platform/web-app.ts. The browser takes the markup
// over with hydrateRoot (main.tsx): the page paints from its HTML instead of after its scripts ran.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders, newQueryClient } from './app/providers';
import { routes } from './app/routes';
import { withBootData } from './lib/boot-data';
import { i18n, type Messages } from '@lingui/core';
import type { Locale } from '@souq/shared/rules/locale';
import { messages as enStorefront } from './locales/en/storefront.po';
import { messages as arStorefront } from './locales/ar/storefront.po';
import { MSG_AR } from '@souq/shared/messages.ar';
import { registerArabicMessages } from '@souq/shared/messages-for';

// the server renders storefront pages only (SERVER_RENDERED_ROUTES): their texts in both languages, in this bundle
const STOREFRONT: Record<Locale, Messages> = { en: enStorefront, ar: arStorefront };

const handler = createStaticHandler(routes);
registerArabicMessages(MSG_AR); // the shared texts in Arabic, for pages rendered in Arabic

/**
 * The markup of `url`'s first view, given the API answers the page embeds (by path, as the browser reads them), or
 * null when the route does not render a page here (a redirect). Throws when a component fails on the server: the
 * caller then sends the page without it, for the browser to render.
 */
export async function renderPage(url: string, data: Readonly<Record<string, unknown>>, locale: Locale = 'en'): Promise<string | null> {
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const client = newQueryClient();
  // the one i18n the components' t`…` reads too, in the request's language for this synchronous render
  i18n.load(locale, STOREFRONT[locale]);
  i18n.activate(locale);
  try {
    return withBootData(data, () =>
      renderToString(
        <StrictMode>
          <AppProviders client={client} i18n={i18n}>
            {/* hydrate={false}: no inline script (the CSP allows none); the browser's router needs no data */}
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProviders>
        </StrictMode>,
      ),
    );
  } finally {
    client.clear();
  }
}
