import { useCallback, useEffect, useRef } from 'react';
import type { ShopperChatReply } from '@souq/shared/api/chat-monitor';
import { api } from '@/lib/api-client';
import { useLiveEvents } from '@/lib/live-events';
import { useCustomerToken } from '@/lib/session';

/** Catch-up period while the chat is open: the live stream is the fast path, this is the fallback. */
const REPLIES_POLL_MS = 10_000;

/**
 * Admin replies in the shopper's assistant chat (issue 10): they arrive on the live stream (signed in: the
 * customer's stream; anonymous: a stream for this chat session) and, as a fallback, by polling the replies after
 * the last one seen. Each reply is handed to `onReply` once.
 */
export function useSupportReplies(sessionId: string | null, onReply: (reply: ShopperChatReply) => void) {
  const token = useCustomerToken();
  const lastId = useRef(0);
  const seen = useRef(new Set<number>());
  const handler = useRef(onReply);
  useEffect(() => {
    handler.current = onReply;
  });

  const accept = useCallback((r: ShopperChatReply) => {
    if (seen.current.has(r.id)) return;
    seen.current.add(r.id);
    lastId.current = Math.max(lastId.current, r.id);
    handler.current(r);
  }, []);

  const catchUp = useCallback(async () => {
    if (!sessionId) return;
    try {
      const replies = await api<ShopperChatReply[]>(`/api/ai/chat/sessions/${sessionId}/replies?after=${lastId.current}`);
      replies.forEach(accept);
    } catch {
      // the next poll or live event tries again
    }
  }, [sessionId, accept]);

  useLiveEvents(
    'customer',
    (e) => {
      if (e.type === 'ready') void catchUp();
      else if (e.type === 'chat.reply' && e.data.sessionId === sessionId) accept(e.data.reply);
    },
    // a signed-in shopper's stream carries their sessions; an anonymous one listens to this session by its id
    { enabled: sessionId !== null, token, chat: token ? null : sessionId },
  );

  useEffect(() => {
    if (!sessionId) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void catchUp();
    }, REPLIES_POLL_MS);
    return () => clearInterval(timer);
  }, [sessionId, catchUp]);
}
