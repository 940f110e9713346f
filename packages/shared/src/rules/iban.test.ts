import { describe, expect, it } from 'vitest';
import { formatIban, ibanChecksumOk, maskIban, normalizeIban, uaeIbanProblem } from './iban.js';

// The UAE example IBAN of the central bank's and SWIFT's IBAN registry; the others are published registry examples.
const UAE_OK = 'AE070331234567890123456';

describe('IBAN rules', () => {
  it('accepts the registry examples of several countries (mod 97 = 1)', () => {
    for (const iban of [UAE_OK, 'GB29NWBK60161331926819', 'DE89370400440532013000', 'SA0380000000608010167519', 'FR1420041010050500013M02606']) {
      expect(ibanChecksumOk(iban), iban).toBe(true);
    }
  });

  it('finds every single changed digit and swapped neighbours', () => {
    for (let i = 2; i < UAE_OK.length; i++) {
      const d = Number(UAE_OK[i]);
      const changed = UAE_OK.slice(0, i) + String((d + 1) % 10) + UAE_OK.slice(i + 1);
      expect(uaeIbanProblem(changed), changed).toBe('checksum');
    }
    expect(uaeIbanProblem('AE070331234567890123465')).toBe('checksum');
  });

  it('wants AE and 21 digits', () => {
    expect(uaeIbanProblem(UAE_OK)).toBeNull();
    expect(uaeIbanProblem('GB29NWBK60161331926819')).toBe('format'); // valid, but not a UAE account
    expect(uaeIbanProblem('AE07033123456789012345')).toBe('format'); // 20 digits
    expect(uaeIbanProblem('AE0703312345678901234567')).toBe('format'); // 22 digits
    expect(uaeIbanProblem('AE07033123456789012345A')).toBe('format');
    expect(uaeIbanProblem('')).toBe('format');
  });

  it('reads what people type: spaces, dashes, lower case', () => {
    expect(normalizeIban(' ae07 0331-2345 6789 0123 456 ')).toBe(UAE_OK);
    expect(uaeIbanProblem(normalizeIban('ae07 0331 2345 6789 0123 456'))).toBeNull();
    expect(formatIban(UAE_OK)).toBe('AE07 0331 2345 6789 0123 456');
    expect(maskIban(UAE_OK)).toBe('AE•• •••• 3456');
  });
});
