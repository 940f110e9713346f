/**
 * True when a database error is a unique-index violation (SQLSTATE 23505), optionally of one named constraint.
 * Drivers differ: node-postgres puts the code on the error, drizzle on PGlite wraps it in `cause`; a driver that
 * does not name the constraint still counts as a match.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } } | null;
  const code = e?.code ?? e?.cause?.code;
  const name = e?.constraint ?? e?.cause?.constraint;
  return code === '23505' && (!constraint || name === constraint || name === undefined);
}
