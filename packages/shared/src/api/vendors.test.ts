import { describe, expect, it } from 'vitest';
import { vendorLandingPath, vendorStatus } from '../rules/vendor-status.js';
import { documentFileProblem, onboardingFieldErrors, vendorOnboardingSchema } from './vendors.js';

const valid = {
  company_name: 'Oasis LLC', contact_name: 'Rashid', email: 'R@Oasis.example', phone: '+971 4 555 0202', website: '',
  address: { street: 'Al Qusais 1', city: 'Dubai', state: 'Dubai' },
  business_type: 'LLC', industry: 'Food', establishment_date: '2021-09-12',
};
const messages = { tooLarge: 'too large', wrongType: 'wrong type' };

describe('vendorOnboardingSchema (vendor §5 step gating)', () => {
  it('accepts the required fields, normalises e-mail, defaults country and the optional fields', () => {
    const out = vendorOnboardingSchema.parse(valid);
    expect(out.email).toBe('r@oasis.example');
    expect(out.address).toMatchObject({ country: 'UAE', postal_code: '' });
    expect(out).toMatchObject({ tax_id: '', vat_number: '', website: '' });
    expect(onboardingFieldErrors(valid)).toEqual({});
  });

  it('names every missing field of steps 1–3 by its path, with the field message', () => {
    const errors = onboardingFieldErrors({ ...valid, company_name: '  ', phone: '', address: { street: '', city: 'Dubai', state: '' }, industry: '', establishment_date: '' });
    expect(errors).toEqual({
      company_name: 'Company name is required',
      phone: 'Phone is required',
      'address.street': 'Street is required',
      'address.state': 'State / Emirate is required',
      industry: 'Industry is required',
      establishment_date: 'Establishment date is required',
    });
    expect(onboardingFieldErrors({ ...valid, website: 'not a url', establishment_date: '2021-02-31x' })).toMatchObject({ website: expect.any(String), establishment_date: expect.any(String) });
  });
});

describe('documentFileProblem (vendor §5 files)', () => {
  it('refuses files over the limit and types outside the field rule', () => {
    expect(documentFileProblem('trade_license', { size: 11, type: 'application/pdf', name: 'a.pdf' }, 10, messages)).toBe('too large');
    expect(documentFileProblem('trade_license', { size: 10, type: 'application/pdf', name: 'a.pdf' }, 10, messages)).toBeNull();
    expect(documentFileProblem('emirates_id_front', { size: 1, type: 'application/pdf', name: 'a.pdf' }, 10, messages)).toBe('wrong type');
    expect(documentFileProblem('emirates_id_back', { size: 1, type: '', name: 'ID.JPEG' }, 10, messages)).toBeNull();
    expect(documentFileProblem('trade_license', { size: 1, type: 'image/gif', name: 'a.gif' }, 10, messages)).toBe('wrong type');
  });
});

describe('vendorStatus and the landing path (vendor §4)', () => {
  const docs = { hasTradeLicense: true, hasIdFront: true, hasIdBack: true };
  it('derives Verified, Rejected, Pending Review and Incomplete', () => {
    expect(vendorStatus({ isVerified: true, ...docs })).toBe('verified');
    expect(vendorStatus({ isVerified: false, rejected: true, ...docs })).toBe('rejected');
    expect(vendorStatus({ isVerified: false, ...docs })).toBe('pending');
    expect(vendorStatus({ isVerified: false, ...docs, hasIdBack: false })).toBe('incomplete');
  });
  it('sends a vendor with a missing document to onboarding, others and a missing vendor to /vendor', () => {
    expect(vendorLandingPath({ license_file: {}, emirates_id_front: {}, emirates_id_back: null })).toBe('/vendor/onboarding');
    expect(vendorLandingPath({ license_file: {}, emirates_id_front: {}, emirates_id_back: {} })).toBe('/vendor');
    expect(vendorLandingPath(null)).toBe('/vendor');
  });
});
