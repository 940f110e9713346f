import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateSupportConversation, SupportConversation, SupportMessage } from '@souq/shared/api/support';
import { SUPPORT_POLL_MS } from '@souq/shared/constants';
import { api } from '@/lib/api-client';
import { currentMsg } from '@/lib/use-msg';

// The customer's side of support (customer spec §7). The list answers unread counts per conversation; the badge
// sums them. Failures of the list are only logged (spec §8), the thread's too.

export const supportKeys = {
  all: ['support'] as const,
  list: ['support', 'list'] as const,
  thread: (id: number) => ['support', 'thread', id] as const,
};

export type Thread = { conversation: SupportConversation; messages: SupportMessage[] };

async function fetchConversations(): Promise<SupportConversation[]> {
  try {
    return await api<SupportConversation[]>('/api/support/conversations');
  } catch (err) {
    console.error(currentMsg().supportFetchFailed, err);
    throw err;
  }
}

/** The conversation list; polled every 5 s while the panel is open (and not in the new-ticket form). */
export function useConversations(poll: boolean) {
  return useQuery({
    queryKey: supportKeys.list,
    queryFn: fetchConversations,
    refetchInterval: poll ? SUPPORT_POLL_MS : false,
    staleTime: 0,
    retry: false,
  });
}

/**
 * One thread. Opening it marks the staff messages read on the server; the returned conversation replaces the
 * list's copy (spec §4), so the badge drops at once.
 */
export function useThread(id: number | null, poll: boolean) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: supportKeys.thread(id ?? 0),
    enabled: id !== null,
    refetchInterval: poll ? SUPPORT_POLL_MS : false,
    staleTime: 0,
    retry: false,
    queryFn: async () => {
      try {
        const thread = await api<Thread>(`/api/support/conversations/${id}/messages`);
        qc.setQueryData<SupportConversation[]>(supportKeys.list, (list) => list?.map((c) => (c.id === id ? thread.conversation : c)));
        return thread;
      } catch (err) {
        console.error(err);
        throw err;
      }
    },
  });
}

export const createConversation = (body: CreateSupportConversation) =>
  api<SupportConversation>('/api/support/conversations', { method: 'POST', body });

export const postMessage = (id: number, message: string) =>
  api<SupportMessage>(`/api/support/conversations/${id}/messages`, { method: 'POST', body: { message } });

/** Sum of the unread counts (the floating button's badge). */
export const totalUnread = (list: SupportConversation[] | undefined) => (list ?? []).reduce((n, c) => n + c.unread_count, 0);
