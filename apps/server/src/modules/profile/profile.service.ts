import { eq, sql } from 'drizzle-orm';
import type { Profile, ProfileUpdate } from '@souq/shared/api/profile';
import { profiles } from '../../db/schema/accounts.js';
import type { Db } from '../../platform/db.js';
import { invalidField } from '../../platform/errors.js';
import { MSG } from '@souq/shared/messages';

type ProfileRow = typeof profiles.$inferSelect;

export type ProfileService = ReturnType<typeof createProfileService>;

const EMPTY: Profile = {
  dob: null,
  gender: null,
  phone: null,
  address: { address_line1: '', address_line2: '', city: '', state: '', postal_code: '', country: '' },
};

export function toProfileDto(r: ProfileRow | undefined): Profile & { onboarded: boolean } {
  if (!r) return { ...EMPTY, address: { ...EMPTY.address }, onboarded: false };
  return {
    dob: r.dob,
    gender: (r.gender as Profile['gender']) ?? null,
    phone: r.phone,
    address: {
      address_line1: r.addressLine1,
      address_line2: r.addressLine2,
      city: r.city,
      state: r.state,
      postal_code: r.postalCode,
      country: r.country,
    },
    onboarded: r.onboardedAt !== null,
  };
}

/** Keeps the first onboarding time on later saves. */
const keepFirstOnboarded = (now: Date) => sql`coalesce(${profiles.onboardedAt}, ${now.toISOString()}::timestamptz)`;

/** A birth date must be a real past date after 1900 (the schema only checks the YYYY-MM-DD shape). */
function checkDob(dob: string | null | undefined) {
  if (!dob) return;
  const t = Date.parse(`${dob}T00:00:00Z`);
  if (Number.isNaN(t) || t < Date.parse('1900-01-01T00:00:00Z')) throw invalidField('dob', MSG.invalidDob);
  // 'today' somewhere on Earth (UTC+14) is not the future yet
  if (t > Date.now() + 14 * 3_600_000) throw invalidField('dob', MSG.dobInFuture);
}

/** '' and whitespace mean "not given" for the nullable fields (spec §5: sent as null when empty). */
const orNull = (v: string | null | undefined) => (v === undefined ? undefined : v?.trim() ? v.trim() : null);

export function createProfileService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async get(userId: number) {
      const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId));
      return toProfileDto(row);
    },

    /**
     * Saves the fields that were sent (a field left out keeps its value). The first save marks the customer
     * as onboarded (the onboarding form's 'Save & Continue').
     */
    async update(userId: number, input: ProfileUpdate) {
      checkDob(input.dob);
      const a = input.address ?? {};
      const values = {
        dob: orNull(input.dob),
        gender: input.gender === undefined ? undefined : input.gender ?? null,
        phone: orNull(input.phone),
        addressLine1: a.address_line1,
        addressLine2: a.address_line2,
        city: a.city,
        state: a.state,
        postalCode: a.postal_code,
        country: a.country,
      };
      const set = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
      const now = new Date();
      const [row] = await db
        .insert(profiles)
        .values({ userId, ...set, onboardedAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: profiles.userId,
          set: { ...set, updatedAt: now, onboardedAt: keepFirstOnboarded(now) },
        })
        .returning();
      return toProfileDto(row);
    },
  };
}
