/** The code with every non-ASCII character as its \uXXXX escape (see ascii.mjs). */
export function toAscii(code: string): string;
