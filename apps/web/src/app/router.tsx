import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { routes } from './routes';

/**
 * The browser's router. `hydrating`: the page's HTML holds its first view rendered by the server (decision 0071):
 * the lazy routes of this URL are loaded first, so the router's first render is that page (not the loading
 * fallback) and React can take over the server's markup as it is.
 */
export async function createAppRouter({ hydrating }: { hydrating: boolean }) {
  if (hydrating) {
    const lazy = (matchRoutes(routes, window.location) ?? []).filter((m) => m.route.lazy);
    await Promise.all(
      lazy.map(async ({ route }) => {
        const load = route.lazy as () => Promise<Partial<typeof route>>;
        Object.assign(route, { ...(await load()), lazy: undefined });
      }),
    );
  }
  return createBrowserRouter(routes);
}

export function AppRouter({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  return <RouterProvider router={router} />;
}
