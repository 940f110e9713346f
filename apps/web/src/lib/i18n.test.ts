import { afterEach, describe, expect, it, vi } from 'vitest';

describe('the page language before its catalogue loads', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is English with the source texts, and Lingui has nothing to warn about (the server render printed it)', async () => {
    const warn = vi.spyOn(console, 'warn');
    vi.resetModules();
    const { i18n } = await import('./i18n');
    expect(i18n.locale).toBe('en');
    expect(i18n._({ id: 'x-source', message: 'Your cart' })).toBe('Your cart');
    expect(warn.mock.calls.flat().filter((m) => String(m).includes('not loaded'))).toEqual([]);
  });
});
