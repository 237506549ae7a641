import type { Envelope } from '#shared/envelope';
import { ERROR_CODES, MESSAGES } from '#shared/messages';
import { errorFromEnvelope, noConnection, withoutEnvelope } from './api-error';
import { notify } from './notices';
import { readMeta } from './page-meta';
import { requestStepUp } from './step-up';

/**
 * The one HTTP client of the SPA (§7): same origin, the seed's headers, the envelope unwrapped.
 * A failure is thrown as an `ApiError` (`api-error.ts`); the §8 error catalogue is implemented
 * once in `handleApiError` (`api-error-catalogue.ts`). Both are re-exported here, so the app
 * imports its API calls and their errors from this one module.
 */

export {
  ApiError,
  isCancelled,
  isFieldErrorResponse,
  isNoConnection,
} from './api-error';
export {
  applyFieldErrors,
  handleApiError,
  SESSION_REDIRECT_DELAY_MS,
} from './api-error-catalogue';

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
