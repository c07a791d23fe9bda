/**
 * True when `error` (or what it wraps: Drizzle wraps driver errors in `cause`) is PostgreSQL's
 * unique_violation, optionally on one named constraint. node-postgres and PGlite both carry the
 * SQLSTATE in `code` and the index in `constraint`.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current = error; current && typeof current === 'object'; current = (current as Error).cause) {
    const { code, constraint: name } = current as { code?: string; constraint?: string };
    if (code === '23505') return constraint === undefined || name === constraint;
  }
  return false;
}

/** True when `error` or what it wraps carries the SQLSTATE `code` (e.g. 22023 for an unknown time zone). */
export function hasSqlState(error: unknown, code: string): boolean {
  for (let current = error; current && typeof current === 'object'; current = (current as Error).cause) {
    if ((current as { code?: string }).code === code) return true;
  }
  return false;
}
