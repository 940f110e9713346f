// Used by bundle.mjs (decision 0074).

/**
 * The bundle as pure ASCII. esbuild escapes non-ASCII characters in strings but leaves them in comments and regular
 * expressions (an arrow, a dash, a curly quote: ~50 lines). One such character makes V8 keep the whole script source
 * (which it holds for the life of the process, for lazy compilation) as two bytes per character: 10.3 MB instead of
 * 5.1 MB (decision 0074). Each becomes its \uXXXX escape, which means the same character in a string, a regular
 * expression (with or without the u flag; astral characters as their two surrogate escapes) and a comment; an
 * identity escape (`\’` in a regular expression or string) gives up its backslash, since the escape is one already.
 * Only text read back from the code sees the difference (a tagged template's raw strings, a regular expression's
 * `source`, a function's `toString()`), and then as an escape that still means the same character.
 */
export function toAscii(code) {
  return code.replace(/(\\*)([^\0-\x7f])/g, (_, slashes, c) => {
    const escaped = `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
    return (slashes.length % 2 === 1 ? slashes.slice(1) : slashes) + escaped;
  });
}
