/** The PostgreSQL error code of a failed statement, looking through Drizzle's wrapper (pg and PGlite alike). */
function sqlStateOf(error: unknown): { code?: string; constraint?: string } {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
      };
    }
    current = candidate.cause;
  }
  return {};
}

/** A unique index refused the row (optionally: that index). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const state = sqlStateOf(error);
  return state.code === '23505' && (!constraint || !state.constraint || state.constraint === constraint);
}
