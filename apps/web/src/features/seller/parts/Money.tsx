/** A money figure in a stat card: a size smaller on phones, where two cards share a row: a long amount wraps after the currency, not inside the number. */
export function Money({ text }: { text: string }) {
  // the formatter keeps the currency and the number together with a no-break space; here they may part
  return <span className="text-lg sm:text-xl">{text.replace('\u00a0', ' ')}</span>;
}
