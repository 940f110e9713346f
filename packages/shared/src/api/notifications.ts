import { z } from 'zod';
import { DEFAULT_NOTIFICATION_PREFERENCES, NOTIFICATION_TYPES } from '../constants.js';

// Web push (customer spec §2 "Notification settings block", §3, §7; admin spec §2 "Notifications", §3, §7).

/** A browser's PushSubscription.toJSON(). The keys are base64url (p256dh: 65-byte P-256 point, auth: 16 bytes). */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string().url().max(2000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, { error: 'Invalid p256dh key' }),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,32}={0,2}$/, { error: 'Invalid auth secret' }),
  }),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;

/** userId is the spec's payload; the server acts for the signed-in caller and refuses another person's id. */
const userIdField = z.coerce.number().int().positive().optional();

export const subscribeBodySchema = z.object({ subscription: pushSubscriptionSchema, userId: userIdField });
/** Without an endpoint every subscription of the caller is removed (sign-out of push on all their browsers). */
export const unsubscribeBodySchema = z.object({ userId: userIdField, endpoint: z.string().max(2000).optional() });

export const notificationPreferencesSchema = z.object({
  orderUpdates: z.boolean(),
  productRecommendations: z.boolean(),
  promotions: z.boolean(),
  aiInsights: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
export const defaultNotificationPreferences = (): NotificationPreferences => ({ ...DEFAULT_NOTIFICATION_PREFERENCES });

export const putPreferencesBodySchema = z.object({ userId: userIdField, preferences: notificationPreferencesSchema.partial() });
export const preferencesParamSchema = z.object({ userId: z.coerce.number().int().positive() });

/** What a push carries to the service worker (JSON, encrypted aes128gcm). */
export const pushPayloadSchema = z.object({
  title: z.string().trim().min(1, { error: 'Title is required' }).max(120),
  body: z.string().trim().min(1, { error: 'Body is required' }).max(500),
  /** A path of this site, or an https address, opened when the notification is clicked. */
  url: z
    .string()
    .trim()
    .max(500)
    .refine((u) => u === '' || u.startsWith('/') || /^https:\/\//i.test(u), { error: 'URL must start with / or https://' })
    .optional(),
  icon: z.string().trim().max(500).optional(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/** POST /api/notifications/send: a customer may only notify themself; an admin anyone. */
export const sendBodySchema = pushPayloadSchema.extend({ userId: z.coerce.number().int().positive() });

export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);
/** POST /api/notifications/broadcast (admin). */
export const broadcastBodySchema = pushPayloadSchema.omit({ icon: true }).extend({ type: notificationTypeSchema.default('general') });

export const deliveryStatsSchema = z.object({ successCount: z.number().int(), errorCount: z.number().int() });
export type DeliveryStats = z.infer<typeof deliveryStatsSchema>;
/** The answer of send and broadcast (admin §3): success, a message and the delivery counts. */
export const deliveryResultSchema = z.object({ success: z.boolean(), message: z.string(), stats: deliveryStatsSchema });
export type DeliveryResult = z.infer<typeof deliveryResultSchema>;

export const vapidPublicKeySchema = z.object({ publicKey: z.string() });
export const okSchema = z.object({ success: z.literal(true), message: z.string() });
