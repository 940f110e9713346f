import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

// The project's own lint configuration (eslint.config.js) fires souq/web-layers on the imports the code really
// writes: the `@/…` alias and relative paths (decision 0146). The files need not exist: the path picks the config.
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: ROOT });
const lint = async (file: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, 'apps/web/src', file) });
  return result!.messages.filter((m) => m.ruleId === 'souq/web-layers').map((m) => m.message);
};

describe('souq/web-layers with the project configuration', () => {
  it('fires on a feature importing another feature, by alias, by relative path and lazily', { timeout: 60_000 }, async () => {
    const code = [
      "import { paths } from '@/lib/paths';",
      "import { useCatalogue } from '@/features/storefront/HiddenApi';",
      "import { VendorFrame } from '../seller/VendorFrame';",
      "export { Thing } from '@/features/admin/Thing';",
      "export const load = () => import('@/features/account/ProfilePage');",
      'export const all = [paths, useCatalogue, VendorFrame];',
    ].join('\n');
    const messages = await lint('features/checkout/Bad.ts', code);
    expect(messages).toHaveLength(4);
    expect(messages.every((m) => /features\/checkout may not import another feature/.test(m))).toBe(true);
  });

  it('fires on lib/ or components/ importing a feature, and on a feature importing app/', { timeout: 60_000 }, async () => {
    expect(await lint('components/shop/Bad.ts', "export { useCart } from '@/features/storefront/cart';")).toEqual([
      expect.stringMatching(/components\/ may not import a feature/),
    ]);
    expect(await lint('lib/shop/bad.ts', "export { x } from '../../features/seller/api';")).toEqual([expect.stringMatching(/lib\/ may not import a feature/)]);
    expect(await lint('features/seller/Bad.ts', "export { router } from '@/app/router';")).toEqual([expect.stringMatching(/composition root/)]);
  });

  it('lets the allowed directions pass', { timeout: 60_000 }, async () => {
    const code = "import { paths } from '@/lib/paths';\nimport { Button } from '@/components/ui/Button';\nimport { api } from './api';\nexport const all = [paths, Button, api];";
    expect(await lint('features/seller/Good.ts', code)).toEqual([]);
    expect(await lint('app/Good.ts', "export { VendorFrame } from '@/features/seller/VendorFrame';")).toEqual([]);
  });
});
