/**
 * The topics of the AI chatbot section's "most asked topics": a fixed keyword list per topic, matched against the
 * shoppers' messages as word prefixes ('phone' matches 'phones' and 'phone's', not 'headphone'). Deterministic on
 * purpose: the same messages always give the same counts, and no model is involved. A message may count under
 * several topics ("a cheap phone" is a phone question and a price question).
 */
export const CHAT_TOPICS: readonly { topic: string; keywords: readonly string[] }[] = [
  { topic: 'Phones & tablets', keywords: ['phone', 'smartphone', 'iphone', 'android', 'tablet', 'ipad', 'galaxy', 'pixel'] },
  { topic: 'Laptops & computers', keywords: ['laptop', 'notebook', 'computer', 'macbook', 'pc', 'monitor', 'keyboard', 'mouse'] },
  { topic: 'Audio', keywords: ['headphone', 'earbud', 'earphone', 'speaker', 'audio', 'soundbar', 'airpods'] },
  { topic: 'TV & gaming', keywords: ['tv', 'television', 'console', 'gaming', 'game', 'playstation', 'xbox', 'controller'] },
  { topic: 'Home & kitchen', keywords: ['kitchen', 'coffee', 'espresso', 'blender', 'fryer', 'vacuum', 'lamp', 'furniture', 'chair', 'desk', 'home'] },
  { topic: 'Fashion & beauty', keywords: ['shirt', 'dress', 'shoe', 'sneaker', 'jacket', 'bag', 'fashion', 'beauty', 'makeup', 'lipstick', 'skincare', 'perfume', 'sunglass'] },
  { topic: 'Sports & fitness', keywords: ['sport', 'fitness', 'running', 'gym', 'yoga', 'bike', 'watch', 'tracker', 'dumbbell'] },
  { topic: 'Books & toys', keywords: ['book', 'novel', 'toy', 'kid', 'children', 'lego', 'puzzle'] },
  { topic: 'Prices & budget', keywords: ['price', 'cheap', 'cheapest', 'budget', 'cost', 'afford', 'discount', 'deal', 'under', 'expensive', 'worth'] },
  { topic: 'Comparisons', keywords: ['compare', 'comparison', 'vs', 'versus', 'difference', 'better', 'which'] },
  { topic: 'Gifts & recommendations', keywords: ['gift', 'present', 'recommend', 'suggest', 'best', 'idea'] },
  { topic: 'Orders & delivery', keywords: ['order', 'delivery', 'deliver', 'shipping', 'ship', 'track', 'return', 'refund', 'cart', 'checkout'] },
];

/** The PostgreSQL regular expression of a topic: any keyword at the start of a word, case folded by the caller. */
export function topicPattern(keywords: readonly string[]): string {
  const words = keywords.map((k) => k.toLowerCase().replace(/[^a-z0-9]/g, '')).filter(Boolean);
  return `\\m(${words.join('|')})`;
}

