import { z } from 'zod';
import { DEFAULT_SUPPORT_SUBJECT, SUPPORT_MESSAGE_MAX, SUPPORT_PRIORITIES, SUPPORT_STATUSES, SUPPORT_SUBJECT_MAX } from '../constants.js';
import { pageQuerySchema } from './common.js';
import { canCreateSupportTicket } from '../rules/support.js';

// Support chat (customer spec §2 widget, §3, §5, §7; admin spec §3, §7 "Support centre inbox").

export const supportStatusSchema = z.enum(SUPPORT_STATUSES);
export const supportPrioritySchema = z.enum(SUPPORT_PRIORITIES);
export type SupportStatus = z.infer<typeof supportStatusSchema>;
export type SupportPriority = z.infer<typeof supportPrioritySchema>;

/**
 * A conversation as its reader sees it: `unread_count` is the reader's side (the customer's: staff messages they
 * have not read; staff's: customer messages no admin has read). Staff also get the customer's name and e-mail.
 */
export const supportConversationSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  status: supportStatusSchema,
  priority: supportPrioritySchema,
  unread_count: z.number().int(),
  last_message: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SupportConversation = z.infer<typeof supportConversationSchema>;

export const adminSupportConversationSchema = supportConversationSchema.extend({
  user_id: z.number().int(),
  user_name: z.string(),
  user_email: z.string(),
});
export type AdminSupportConversation = z.infer<typeof adminSupportConversationSchema>;

/** sender_type 'user' is the customer; 'support' a staff reply; 'system' a status note. */
export const supportMessageSchema = z.object({
  id: z.number().int(),
  conversation_id: z.number().int(),
  sender_type: z.enum(['user', 'support', 'system']),
  sender_name: z.string(),
  message: z.string(),
  created_at: z.string(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

export const supportThreadSchema = z.object({ conversation: supportConversationSchema, messages: z.array(supportMessageSchema) });
export const adminSupportThreadSchema = z.object({ conversation: adminSupportConversationSchema, messages: z.array(supportMessageSchema) });

const text = (max: number) => z.string().trim().max(max).optional().default('');

/**
 * POST /api/support/conversations (customer §5): trimmed; at least one of subject or message; a blank subject
 * becomes 'New Support Request'; priority low/normal/high/urgent, default normal.
 */
export const createSupportConversationSchema = z
  .object({
    subject: text(SUPPORT_SUBJECT_MAX),
    message: text(SUPPORT_MESSAGE_MAX),
    priority: supportPrioritySchema.optional().default('normal'),
  })
  .refine((v) => canCreateSupportTicket(v.subject, v.message), { error: 'Enter a subject or a message', path: ['message'] })
  .transform((v) => ({ ...v, subject: v.subject || DEFAULT_SUPPORT_SUBJECT }));
export type CreateSupportConversation = z.input<typeof createSupportConversationSchema>;


export const supportMessageBodySchema = z.object({
  message: z.string().trim().min(1, { error: 'Message is required' }).max(SUPPORT_MESSAGE_MAX),
});

/**
 * POST /api/admin/support/conversations/{id}/messages with the spec's {message, sender_name}: sender_name is accepted
 * and ignored — the reply is signed with the signed-in admin's name.
 */
export const adminSupportReplySchema = supportMessageBodySchema.extend({
  sender_name: z.string().trim().max(80).optional().describe('Ignored: the reply carries the signed-in admin\'s name'),
});

/** PATCH /api/admin/support/conversations/{id}: status and/or priority. */
export const adminSupportPatchSchema = z
  .object({ status: supportStatusSchema.optional(), priority: supportPrioritySchema.optional() })
  .refine((v) => v.status !== undefined || v.priority !== undefined, { error: 'Give a status or a priority', path: ['status'] });

/** GET /api/admin/support/conversations?status=&priority=&search= (bounded; total in X-Total-Count). */
export const adminSupportListQuerySchema = pageQuerySchema.extend({
  status: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), supportStatusSchema.optional()),
  priority: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), supportPrioritySchema.optional()),
  search: z.string().trim().max(200).optional(),
});

export const supportIdParamSchema = z.object({ id: z.coerce.number().int().positive() });

/** GET /api/admin/support/awaiting-count: conversations whose latest message is the customer's (the admin bell). */
export const supportAwaitingCountSchema = z.object({ count: z.number().int() });
