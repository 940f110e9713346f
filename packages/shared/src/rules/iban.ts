// Bank account numbers for vendor payouts (issue 24 item 5): UAE IBANs only, since payouts go out as AED bank
// transfers from a UAE account. ISO 13616: country code, two check digits, then the BBAN (for AE: a 3-digit bank
// code and a 16-digit account number, 23 characters in all); valid when the rearranged number is 1 mod 97.

/** The IBAN as typed with spaces and dashes removed and letters upper-cased. */
export const normalizeIban = (input: string): string => input.replace(/[\s-]+/g, '').toUpperCase();

/** ISO 13616 / ISO 7064 mod-97-10: move the first four characters to the end, letters to 10..35, remainder 1. */
export function ibanChecksumOk(iban: string): boolean {
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  // digit by digit, so the number never outgrows a double (a BBAN can be 30 characters)
  let rest = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    const digits = code >= 65 ? String(code - 55) : ch;
    for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}

export const UAE_IBAN_PATTERN = /^AE[0-9]{21}$/;

export type IbanProblem = 'format' | 'checksum';

/** Why a (normalized) IBAN is not a valid UAE IBAN, or null when it is. */
export function uaeIbanProblem(iban: string): IbanProblem | null {
  if (!UAE_IBAN_PATTERN.test(iban)) return 'format';
  return ibanChecksumOk(iban) ? null : 'checksum';
}

/** Groups of four for reading ('AE07 0331 2345 6789 0123 456'). */
export const formatIban = (iban: string): string => normalizeIban(iban).replace(/(.{4})(?=.)/g, '$1 ');

/** Only the last four characters shown (audit entries, lists read by other people). */
export const maskIban = (iban: string): string => (iban.length <= 4 ? iban : `${iban.slice(0, 2)}•• •••• ${iban.slice(-4)}`);
