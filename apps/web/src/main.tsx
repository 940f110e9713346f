import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter, createAppRouter } from './app/router';
import { startI18n } from './lib/i18n';
import './fonts.css';
import './index.css';

/**
 * Tells public/start-app.js that the app has taken the page over (its first commit is done): a form sent before
 * that was held there and is sent again now.
 */
function AppReady() {
  useEffect(() => void document.dispatchEvent(new Event('souq:app-ready')), []);
  return null;
}

const container = document.getElementById('root')!;
// The server rendered this page's first view into the HTML (decision 0071): React takes that markup over instead
// of drawing the page again. A page without it (every other route, or one whose data the server could not get)
// is rendered here as before.
const hydrating = container.hasChildNodes();
// the page's language's texts first (the server chose the language and wrote it into <html lang dir>), then the app
void Promise.all([createAppRouter({ hydrating }), startI18n()]).then(([router]) => {
  const app = (
    <StrictMode>
      <AppProviders>
        <AppRouter router={router} />
      </AppProviders>
      <AppReady />
    </StrictMode>
  );
  // The first render as a transition: React renders it in slices between the browser's own work instead of one
  // long task (a page whose data came with its HTML renders its whole first view at once; decision 0062).
  if (hydrating) startTransition(() => void hydrateRoot(container, app));
  else startTransition(() => createRoot(container).render(app));
});
