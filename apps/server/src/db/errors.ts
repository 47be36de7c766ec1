export interface SqlState {
  code?: string;
  constraint?: string;
  /** The column of a NOT NULL violation. */
  column?: string;
  /** e.g. 'Key (period)=(2099-01) is not present in table "00_Period".' */
  detail?: string;
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The PostgreSQL error code of a failed statement, looking through Drizzle's wrapper. */
export function sqlStateOf(error: unknown): SqlState {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    const candidate = current as {
      code?: unknown;
      constraint?: unknown;
      column?: unknown;
      detail?: unknown;
      cause?: unknown;
    };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: textOf(candidate.constraint),
        column: textOf(candidate.column),
        detail: textOf(candidate.detail),
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

/*
 * Data exceptions (SQLSTATE class 22) the database raises for a value it cannot take: text it cannot
 * encode (22021: NUL, invalid UTF-8; 22P05: NUL in jsonb), a date or time out of range or malformed
 * (22008, 22007), a number out of range or not a number (22003, 22P02), text too long for its column (22001).
 */
const INVALID_INPUT_STATES = new Set(['22001', '22003', '22007', '22008', '22021', '22P02', '22P05']);

/** The database refused a value as such: the request's fault, whatever layer let it through. */
export function isInvalidInputError(error: unknown): boolean {
  const { code } = sqlStateOf(error);
  return code !== undefined && INVALID_INPUT_STATES.has(code);
}
