import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { Envelope, FieldErrors } from '#shared/envelope';
import { ERROR_CODES, MESSAGES } from '#shared/messages';
import { CONNECTION_TEXTS } from '../texts';
import { connectionLost } from './connection';
import { redirectHome } from './navigation';
import { notify } from './notices';
import { readMeta } from './page-meta';
import { requestStepUp } from './step-up';

/**
 * The one HTTP client of the SPA (§7): same origin, the seed's headers, the envelope unwrapped,
 * and the §8 error catalogue implemented once in `handleApiError`.
 */

/** §8: how long the session messages stay before the redirect home. */
export const SESSION_REDIRECT_DELAY_MS = 3000;

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
// Headers

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      const raw = rest.join('=');
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return null;
}

let csrfMissingReported = false;

/** Read at request time: the server may rotate the XSRF-TOKEN cookie (e.g. after login). */
function csrfToken(): string | null {
  const token = readCookie('XSRF-TOKEN') || readMeta('csrf-token');
  if (!token && !csrfMissingReported) {
    // §8 "Missing CSRF meta: console error only" — the request goes on; the server decides.
    csrfMissingReported = true;
    console.error(
      'Token CSRF ausente: nem o cookie XSRF-TOKEN nem a meta tag csrf-token foram encontrados.',
    );
  }
  return token || null;
}

function buildHeaders(jsonBody: boolean, extra: Readonly<Record<string, string>> = {}): Headers {
  const headers = new Headers({
    ...extra,
    'X-Requested-With': 'XMLHttpRequest',
    Accept: 'application/json',
  });
  if (jsonBody) headers.set('Content-Type', 'application/json');
  const csrf = csrfToken();
  if (csrf) headers.set('X-XSRF-TOKEN', csrf);
  // §6: optional API credentials from the page's meta tags.
  const apiUserId = readMeta('api-user-id');
  const apiToken = readMeta('api-token');
  if (apiUserId) headers.set('X-API-User-Id', apiUserId);
  if (apiToken) headers.set('X-API-Token', apiToken);
  return headers;
}

// ---------------------------------------------------------------------------------------------
// Requests

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  params?: QueryParams;
  signal?: AbortSignal;
  /**
   * Envelope statuses (>= 400) that are a normal answer for this call, returned instead of
   * thrown: GET /api/sessao/web answers 400 'Sessão expirada.' for every anonymous visitor.
   */
  acceptBodyStatus?: readonly number[];
  /** Headers of this call only (e.g. the plan change's Idempotency-Key, decision 020). */
  headers?: Readonly<Record<string, string>>;
  /** Set on the repeat after a step-up, so a refusal is never asked twice for one call. */
  afterStepUp?: boolean;
}

/** The server wants a fresh proof of identity before this change (docs/decisions/011). */
function isStepUpRefusal(httpStatus: number, envelope: Envelope): boolean {
  return httpStatus === 403 && envelope.code === ERROR_CODES.stepUpRequired;
}

/**
 * §7 "all calls go to the same origin": only paths are accepted, so the CSRF and API tokens
 * can never be sent to another host. 'api/x' and '/api/x' are the same call.
 */
function buildUrl(path: string, params?: QueryParams): string {
  if (/^[a-z][a-z\d+.-]*:/i.test(path) || path.startsWith('//')) {
    throw new Error(`A API só aceita caminhos do mesmo domínio: ${path}`);
  }
  const url = path.startsWith('/') ? path : `/${path}`;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== null && value !== undefined) search.append(key, String(value));
  }
  const query = search.toString();
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as Envelope).status === 'number';
}

function noConnection(httpStatus: number | null, cause?: unknown): ApiError {
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

function withoutEnvelope(httpStatus: number, cause?: unknown): ApiError {
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

function errorFromEnvelope(httpStatus: number, body: Envelope): ApiError {
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

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Sends a request and returns the whole envelope when the call succeeded, i.e. the HTTP status is
 * 2xx and the envelope's status is below 400. Everything else throws an `ApiError`.
 * Most code wants `apiGet`/`apiPost`/...; this is for calls whose envelope status matters.
 */
export async function apiRequest<T>(
  method: Method,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<Envelope<T>> {
  const isForm = body instanceof FormData;
  const init: RequestInit = {
    method,
    // The browser writes the multipart boundary itself, so no Content-Type for FormData.
    headers: buildHeaders(body !== undefined && !isForm, options.headers),
    credentials: 'same-origin',
  };
  if (body !== undefined) init.body = isForm ? body : JSON.stringify(body);
  if (options.signal) init.signal = options.signal;

  let response: Response;
  try {
    // §7: no timeout by default.
    response = await fetch(buildUrl(path, options.params), init);
  } catch (error) {
    // A cancelled query is not a failure a person needs to hear about.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw noConnection(null, error);
  }

  let parsed: unknown;
  try {
    const text = await response.text();
    parsed = text === '' ? null : JSON.parse(text);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw withoutEnvelope(response.status, error);
  }
  if (!isEnvelope(parsed)) throw withoutEnvelope(response.status);

  const envelope: Envelope<T> = {
    status: parsed.status,
    message: typeof parsed.message === 'string' ? parsed.message : '',
    errors: parsed.errors ?? null,
    warnings: Array.isArray(parsed.warnings) ? parsed.warnings.map(String) : [],
    data: (parsed.data ?? null) as T,
    ...(typeof parsed.code === 'string' ? { code: parsed.code } : {}),
  };
  if (isStepUpRefusal(response.status, envelope) && !options.afterStepUp) {
    // The refused change was not made: ask the person, then send the same call once more.
    if (await requestStepUp()) {
      return apiRequest<T>(method, path, body, { ...options, afterStepUp: true });
    }
    throw new DOMException(MESSAGES.stepUpRequired, 'AbortError');
  }
  const accepted = options.acceptBodyStatus?.includes(envelope.status) ?? false;
  if (!response.ok || (envelope.status >= 400 && !accepted)) {
    throw errorFromEnvelope(response.status, envelope);
  }

  // §7 "data.warnings shown as warning": shown here once for every call.
  envelope.warnings.forEach((warning) => notify('warning', warning));
  return envelope;
}

export async function apiGet<T>(path: string, options?: RequestOptions): Promise<T> {
  return (await apiRequest<T>('GET', path, undefined, options)).data;
}

export async function apiPost<T>(
  path: string,
  body: unknown = {},
  options?: RequestOptions,
): Promise<T> {
  return (await apiRequest<T>('POST', path, body, options)).data;
}

export async function apiPut<T>(
  path: string,
  body: unknown = {},
  options?: RequestOptions,
): Promise<T> {
  return (await apiRequest<T>('PUT', path, body, options)).data;
}

export async function apiDelete<T>(path: string, options?: RequestOptions): Promise<T> {
  return (await apiRequest<T>('DELETE', path, undefined, options)).data;
}

/** Multipart variant (§7 "multipart variants POST with multipart/form-data"), e.g. proof uploads. */
export async function apiPostForm<T>(
  path: string,
  form: FormData,
  options?: RequestOptions,
): Promise<T> {
  return (await apiRequest<T>('POST', path, form, options)).data;
}

// ---------------------------------------------------------------------------------------------
// §8 error catalogue

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

/**
 * Turns any failure into what §8 says a person sees. Called by the query client for every
 * failed query and mutation; screens do not parse errors.
 */
export function handleApiError(error: unknown): void {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  if (!(error instanceof ApiError)) {
    notify('danger', MESSAGES.pageError, [errorText(error)]);
    return;
  }
  switch (error.kind) {
    case 'no-connection':
      // Said already, once, when the request failed (connectionLost); queries retry by themselves.
      return;
    case 'no-response':
      // The loading bar follows the queries in flight, so it is already hidden here.
      notify('danger', MESSAGES.missingResponse);
      notify('danger', MESSAGES.internalError);
      return;
    case 'session-expired':
      notify('warning', error.message);
      redirectHome(SESSION_REDIRECT_DELAY_MS);
      return;
    case 'not-logged-in':
      notify('warning', error.message);
      redirectHome();
      return;
    case 'unavailable':
      // Nothing is lost: the form keeps its values and the person sends again in a moment.
      notify('warning', error.message || MESSAGES.serviceUnavailable);
      return;
    case 'rejected':
      if (error.message) {
        notify('danger', error.message);
        return;
      }
      break;
    case 'validation':
    case 'failed':
      if (error.message) {
        notify('danger', error.message, error.details);
        error.warnings.forEach((warning) => notify('warning', warning));
        return;
      }
      break;
  }
  const text = error.details.length > 0 ? error.details : [`HTTP ${error.httpStatus ?? '-'}`];
  notify('danger', MESSAGES.pageError, text);
}

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

/**
 * Puts a 422's errors next to the form's fields (react-hook-form). Returns true when it did, so
 * the screen knows the failure was shown. Use with `meta: { fieldErrors: 'form' }` on the
 * mutation, which tells the global handler to leave these errors to the form.
 */
export function applyFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
): boolean {
  if (!isFieldErrorResponse(error)) return false;
  let first = true;
  for (const [field, texts] of Object.entries(error.fieldErrors)) {
    setError(
      field as Path<T>,
      { type: 'server', message: texts.join(' ') },
      { shouldFocus: first },
    );
    first = false;
  }
  return true;
}
