import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import './index.css';

// The first render as a transition: React renders it in slices between the browser's own work instead of one
// long task (a page whose data came with its HTML renders its whole first view at once; decision 0062).
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders>
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  );
});
