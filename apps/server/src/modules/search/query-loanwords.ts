// Loanwords read from the catalogue (decision 0165): Gulf shoppers write English trade words in Arabic letters
// ('سبيكر' speaker, 'كيبورد' keyboard, 'ساوند بار' soundbar, 'قيمنق' gaming) where a catalogue writes them in English
// or in Modern Standard Arabic. No table of such words: an Arabic word the catalogue does not hold is compared, by the
// sound of its consonants, with the catalogue's own Latin words. Both spellings are reduced to a consonant skeleton
// in one alphabet — vowels and the letters Arabic writes for them (ا و ي) dropped, the sounds Arabic has no letter for
// folded into the nearest it has (p → b, v → f, ch/sh → ش, hard g → ق/غ/ج) — and the words with equal skeletons meet.

/** Arabic letter → its sound class ('' for the letters that write vowels, hamza seats and ه/ة, which loanwords use for a final vowel). */
const ARABIC_SOUND: Record<string, string> = {
  'ب': 'b', 'پ': 'b', 'ت': 't', 'ث': 't', 'ط': 't', 'ج': 'g', 'ق': 'g', 'غ': 'g', 'گ': 'g', 'چ': 'S', 'ش': 'S', 'خ': 'k', 'ك': 'k', 'ک': 'k',
  'د': 'd', 'ذ': 'd', 'ض': 'd', 'ر': 'r', 'ز': 'z', 'ظ': 'z', 'س': 's', 'ص': 's', 'ف': 'f', 'ڤ': 'f', 'ل': 'l', 'م': 'm', 'ن': 'n',
  'ح': '', 'ع': '', 'ه': '', 'ة': '', 'ا': '', 'أ': '', 'إ': '', 'آ': '', 'ى': '', 'ي': '', 'و': '', 'ء': '', 'ئ': '', 'ؤ': '',
};

/** The consonant skeleton of a word in Arabic letters ('سبيكر' → sbkr); '' when a letter is not Arabic. */
export function arabicSkeleton(word: string): string {
  let out = '';
  for (const ch of word) {
    const s = ARABIC_SOUND[ch];
    if (s === undefined) return '';
    out += s;
  }
  return collapse(out);
}

/** The consonant skeleton of a Latin word as Arabic letters would write it ('speaker' → sbkr, 'keyboard' → kbrd). */
export function latinSkeleton(word: string): string {
  const w = word
    .toLowerCase()
    .replace(/ph/g, 'f')
    .replace(/ck/g, 'k')
    .replace(/(?:sh|ch|tch)/g, 'S')
    .replace(/th/g, 't')
    .replace(/qu/g, 'k')
    .replace(/x/g, 'ks')
    .replace(/c(?=[eiy])/g, 's')
    .replace(/c/g, 'k')
    .replace(/q/g, 'k')
    .replace(/p/g, 'b')
    .replace(/v/g, 'f')
    .replace(/j/g, 'g')
    .replace(/[aeiouyhw]/g, '');
  if (/[^bdfgklmnrsStz]/.test(w)) return '';
  return collapse(w);
}

/** Doubled consonants written once (Arabic writes a doubled consonant once: 'controller' → كنترولر). */
const collapse = (s: string) => s.replace(/(.)\1+/g, '$1');

/**
 * The fewest consonants a skeleton needs to be compared: shorter ones sound like too many words ('ماوس' m-s, and
 * Arabic words of three root letters: 'ليست' l-s-t is 'lasts', 'أشتري' ش-t-r 'shutter').
 */
export const LOANWORD_MIN_SKELETON = 4;
