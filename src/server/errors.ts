import type { FieldErrors } from '#shared/envelope';
import { MESSAGES } from '#shared/messages';

/**
 * The one error type a route or service throws. The error handler (src/server/http/error-handler.ts)
 * turns it into the envelope with an honest HTTP status. `code` is stable, for logs and tests.
 */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly code: string,
    public readonly fieldErrors: FieldErrors | null = null,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code = 'bad_request') => new AppError(400, message, code);

export const unauthorized = (message: string = MESSAGES.notLoggedIn, code = 'unauthorized') =>
  new AppError(401, message, code);

export const forbidden = (message: string = MESSAGES.forbidden, code = 'forbidden') =>
  new AppError(403, message, code);

export const notFound = (message: string = MESSAGES.apiNotFound, code = 'not_found') =>
  new AppError(404, message, code);

export const conflict = (message: string, code = 'conflict') => new AppError(409, message, code);

/** A field-level refusal found on the server (uniqueness, ownership): 422 like schema errors. */
export const fieldError = (field: string, message: string, code = 'validation') =>
  new AppError(422, message, code, { [field]: [message] });

export const tooManyRequests = (message: string = MESSAGES.tooManyRequests) =>
  new AppError(429, message, 'too_many_requests');
