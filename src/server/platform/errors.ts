import type { FieldErrors } from '#shared/envelope';
import { ERROR_CODES, MESSAGES } from '#shared/messages';

/**
 * The one error type a route or service throws. The error handler (src/server/platform/http/error-handler.ts)
 * turns it into the envelope with an honest HTTP status. `code` is stable: the envelope carries it (ERROR_CODES).
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

export const badRequest = (message: string, code: string = ERROR_CODES.badRequest) => new AppError(400, message, code);

export const unauthorized = (message: string = MESSAGES.notLoggedIn, code: string = ERROR_CODES.notLoggedIn) =>
  new AppError(401, message, code);

export const forbidden = (message: string = MESSAGES.forbidden, code: string = ERROR_CODES.forbidden) =>
  new AppError(403, message, code);

export const notFound = (message: string = MESSAGES.apiNotFound, code: string = ERROR_CODES.notFound) =>
  new AppError(404, message, code);

export const conflict = (message: string, code: string = ERROR_CODES.conflict) => new AppError(409, message, code);

/** A field-level refusal found on the server (uniqueness, ownership): 422 like schema errors. */
export const fieldError = (field: string, message: string, code: string = ERROR_CODES.validation) =>
  new AppError(422, message, code, { [field]: [message] });

export const tooManyRequests = (message: string = MESSAGES.tooManyRequests) =>
  new AppError(429, message, ERROR_CODES.tooManyRequests);

/**
 * The server cannot serve this request for a moment (its password-hashing queue is full,
 * decision 060): 503 with Retry-After and the message a database outage gets (decision 033).
 */
export class UnavailableError extends AppError {
  constructor(
    public readonly retryAfterSeconds: number,
    code: string = ERROR_CODES.serviceUnavailable,
  ) {
    super(503, MESSAGES.serviceUnavailable, code);
    this.name = 'UnavailableError';
  }
}
