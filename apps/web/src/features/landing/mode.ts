import { STORAGE_KEYS } from '@souq/shared/constants';
import { setText } from '@/lib/storage';

/** Value of STORAGE_KEYS.mode once the visitor has chosen to get started: '/' then shows the customer home. */
export const HOME_MODE = 'home';
const CHANGE = 'souq:mode';

export function enterHomeMode() {
  setText(STORAGE_KEYS.mode, HOME_MODE);
  window.dispatchEvent(new Event(CHANGE));
}

export function subscribeMode(onChange: () => void) {
  window.addEventListener(CHANGE, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGE, onChange);
    window.removeEventListener('storage', onChange);
  };
}
