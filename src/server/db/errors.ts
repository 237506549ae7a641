/**
 * Reading database errors the same way on both drivers (pg and PGlite), which drizzle wraps in a
 * DrizzleQueryError whose `cause` is the driver's error.
 */

/** SQLSTATE of a failed query (e.g. '23505'), or undefined for other errors. */
export function pgErrorCode(error: unknown): string | undefined {
  const codeOf = (value: unknown): string | undefined =>
    typeof value === 'object' && value !== null && 'code' in value && typeof value.code === 'string'
      ? value.code
      : undefined;
  return codeOf(error) ?? codeOf((error as { cause?: unknown } | null)?.cause);
}

function constraintOf(error: unknown): string | undefined {
  const read = (value: unknown): string | undefined =>
    typeof value === 'object' && value !== null && 'constraint' in value && typeof value.constraint === 'string'
      ? value.constraint
      : undefined;
  return read(error) ?? read((error as { cause?: unknown } | null)?.cause);
}

/** A unique_violation, optionally of one named constraint or unique index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (pgErrorCode(error) !== '23505') return false;
  if (constraint === undefined) return true;
  const named = constraintOf(error);
  // PGlite may leave `constraint` empty; the message then names it ("... constraint \"x\"").
  if (named !== undefined && named !== '') return named === constraint;
  const message = error instanceof Error ? `${error.message} ${String((error.cause as Error | undefined)?.message ?? '')}` : '';
  return message.includes(`"${constraint}"`);
}

/**
 * An error as it may be logged: drizzle writes the query's parameters into its message, and
 * those can be e-mail bodies with a temporary password, or tokens. The log keeps the SQL text,
 * the SQLSTATE and the driver's own message, never the parameters.
 */
export function loggableError(error: unknown): unknown {
  if (!(error instanceof Error) || !('params' in error) || !('query' in error)) return error;
  const cause = error.cause instanceof Error ? error.cause : undefined;
  const clean = new Error(cause?.message ?? 'database query failed');
  clean.name = 'DatabaseQueryError';
  clean.stack = `${clean.name}: ${clean.message}\n    query: ${String(error.query)}`;
  const code = pgErrorCode(error);
  if (code) Object.assign(clean, { code });
  return clean;
}
