import { z } from 'zod';
import { pageQuerySchema } from './common.js';

// The admin Security section (issue 13): named admin codes, admin sessions, failed access attempts, the audit trail.

export const ADMIN_NAME_MAX = 80;

export const adminCodeCreateSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(ADMIN_NAME_MAX),
});
export type AdminCodeCreate = z.infer<typeof adminCodeCreateSchema>;

export const adminCodeSchema = z.object({
  id: z.number(),
  admin_id: z.number(),
  name: z.string(),
  created_at: z.string(),
  created_by: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  active_sessions: z.number(),
});
export type AdminCode = z.infer<typeof adminCodeSchema>;

/** The answer to creating a code: the only time the code itself is shown. */
export const adminCodeCreatedSchema = adminCodeSchema.extend({ code: z.string() });
export type AdminCodeCreated = z.infer<typeof adminCodeCreatedSchema>;

export const adminSessionSchema = z.object({
  id: z.number(),
  admin_id: z.number(),
  name: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  /** When the session ends unless it is used again (idle expiry). */
  expires_at: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** The session making the request. */
  current: z.boolean(),
});
export type AdminSession = z.infer<typeof adminSessionSchema>;

export const accessAttemptSchema = z.object({
  id: z.number(),
  created_at: z.string(),
  ip: z.string(),
  user_agent: z.string(),
  /** Refused by the limiter (429) without checking the code. */
  limited: z.boolean(),
});
export type AccessAttempt = z.infer<typeof accessAttemptSchema>;

/**
 * Wrong admin codes from all addresses in the current window (decision 0084): past `threshold` the Security section
 * warns that someone may be guessing from many addresses. It refuses nobody; each address keeps its own lock-out.
 */
export const accessAlertSchema = z.object({
  alert: z.boolean(),
  failures: z.number().int(),
  threshold: z.number().int(),
  window_minutes: z.number().int(),
  /** When the current window's count is forgotten; null when no wrong code is counted. */
  resets_at: z.string().nullable(),
});
export type AccessAlert = z.infer<typeof accessAlertSchema>;

/** A query text; blank (an empty filter field) is the same as absent. */
const text = (max: number) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().max(max).optional());
const dateOrTime = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.string().trim().refine((v) => !Number.isNaN(Date.parse(v)), { error: 'Use a date like 2026-11-22' }).optional(),
);

export const auditQuerySchema = pageQuerySchema.extend({
  /** Who: part of the actor's name (case-insensitive). */
  actor: text(120),
  actor_id: z.coerce.number().int().positive().optional(),
  role: z.enum(['admin', 'vendor', 'user', 'system']).optional(),
  /** An action (`product.update`) or its domain (`product`, matching every product.* action). */
  action: text(80),
  target_type: text(60),
  target_id: text(80),
  /** From this day or instant (a bare date is the start of that day, UTC). */
  from: dateOrTime,
  /** Up to this day (a bare date includes the whole day, UTC) or instant. */
  to: dateOrTime,
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number(),
  created_at: z.string(),
  actor_id: z.number().nullable(),
  actor_name: z.string(),
  actor_role: z.string(),
  ip: z.string().nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
});
export type AuditEntryDto = z.infer<typeof auditEntrySchema>;
