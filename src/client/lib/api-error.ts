import type { Envelope, FieldErrors } from '#shared/envelope';
import { ERROR_CODES, MESSAGES } from '#shared/messages';
import { CONNECTION_TEXTS } from '../texts';
import { connectionLost } from './connection';

/**
 * What went wrong with an API call, as the one HTTP client (`api-client.ts`) reports it: the
 * `ApiError` it throws, built from what came back (no answer, no envelope, or a failing
 * envelope), and the questions screens ask of a failure. What a person sees of it is
 * `handleApiError` (`api-error-catalogue.ts`, §8).
 */

/**
 * - `no-connection`: no answer at all (network down, server restarting, or a gateway saying the
 *   server is unreachable): the connection notice, reads retried when it returns (decision 107);
 * - `no-response`: an answer whose body is not an envelope (§8 "missing response or data");
 * - `session-expired`: the session ended or changed; home after 3 s (§8; the envelope's code
 *   'session_expired', never a comparison of texts: docs/decisions/003-error-contract.md);
 * - `not-logged-in`: home at once (§8; code 'not_logged_in');
 * - `rejected`: the envelope's status is 400 (§4 "marked expired", §8 "body status 400");
 * - `validation`: HTTP 422 with errors per field, which a form may show next to its fields;
 * - `unavailable`: HTTP 503, the server is briefly unable to serve (its database restarting, a
 *   deploy): a warning, and the screen keeps what the person typed so they can send it again
 *   (docs/decisions/033-faults.md);
 * - `failed`: any other failure.
 */
export type ApiErrorKind =
  | 'no-connection'
  | 'no-response'
  | 'session-expired'
  | 'not-logged-in'
  | 'rejected'
  | 'validation'
  | 'unavailable'
  | 'failed';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** HTTP status, or null when no response arrived. */
  readonly httpStatus: number | null;
  /** The envelope's own status, or null without an envelope. */
  readonly bodyStatus: number | null;
  /** Errors per field (the envelope's object form); empty otherwise. */
  readonly fieldErrors: FieldErrors;
  /** The errors as lines a person reads: 'field: text', array items, or the string (§8). */
  readonly details: readonly string[];
  readonly warnings: readonly string[];
  /** The envelope's machine-readable code (ERROR_CODES), or null without one. */
  readonly code: string | null;

  constructor(init: {
    kind: ApiErrorKind;
    message: string;
    httpStatus: number | null;
    bodyStatus?: number | null;
    fieldErrors?: FieldErrors;
    details?: readonly string[];
    warnings?: readonly string[];
    code?: string | null;
    cause?: unknown;
  }) {
    super(init.message, { cause: init.cause });
    this.kind = init.kind;
    this.httpStatus = init.httpStatus;
    this.bodyStatus = init.bodyStatus ?? null;
    this.fieldErrors = init.fieldErrors ?? {};
    this.details = init.details ?? [];
    this.warnings = init.warnings ?? [];
    this.code = init.code ?? null;
  }
}

// ---------------------------------------------------------------------------------------------
// From what came back

/** No answer at all: the connection notice is raised here, once (decision 107). */
export function noConnection(httpStatus: number | null, cause?: unknown): ApiError {
  connectionLost();
  return new ApiError({ kind: 'no-connection', message: CONNECTION_TEXTS.lost, httpStatus, cause });
}

/**
 * 502 and 504 without an envelope: a gateway in front of the portal could not reach it (a
 * restart, a deploy), which is no answer from the portal, not an answer without a body.
 */
const GATEWAY_STATUSES = [502, 504];

function noResponse(httpStatus: number | null, cause?: unknown): ApiError {
  return new ApiError({
    kind: 'no-response',
    message: MESSAGES.missingResponse,
    httpStatus,
    cause,
  });
}

/** §8: object entries 'field: text', array items, or a string. */
function errorLines(errors: unknown): string[] {
  if (errors === null || errors === undefined || errors === '') return [];
  if (typeof errors === 'string') return [errors];
  if (Array.isArray(errors)) return errors.map(String);
  if (typeof errors === 'object') {
    return Object.entries(errors).flatMap(([field, texts]) =>
      (Array.isArray(texts) ? texts : [texts]).map((text) => `${field}: ${String(text)}`),
    );
  }
  return typeof errors === 'number' || typeof errors === 'boolean' ? [String(errors)] : [];
}

function fieldErrorsOf(errors: unknown): FieldErrors {
  if (typeof errors !== 'object' || errors === null || Array.isArray(errors)) return {};
  const result: FieldErrors = {};
  for (const [field, texts] of Object.entries(errors)) {
    result[field] = (Array.isArray(texts) ? texts : [texts]).map(String);
  }
  return result;
}

/** HTTP 503: retry later; the server's envelope, or a proxy's page without one. */
const UNAVAILABLE_STATUS = 503;

function unavailable(httpStatus: number): ApiError {
  return new ApiError({
    kind: 'unavailable',
    message: MESSAGES.serviceUnavailable,
    httpStatus,
    code: ERROR_CODES.serviceUnavailable,
  });
}

/** An answer whose body is no envelope (empty, not JSON, or JSON of another shape). */
export function withoutEnvelope(httpStatus: number, cause?: unknown): ApiError {
  if (httpStatus === UNAVAILABLE_STATUS) return unavailable(httpStatus);
  if (GATEWAY_STATUSES.includes(httpStatus)) return noConnection(httpStatus, cause);
  return noResponse(httpStatus, cause);
}

function classify(httpStatus: number, body: Envelope): ApiErrorKind {
  if (httpStatus === UNAVAILABLE_STATUS) return 'unavailable';
  if (body.code === ERROR_CODES.sessionExpired) return 'session-expired';
  if (body.code === ERROR_CODES.notLoggedIn) return 'not-logged-in';
  if (body.status === 400) return 'rejected';
  if (httpStatus === 422 && Object.keys(fieldErrorsOf(body.errors)).length > 0) return 'validation';
  return 'failed';
}

/** An envelope that says the call failed (HTTP not 2xx, or its own status 400 or more). */
export function errorFromEnvelope(httpStatus: number, body: Envelope): ApiError {
  return new ApiError({
    kind: classify(httpStatus, body),
    message: typeof body.message === 'string' ? body.message : '',
    httpStatus,
    bodyStatus: body.status,
    fieldErrors: fieldErrorsOf(body.errors),
    details: errorLines(body.errors),
    warnings: Array.isArray(body.warnings) ? body.warnings.map(String) : [],
    code: body.code ?? null,
  });
}

// ---------------------------------------------------------------------------------------------
// Questions screens ask of a failure

/** True for a call the person called off (a step-up cancelled) or the page dropped. */
export function isCancelled(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** True for a request that got no answer: reads wait for the connection and are asked again. */
export function isNoConnection(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'no-connection';
}

/** True for a 422 whose errors a form can place next to its fields. */
export function isFieldErrorResponse(error: unknown): error is ApiError {
  return error instanceof ApiError && error.kind === 'validation';
}
