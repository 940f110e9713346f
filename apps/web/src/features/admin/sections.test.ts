import { describe, expect, it } from 'vitest';
import { sectionFromLocation, sectionUrl } from './sections';

const at = (pathname: string, search = '', state: unknown = null) => ({ pathname, search, state });

describe('the section in the URL', () => {
  it('reads ?section=, else the state another admin page passed, else the path (/admin/vendors), else the overview', () => {
    expect(sectionFromLocation(at('/admin', '?section=orders&status=pending'))).toBe('orders');
    expect(sectionFromLocation(at('/admin', '', { section: 'support' }))).toBe('support');
    expect(sectionFromLocation(at('/admin/vendors'))).toBe('vendors');
    expect(sectionFromLocation(at('/admin/vendors', '?section=users'))).toBe('users');
    expect(sectionFromLocation(at('/admin'))).toBe('overview');
    expect(sectionFromLocation(at('/admin', '?section=nonsense', { section: 42 }))).toBe('overview');
  });

  it('writes /admin for the overview and ?section= for the others', () => {
    expect(sectionUrl('overview')).toBe('/admin');
    expect(sectionUrl('ai-chatbot')).toBe('/admin?section=ai-chatbot');
  });
});
