// Amounts written in Arabic words (decision 0153): «ألفين»، «خمسمية»، «ألف وخمسمية»، «ألف ونص»، «ثلاثة آلاف»، «مية
// وخمسين». A shopper writes a budget in words as often as in digits; the assistant's price rules read digits, so an
// amount in words is written as digits first. Text in the folded spelling readArabic works on (hamza seats dropped,
// ة as ه, ى as ي).

/** Units (for 'ثلاث مية', 'خمسه الاف', 'خمسه وعشرين'). */
const UNITS: Record<string, number> = {
  واحد: 1, واحده: 1, اثنين: 2, اثنان: 2, ثنتين: 2, ثلاث: 3, ثلاثه: 3, اربع: 4, اربعه: 4, خمس: 5, خمسه: 5, ست: 6, سته: 6,
  سبع: 7, سبعه: 7, ثمان: 8, ثماني: 8, ثمانيه: 8, تسع: 9, تسعه: 9, عشر: 10, عشره: 10,
};
const TENS: Record<string, number> = {
  عشرين: 20, عشرون: 20, ثلاثين: 30, ثلاثون: 30, اربعين: 40, اربعون: 40, خمسين: 50, خمسون: 50, ستين: 60, ستون: 60,
  سبعين: 70, سبعون: 70, ثمانين: 80, ثمانون: 80, تسعين: 90, تسعون: 90,
};
/** A hundred as written in MSA and Gulf: «مئة، مائة، مية، ميه». */
const HUNDRED = '(?:ميه|مايه|مييه)';
const HUNDREDS2 = '(?:ميتين|مايتين|مئتين|ميتان|مايتان)';
const THOUSAND = '(?:الف|الالف)';
const THOUSANDS = '(?:الاف)';
// (the dual in a construct before its noun, «ألفي درهم», is two thousand too: decision 0191)
const THOUSANDS2 = '(?:الفين|الفان|الالفين|الفي)';
const unitWords = Object.keys(UNITS).sort((a, b) => b.length - a.length).join('|');
const tenWords = Object.keys(TENS).join('|');

/** One term of an amount, with its value: the unit before 'hundred' or 'thousands' may be joined to it or apart. */
const TERMS: { re: string; value: (m: string) => number }[] = [
  { re: `(?:${unitWords})\\s?${THOUSANDS}`, value: (m) => UNITS[m.replace(new RegExp(`\\s?${THOUSANDS}$`), '')]! * 1000 },
  { re: THOUSANDS2, value: () => 2000 },
  { re: THOUSAND, value: () => 1000 },
  { re: `(?:${unitWords})\\s?${HUNDRED}`, value: (m) => UNITS[m.replace(new RegExp(`\\s?${HUNDRED}$`), '')]! * 100 },
  { re: HUNDREDS2, value: () => 200 },
  { re: HUNDRED, value: () => 100 },
  { re: `(?:${tenWords})`, value: (m) => TENS[m]! },
  { re: `(?:${unitWords})`, value: (m) => UNITS[m]! },
];
const TERM = `(?:${TERMS.map((t) => t.re).join('|')})`;
/** Terms joined by 'and' ('ألف وخمسمية'), and a half of the largest at the end ('ألف ونص'). */
const AMOUNT = new RegExp(String.raw`(?<=^|[\s,.;?!]|(?<=[\s,.;?!]|^)ب)(${TERM}(?:\s+و\s?${TERM})*)(\s+و\s?(?:نص|نصف))?(?=$|[\s,.;?!])`, 'g');
const LARGE = new RegExp(`${THOUSAND}|${THOUSANDS}|${THOUSANDS2}|${HUNDRED}|${HUNDREDS2}|^(?:${tenWords})$`);

function valueOf(term: string): number {
  for (const t of TERMS) if (new RegExp(`^${t.re}$`).test(term)) return t.value(term);
  return 0;
}

/**
 * An Arabic text (folded) with its amounts in words written as digits: «لابتوب ما يتعدى ألفين» → «لابتوب ما يتعدى 2000».
 * Only amounts of tens and more: a count in words ('ضيف اثنين') is read where counts are read. «مية» alone also means
 * water in the Gulf: a hundred only after a digit word, a price word or before «درهم».
 */
export function arabicAmountsAsDigits(text: string): string {
  return text.replace(AMOUNT, (m: string, terms: string, half: string | undefined, offset: number, whole: string) => {
    const parts = terms.split(/\s+و\s?/);
    if (!parts.some((p) => LARGE.test(p))) return m;
    if (parts.length === 1 && new RegExp(`^${HUNDRED}$`).test(terms)) {
      const before = whole.slice(0, offset);
      const after = whole.slice(offset + m.length);
      if (!/(?:من|تحت|عن|حدود|بحدود|فوق|علي|الي|لين|حتي|ب)\s*$/.test(before) && !/^\s*(?:درهم|دراهم|دهم)/.test(after)) return m;
    }
    const values = parts.map(valueOf);
    if (values.some((v) => v === 0)) return m;
    // a sum is written largest first ('ألف وخمسمية'), but for units before tens ('خمسة وعشرين'); 'مئتين وخمسمية' is two
    // amounts (between 200 and 500)
    if (values.some((v, i) => i > 0 && v >= values[i - 1]! && !(values[i - 1]! < 10 && v >= 20 && v < 100))) return `${parts.map((p, i) => (values[i]! >= 20 ? String(values[i]) : p)).join(' و ')}${half ?? ''}`;
    let total = values.reduce((a, b) => a + b, 0);
    if (half) total += Math.max(...values) / 2;
    return String(total);
  });
}
