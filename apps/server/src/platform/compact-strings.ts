/**
 * Strings kept for the life of the process (search records, the recommendation model's catalogue) in their most
 * compact form (docs/decisions/0074).
 *
 * `JSON.stringify` and `+`/template literals hand back V8 "cons" strings: a tree of the pieces they were built from
 * (JSON.stringify builds its output in parts of 32, 64, 128… characters), each piece with its own header and each
 * join a 32-byte node, and a piece cut from a longer text (`slice`, a regex match) keeps that whole text alive. A
 * product record of ~0.8 KB kept that way took ~1.5× its flat size. Reading a character flattens a cons string in
 * place (V8 copies it into one sequential string and the tree becomes garbage at the next collection); it is a
 * no-op on a string that is already flat.
 */
export function flat(s: string): string {
  s.charCodeAt(0);
  return s;
}

/**
 * One shared copy of each distinct string: values read from the database are a new string per row, so 50,000
 * products with the same few hundred categories, tags and brands held 50,000 copies of each.
 */
export function createInterner(): (s: string) => string {
  const seen = new Map<string, string>();
  return (s) => {
    const known = seen.get(s);
    if (known !== undefined) return known;
    seen.set(s, s);
    return s;
  };
}
