import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import { i18n as browserI18n } from '@/lib/i18n';

export const newQueryClient = () =>
  new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
  });

const browserClient = newQueryClient();

/**
 * `client` and `i18n`: the server's first-view render brings its own per request (entry-server.tsx: the request's
 * language); the browser has one of each.
 */
export function AppProviders({ children, client = browserClient, i18n = browserI18n }: { children: ReactNode; client?: QueryClient; i18n?: I18n }) {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </I18nProvider>
  );
}
