import { describe, expect, it } from 'vitest';
import { emirateNamed, isUaeCountry, UAE_EMIRATES, EMIRATE_NAMES } from './uae-address.js';

describe('emirateNamed: the emirate a region or city field names', () => {
  it('reads every emirate by its code, English and Arabic names', () => {
    for (const e of UAE_EMIRATES) {
      expect(emirateNamed(e)).toBe(e);
      expect(emirateNamed(EMIRATE_NAMES[e].en)).toBe(e);
      expect(emirateNamed(EMIRATE_NAMES[e].en.toUpperCase())).toBe(e);
      expect(emirateNamed(EMIRATE_NAMES[e].ar)).toBe(e);
    }
  });
  it('reads ISO 3166-2 codes, other spellings and "emirate of"', () => {
    expect(emirateNamed('AE-DU')).toBe('dubai');
    expect(emirateNamed('ae-rk')).toBe('ras_al_khaimah');
    expect(emirateNamed('Ras al-Khaimah')).toBe('ras_al_khaimah');
    expect(emirateNamed('Abudhabi')).toBe('abu_dhabi');
    expect(emirateNamed('Emirate of Sharjah')).toBe('sharjah');
    expect(emirateNamed('إمارة الشارقة')).toBe('sharjah');
    expect(emirateNamed('ابوظبي')).toBe('abu_dhabi');
    expect(emirateNamed('الفجيره')).toBe('fujairah');
  });
  it('names no emirate for an area, another place or nothing', () => {
    for (const t of ['Dubai Marina', 'Al Ain', 'Riyadh', 'AE', '', '   ', null, undefined, 'AE-XX']) expect(emirateNamed(t)).toBeNull();
  });
});

describe('isUaeCountry', () => {
  it('knows the UAE by its codes and names', () => {
    for (const t of ['AE', 'are', 'UAE', 'United Arab Emirates', 'the United Arab Emirates', 'الإمارات', 'الإمارات العربية المتحدة']) expect(isUaeCountry(t)).toBe(true);
    for (const t of ['SA', 'Oman', '', null]) expect(isUaeCountry(t)).toBe(false);
  });
});
