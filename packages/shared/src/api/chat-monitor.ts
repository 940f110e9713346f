import { z } from 'zod';
import { CHAT_PRIORITIES, CHAT_SESSION_STATUSES } from '../constants.js';
import { pageQuerySchema } from './common.js';

// The admin live chat monitor (admin spec §7 "Live chat monitor", §3 chat session / message / analytics).

export const chatSessionStatusSchema = z.enum(CHAT_SESSION_STATUSES);
export const chatPrioritySchema = z.enum(CHAT_PRIORITIES);

export const chatSessionSchema = z.object({
  id: z.string(),
  user_id: z.number().int().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  session_name: z.string(),
  status: chatSessionStatusSchema,
  priority: chatPrioritySchema,
  status_notes: z.string(),
  admin_assigned: z.number().int().nullable(),
  total_messages: z.number().int(),
  unread_messages: z.number().int(),
  last_message: z.string().nullable(),
  last_message_at: z.string(),
  created_at: z.string(),
});
export type ChatSession = z.infer<typeof chatSessionSchema>;

export const chatMessageSchema = z.object({
  id: z.number().int(),
  session_id: z.string(),
  user_id: z.number().int().nullable(),
  message_type: z.enum(['user', 'assistant', 'admin', 'system']),
  message_content: z.string(),
  mentioned_products: z.array(z.object({ id: z.number().int(), action: z.string() })),
  timestamp: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});
export type ChatMonitorMessage = z.infer<typeof chatMessageSchema>;

export const chatSessionDetailSchema = z.object({ session: chatSessionSchema, messages: z.array(chatMessageSchema) });

export const chatAnalyticsSchema = z.object({
  active_sessions: z.number().int(),
  urgent_sessions: z.number().int(),
  unique_users: z.number().int(),
  total_messages: z.number().int(),
});

/** GET /api/admin/chats: paging plus the monitor's filters. */
export const chatListQuerySchema = pageQuerySchema.extend({
  status: chatSessionStatusSchema.optional(),
  priority: chatPrioritySchema.optional(),
  assigned: z.enum(['me', 'unassigned', 'any']).optional(),
});

export const chatIdParamSchema = z.object({ id: z.string().max(100) });

export const chatStatusBodySchema = z.object({
  status: chatSessionStatusSchema,
  notes: z.string().trim().max(500).optional(),
  priority: chatPrioritySchema.optional(),
});
/** adminId is accepted for the spec's payload; the server assigns the signed-in admin unless another admin id is given. */
export const chatAssignBodySchema = z.object({ adminId: z.coerce.number().int().positive().nullable().optional() });
export const chatMarkReadBodySchema = z.object({ adminId: z.coerce.number().int().positive().optional() }).optional();
/** An admin reply in the monitor (sets the status to active with the note 'Admin responding'). */
export const chatReplyBodySchema = z.object({ message: z.string().trim().min(1, { error: 'Message is required' }).max(4000) });

/** An admin's reply as the shopper's chat panel shows it: a person from support, not the assistant. */
export const shopperChatReplySchema = z.object({
  id: z.number().int(),
  session_id: z.string(),
  sender_name: z.string(),
  message: z.string(),
  created_at: z.string(),
});
export type ShopperChatReply = z.infer<typeof shopperChatReplySchema>;
/** GET /api/ai/chat/sessions/{id}/replies?after= : the admin replies after a message id (the panel's catch-up). */
export const shopperRepliesQuerySchema = z.object({ after: z.coerce.number().int().min(0).default(0) });
