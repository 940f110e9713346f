import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LiveEventType } from '@souq/shared/api/events';
import { useLiveEvents } from '@/lib/live-events';
import { useToken } from '@/lib/session';

/**
 * Keeps an admin screen's queries fresh: refetched every `pollMs` (the spec's polling, the fallback) and at once
 * when one of `events` arrives on the admin's live stream (or the stream reconnects).
 */
export function useLiveRefresh(queryKeys: string[], events: LiveEventType[], pollMs: number) {
  const qc = useQueryClient();
  const token = useToken('admin');
  const keys = queryKeys.join('|');
  const kinds = events.join('|');

  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === 'visible') for (const key of keys.split('|')) void qc.invalidateQueries({ queryKey: [key] });
    };
    const timer = setInterval(refresh, pollMs);
    return () => clearInterval(timer);
  }, [qc, keys, pollMs]);

  useLiveEvents(
    'admin',
    (e) => {
      if (e.type === 'ready' || kinds.split('|').includes(e.type)) for (const key of keys.split('|')) void qc.invalidateQueries({ queryKey: [key] });
    },
    { token },
  );
}
