import { expect } from 'vitest';
import { call, type TestContext } from './harness.js';
import { pintViolations } from './pint-ae-rules.js';
import { ublSchemaErrors } from './ubl-schemas.js';

/**
 * Each tax document exported as PINT AE through the admin's route, then checked against the OASIS UBL 2.1 schemas
 * (needs ../shared: call it inside `itWithShared`) and the business rules; answers the exported documents.
 */
export async function exportValidPintAe(app: TestContext['app'], admin: string, docs: readonly { id: number; number: string }[]) {
  const exported: { name: string; xml: string }[] = [];
  for (const d of docs) {
    const res = await call(app, { url: `/api/admin/tax-documents/${d.id}/pint-ae`, token: admin });
    expect(res.status, d.number).toBe(200);
    exported.push({ name: d.number, xml: res.body });
  }
  expect(await ublSchemaErrors(exported)).toEqual(exported.map(() => []));
  for (const e of exported) expect(pintViolations(e.xml), e.name).toEqual([]);
  return exported;
}
