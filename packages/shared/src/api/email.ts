import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '../constants.js';
import { MSG } from '../messages.js';

/**
 * One e-mail rule for every form that stores an address (sign-ups, the vendor's onboarding and profile, an order's
 * contact): trimmed, lower-case, at most 254 characters, a valid address.
 */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, { error: MSG.emailTooLong(EMAIL_MAX_LENGTH) })
  .pipe(z.email({ error: MSG.emailInvalid }));
