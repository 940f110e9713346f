/**
 * Texts of the development set-up only (customer spec §8: a 'Proxy error' body from the dev server's proxy). A module
 * of its own, read only behind import.meta.env.DEV, so a production build carries neither it nor the port, and the
 * browser's import of it does not bring the whole English MSG into every page's first load (decision 0156).
 */
export const DEV_MSG = {
  proxyError: (host: string) => `API not reachable. Is the server running on ${host}?`,
} as const;
