import type { MSG } from '@souq/shared/messages';

/**
 * The topics of the AI chatbot section's "most asked topics": a fixed keyword list per topic, matched against the
 * shoppers' messages as word prefixes ('phone' matches 'phones' and 'phone's', not 'headphone'). Deterministic on
 * purpose: the same messages always give the same counts, and no model is involved. A message may count under
 * several topics ("a cheap phone" is a phone question and a price question).
 */

/** A topic's key: its name in each language is MSG.chatTopics[id]. */
export type ChatTopicId = keyof typeof MSG.chatTopics;
export const CHAT_TOPICS: readonly { id: ChatTopicId; keywords: readonly string[] }[] = [
  { id: 'phones', keywords: ['phone', 'smartphone', 'iphone', 'android', 'tablet', 'ipad', 'galaxy', 'pixel'] },
  { id: 'laptops', keywords: ['laptop', 'notebook', 'computer', 'macbook', 'pc', 'monitor', 'keyboard', 'mouse'] },
  { id: 'audio', keywords: ['headphone', 'earbud', 'earphone', 'speaker', 'audio', 'soundbar', 'airpods'] },
  { id: 'tv', keywords: ['tv', 'television', 'console', 'gaming', 'game', 'playstation', 'xbox', 'controller'] },
  { id: 'home', keywords: ['kitchen', 'coffee', 'espresso', 'blender', 'fryer', 'vacuum', 'lamp', 'furniture', 'chair', 'desk', 'home'] },
  { id: 'fashion', keywords: ['shirt', 'dress', 'shoe', 'sneaker', 'jacket', 'bag', 'fashion', 'beauty', 'makeup', 'lipstick', 'skincare', 'perfume', 'sunglass'] },
  { id: 'sports', keywords: ['sport', 'fitness', 'running', 'gym', 'yoga', 'bike', 'watch', 'tracker', 'dumbbell'] },
  { id: 'books', keywords: ['book', 'novel', 'toy', 'kid', 'children', 'lego', 'puzzle'] },
  { id: 'prices', keywords: ['price', 'cheap', 'cheapest', 'budget', 'cost', 'afford', 'discount', 'deal', 'under', 'expensive', 'worth'] },
  { id: 'comparisons', keywords: ['compare', 'comparison', 'vs', 'versus', 'difference', 'better', 'which'] },
  { id: 'gifts', keywords: ['gift', 'present', 'recommend', 'suggest', 'best', 'idea'] },
  { id: 'orders', keywords: ['order', 'delivery', 'deliver', 'shipping', 'ship', 'track', 'return', 'refund', 'cart', 'checkout'] },
];

/** The PostgreSQL regular expression of a topic: any keyword at the start of a word, case folded by the caller. */
export function topicPattern(keywords: readonly string[]): string {
  const words = keywords.map((k) => k.toLowerCase().replace(/[^a-z0-9]/g, '')).filter(Boolean);
  return `\\m(${words.join('|')})`;
}

