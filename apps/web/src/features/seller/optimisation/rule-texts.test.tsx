import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { CONVERSION_RULES, PERFORMANCE_RULES, SEO_SCORE_RULES } from '@souq/shared/rules/product-score';
import { messages as arVendor } from '@/locales/ar/vendor.po';
import { messages as enVendor } from '@/locales/en/vendor.po';
import { ScoringRules } from './ProductOptimizationPanel';
import { RULE_TEXTS } from './rule-texts';

// The optimiser's rule descriptions on the vendor's screen in its language (issue 26 item 1): the catalogue's English
// is product-score.ts' own, so the two cannot drift apart.
const RULES = [...SEO_SCORE_RULES, ...PERFORMANCE_RULES, ...CONVERSION_RULES];
const i18nIn = (locale: 'en' | 'ar') => setupI18n({ locale, messages: { [locale]: locale === 'ar' ? arVendor : enVendor } });

describe('the scoring rules a vendor reads', () => {
  it('are product-score.ts’ English texts in English, one catalogue text per rule', () => {
    const en = i18nIn('en');
    expect(Object.keys(RULE_TEXTS).sort()).toEqual(RULES.map((r) => r.id).sort());
    for (const rule of RULES) expect(en._(RULE_TEXTS[rule.id]), rule.id).toBe(rule.text);
  });

  it('are Arabic on an Arabic page, the limits kept', () => {
    const html = renderToString(<I18nProvider i18n={i18nIn('ar')}><ScoringRules /></I18nProvider>);
    for (const rule of RULES) expect(html).not.toContain(rule.text);
    expect(html).toContain('عنوان من 30 إلى 60 حرفًا');
    expect(html).toContain('الصور: 3 أو أكثر 25');
  });
});
