import { count } from 'drizzle-orm';
import { DEMO_CUSTOMER_EMAIL, DEMO_PASSWORD, DEMO_VENDOR_EMAIL } from '@souq/shared/constants';
import { users } from '../schema/accounts.js';
import type { Db } from '../../platform/db.js';
import type { Services } from '../../services.js';

export type SeedDeps = { db: Db; services: Services; dataDir: string; log: (msg: string) => void };

/** Seeds the demo data into an empty database (no users yet). Returns whether it seeded. */
export async function seedDemoIfEmpty(deps: SeedDeps): Promise<boolean> {
  const [row] = await deps.db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  await seedDemo(deps);
  return true;
}

export async function seedDemo({ services }: SeedDeps): Promise<void> {
  const { accounts } = services;
  await accounts.createUser({ name: 'Layla Customer', email: DEMO_CUSTOMER_EMAIL, password: DEMO_PASSWORD, role: 'user' });
  await accounts.vendorSignup({
    company_name: 'Gulf Gadgets Trading LLC',
    contact_name: 'Omar Haddad',
    email: DEMO_VENDOR_EMAIL,
    password: DEMO_PASSWORD,
    phone: '+971 4 555 0101',
    address: { street: 'Sheikh Zayed Road 12', city: 'Dubai', state: 'Dubai', country: 'UAE' },
  });
}
