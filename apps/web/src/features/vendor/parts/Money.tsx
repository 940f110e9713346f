/** A money figure in a stat card: a size smaller on phones, where two cards share a row: a long amount wraps after the currency, not inside the number. */
export function Money({ text }: { text: string }) {
  return <span className="text-lg sm:text-xl">{text}</span>;
}
