/**
 * `%term%` for LIKE against lower-cased text: the term lower-cased, with the user's %, _ and \ taken literally
 * (backslash is PostgreSQL's default LIKE escape). Pair it with a `lower(…) like` condition a trigram index serves.
 */
export const containsPattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
