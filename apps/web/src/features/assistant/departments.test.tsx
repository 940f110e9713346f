import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { i18n } from '@lingui/core';
import type { CategoryName } from '@souq/shared/api/catalogue';
import { AppProviders, newQueryClient } from '@/app/providers';
import { messages as arStorefront } from '@/locales/ar/storefront.po';
import { messages as enStorefront } from '@/locales/en/storefront.po';
import { PanelProductCard } from '@/features/assistant/PanelProductCard';
import { ShoppingContextSection } from '@/features/assistant/ShoppingContextSection';
import { buildAssistantContext, type PanelProduct } from '@/features/assistant/context-rules';

// The departments a shopper reads on the assistant's panel are named in the page's language (issue 26 item 1); the
// values kept and sent stay the catalogue's English names. The names are GET /api/categories/names' answer.
const NAMES: CategoryName[] = [{ name: 'Audio', name_ar: 'الصوتيات' }, { name: 'Kitchen', name_ar: 'المطبخ' }];
const lamp: PanelProduct = { id: 1, name: 'Desk Speaker', price: 120, image: null, category: 'Audio' };
const noop = () => {};

function render(locale: 'en' | 'ar', node: React.ReactNode): string {
  i18n.load(locale, locale === 'ar' ? arStorefront : enStorefront);
  i18n.activate(locale);
  const client = newQueryClient();
  client.setQueryData(['departments', 'ar'], NAMES);
  return renderToString(<AppProviders client={client} i18n={i18n}>{node}</AppProviders>);
}

const card = <PanelProductCard product={lamp} selected={false} favourite locked={false} onSelect={noop} onFavourite={noop} onAddToCart={noop} onLock={noop} />;
const favourites = (categories: string[]) => (
  <ShoppingContextSection
    context={buildAssistantContext({ preferences: {}, budget: null, history: [], searches: [], categories, lockedProduct: null, locker: [], cart: { itemCount: 0, total: 0 } })}
    onSelect={noop}
  />
);

describe('department names on the assistant panel', () => {
  it('are Arabic on an Arabic page, in the card, its title and the favourites (any case), English where none is known', () => {
    const html = render('ar', card);
    expect(html).toContain('<bdi lang="ar" dir="auto">الصوتيات</bdi>');
    expect(html).toContain('title="الصوتيات من فئاتك المفضلة"');
    expect(html).not.toContain('>Audio<');
    const chips = render('ar', favourites(['kitchen', 'Garden']));
    expect(chips).toContain('<bdi lang="ar" dir="auto">المطبخ</bdi>');
    expect(chips).toContain('aria-label="إزالة المطبخ من المفضلة"');
    expect(chips).toContain('<bdi lang="en" dir="auto">Garden</bdi>');
  });

  it('stay English on an English page', () => {
    const html = render('en', card);
    expect(html).toContain('<bdi lang="en" dir="auto">Audio</bdi>');
    expect(html).toContain('title="Audio is a favourite category"');
    expect(html).not.toContain('الصوتيات');
  });
});
