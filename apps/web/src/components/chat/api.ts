import type { ChatRequest, ChatResponse } from '@souq/shared/api/assistant';
import { api } from '@/lib/api-client';

/** POST /api/ai/chat (customer spec §7). The customer token goes along when signed in. */
export const postChat = (body: ChatRequest, signal?: AbortSignal) =>
  api<ChatResponse>('/api/ai/chat', { method: 'POST', body, signal });

/** 'searching for "…"' in a reply asks the screen to run that search (customer spec §4). */
export function searchPhraseOf(reply: string): string | null {
  const m = /searching for\s*["“']([^"”']+)["”']/i.exec(reply);
  return m?.[1]?.trim() || null;
}
