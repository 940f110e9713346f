// The delivery promise and the public holidays it skips (issue 40 item 5, decision 0151).
import { z } from 'zod';
import { MSG } from '../messages.js';

// years 2000–2099 only: a holiday table is about the years around now (and PostgreSQL has no year 0)
const isoDate = z.string().regex(/^20\d{2}-\d{2}-\d{2}$/, { error: MSG.holidayDateInvalid })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), { error: MSG.holidayDateInvalid });

/** A promise: the first and last day the parcel may arrive (Dubai calendar days, YYYY-MM-DD). */
export const deliveryPromiseSchema = z.object({ earliest: z.string(), latest: z.string() });

export const holidaySchema = z.object({
  date: z.string(), name_en: z.string(), name_ar: z.string(),
  /** An Islamic-calendar date not yet confirmed by the moon-sighting announcement. */
  estimated: z.boolean(),
});
export type Holiday = z.infer<typeof holidaySchema>;

export const holidayInputSchema = z.strictObject({
  date: isoDate,
  name_en: z.string().trim().min(1, { error: MSG.nameRequired }).max(100),
  name_ar: z.string().trim().min(1, { error: MSG.nameRequired }).max(100),
  estimated: z.boolean().optional().default(false),
});
export type HolidayInput = z.input<typeof holidayInputSchema>;

export const holidayDateParamSchema = z.object({ date: isoDate });
