import { useSyncExternalStore } from 'react';
import { resolveUserId } from './tracker';

// Sign-in and sign-out write localStorage and announce it with this event (lib/session) or, in other tabs,
// with the browser's storage event; either way the id is read again.
const SESSION_EVENT = 'souq:session';

function subscribe(onChange: () => void) {
  window.addEventListener(SESSION_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(SESSION_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The id recommendations and events use: the signed-in user's id, else this browser's anonymous id. */
export function useTrackingUserId(): string {
  return useSyncExternalStore(subscribe, () => resolveUserId(), () => '');
}
