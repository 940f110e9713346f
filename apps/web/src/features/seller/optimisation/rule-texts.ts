import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { SEO_RULES } from '@souq/shared/constants';
import type { RuleId } from '@souq/shared/rules/product-score';

const { title, description, keywords, keywordLength } = SEO_RULES;

/**
 * The scoring rules' descriptions in the vendor catalogue (issue 26 item 1): English as product-score.ts writes them
 * (a test holds the two equal), so the vendor's page reads them in its language. The limits are the shared constants.
 */
export const RULE_TEXTS: Record<RuleId, MessageDescriptor> = {
  seoTitle: msg`Title of ${title.min} to ${title.max} characters`,
  seoDescription: msg`Description of ${description.min} to ${description.max} characters`,
  seoKeywords: msg`${keywords.min} to ${keywords.max} keywords of ${keywordLength.min} to ${keywordLength.max} characters`,
  seoImage: msg`At least one image`,
  performanceStock: msg`Stock: 10 or more 25, 1–9 15, none 0`,
  performanceRating: msg`Rating: 4.5+ 25, 4.0+ 20, 3.0+ 10, lower or none 0`,
  performanceReviews: msg`Reviews: 50+ 25, 10+ 15, 1+ 5, none 0`,
  performanceUpdated: msg`Updated: within 30 days 25, 90 days 15, older 5`,
  conversionPrice: msg`Price vs. category median: at or below 25, up to 10% above 15, higher 5, no comparison 15`,
  conversionDiscount: msg`Discount: 10% or more 25, any 15, none 0`,
  conversionPhotos: msg`Photos: 3 or more 25, 2 15, 1 10, none 0`,
  conversionBrandCategory: msg`Brand and category: both 25, one 15, neither 0`,
};
