import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { i18n } from '@lingui/core';
import type { PromotionDto } from '@souq/shared/api/promotions';
import { formatCents } from '@souq/shared/rules/money';
import { AppProviders, newQueryClient } from '@/app/providers';
import { messages as arAdmin } from '@/locales/ar/admin.po';
import { messages as enAdmin } from '@/locales/en/admin.po';
import { PromotionList } from './PromotionList';

// The promotion list (decision 0148) shows what a promotion takes off, who funds it and what it cost, from the fils
// the API answers, in the page's language.
const split: PromotionDto = {
  id: 7, kind: 'coupon', name: 'White Friday', code: 'WHITEFRI', one_time: false, percent_bps: 1250, amount_cents: null, min_spend_cents: 10_000,
  per_shopper_limit: 1, total_limit: 500, starts_at: '2026-11-27T00:00:00.000Z', ends_at: '2026-11-30T00:00:00.000Z', funder: 'split', seller_percent: 40,
  owner_vendor_id: null, status: 'active', product_ids: [1, 2], uses: 3, discount_cents: 3001, seller_cost_cents: 1201, marketplace_cost_cents: 1800,
  sellers: [{ vendor_id: 4, seller_cost_cents: 1201, marketplace_cost_cents: 1800 }],
};

const render = (locale: 'en' | 'ar') => {
  i18n.load(locale, locale === 'ar' ? arAdmin : enAdmin);
  i18n.activate(locale);
  return renderToString(<AppProviders client={newQueryClient()} i18n={i18n}>
    <PromotionList items={[split]} perSeller sellerName={(id) => `Seller ${id}`} onStatus={() => {}} />
  </AppProviders>);
};

describe('the promotion list', () => {
  it('shows the value, the split and the cost to each side from fils', () => {
    const html = render('en');
    expect(html).toContain('12.5 % off');
    expect(html).toContain('Split: sellers 40 %, marketplace 60 %');
    expect(html).toContain(formatCents(1800, undefined, 'en'));
    expect(html).toContain(formatCents(1201, undefined, 'en'));
    expect(html).toContain('Pause');
  });

  it('reads in Arabic', () => {
    const html = render('ar');
    expect(html).toContain('تقاسم: البائعون');
    expect(html).toContain('التكلفة على المتجر');
    expect(html).toContain(formatCents(3001, undefined, 'ar'));
    expect(html).not.toContain('Cost to the marketplace');
  });
});
