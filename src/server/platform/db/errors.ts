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

/** SQLSTATEs that mean "the server is going away or not there yet", not "your query is wrong". */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: terminated by pg_terminate_backend or a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, shutting down, in recovery
  '53300', // too_many_connections
]);

/** Socket errors of a connection that failed or broke. */
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNABORTED',
]);

/** What pg and pg-pool say when a connection could not be made or was lost (no SQLSTATE). */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'timeout expired',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

/**
 * True when a query failed because the database server could not be reached or dropped the
 * connection (restart, failover, stop), as opposed to a bad query: the caller should retry later,
 * so the API answers 503 (docs/decisions/033-faults.md). Follows drizzle's `cause` chain.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || UNAVAILABLE_ERRNOS.has(code))) {
      return true;
    }
    if (UNAVAILABLE_MESSAGES.some((text) => current instanceof Error && current.message.startsWith(text))) return true;
    current = current.cause;
  }
  return false;
}

/**
 * True when a statement ran past its statement_timeout or waited past its lock_timeout, or was
 * cancelled at shutdown (57014 query_canceled, 55P03 lock_not_available; decision 103): the
 * query itself may be fine and succeed in a moment, so the API answers 503 with Retry-After.
 */
export function isQueryTimeout(error: unknown): boolean {
  const code = pgErrorCode(error);
  return code === '57014' || code === '55P03';
}

/** Either of the above: a job retries at its next run, the OpenID provider answers 503. */
export function isTransientDatabaseError(error: unknown): boolean {
  return isDatabaseUnavailable(error) || isQueryTimeout(error);
}
