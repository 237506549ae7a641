import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { MESSAGES } from '#shared/messages';
import { ApiError, isFieldErrorResponse } from './api-error';
import { redirectHome } from './navigation';
import { notify } from './notices';

/**
 * The §8 error catalogue, implemented once: what a person sees of a failed API call
 * (`handleApiError`, run by the query client for every failed query and mutation), and a 422's
 * errors put next to a form's fields (`applyFieldErrors`). Importers reach both through
 * `api-client.ts`, the one HTTP client.
 */

/** §8: how long the session messages stay before the redirect home. */
export const SESSION_REDIRECT_DELAY_MS = 3000;

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
