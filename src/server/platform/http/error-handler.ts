import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { envelope, type FieldErrors } from '#shared/envelope';
import { ERROR_CODES, MESSAGES } from '#shared/messages';
import { isDatabaseUnavailable, isQueryTimeout, loggableError, pgErrorCode } from '../db/errors.ts';
import { AppError, UnavailableError } from '../errors.ts';
import { httpUnavailable } from '../observability/metrics.ts';

/** Field path of a zod issue as the client's form names it: "/endereco/cep" → "endereco.cep". */
function fieldName(instancePath: string): string {
  const name = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return name === '' ? '_' : name;
}

function addError(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

/**
 * What the multipart parser (busboy) throws, as plain errors without a status, for a body without
 * boundary or cut short: the caller's fault, answered 400 (decision 033).
 */
const MALFORMED_MULTIPART = /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data|Malformed)/;

/** SQLSTATE disk_full: PostgreSQL (or PGlite) could not extend a file. */
const DISK_FULL = '53100';

/** Seconds a client is told to wait (Retry-After) while the database is away. */
export const RETRY_AFTER_SECONDS = 5;
/** One log line per this interval while the database is away, not one per request. */
const UNAVAILABLE_LOG_INTERVAL_MS = 10_000;

function send(reply: FastifyReply, status: number, message: string, code: string, errors: FieldErrors | null = null) {
  return reply.status(status).send(envelope(null, { status, message, errors, code }));
}

/** The code of a 4xx Fastify or a plugin answered with no code of ours. */
function codeOfStatus(status: number): string {
  if (status === 401) return ERROR_CODES.unauthorized;
  if (status === 403) return ERROR_CODES.forbidden;
  if (status === 404) return ERROR_CODES.notFound;
  if (status === 409) return ERROR_CODES.conflict;
  return ERROR_CODES.badRequest;
}

/**
 * Errors Fastify meets before routing (a malformed percent-escape, a path parameter over the
 * length limit): the envelope, never Fastify's own body, which echoes the path, and a path may
 * carry an invoice token (§6; docs/security.md).
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  void send(reply, status, MESSAGES.invalidUrl, ERROR_CODES.invalidUrl);
}

/**
 * The one error contract (docs/decisions/003-error-contract.md): every failure becomes the §3
 * envelope with an honest HTTP status and a pt-BR message; a 5xx is logged with the request id and
 * never shows a stack or an internal message.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  let lastUnavailableLog = 0;
  let unavailableSinceLog = 0;
  let lastBusyLog = 0;
  let busySinceLog = 0;
  let lastTimeoutLog = 0;
  let timeoutsSinceLog = 0;
  let lastDiskFullLog = 0;
  let diskFullSinceLog = 0;
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof UnavailableError) {
      // Saturated (decision 060): one line per interval, with how many were turned away.
      busySinceLog++;
      if (Date.now() - lastBusyLog >= UNAVAILABLE_LOG_INTERVAL_MS) {
        request.log.warn({ code: error.code, requests: busySinceLog }, 'server busy: answering 503');
        lastBusyLog = Date.now();
        busySinceLog = 0;
      }
      httpUnavailable.inc({ reason: error.code });
      reply.header('Retry-After', String(error.retryAfterSeconds));
      return send(reply, 503, error.message, error.code);
    }
    if (error instanceof AppError) {
      return send(reply, error.statusCode, error.message, error.code, error.fieldErrors);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldErrors = {};
      for (const issue of error.validation) addError(errors, fieldName(issue.instancePath), issue.message ?? MESSAGES.invalidType);
      return send(reply, 422, MESSAGES.validationFailed, ERROR_CODES.validation, errors);
    }
    // A schema a route applies itself (e.g. to the fields of a multipart body): the same answer.
    if ((error as unknown) instanceof ZodError) {
      const errors: FieldErrors = {};
      for (const issue of (error as unknown as ZodError).issues) addError(errors, issue.path.join('.') || '_', issue.message);
      return send(reply, 422, MESSAGES.validationFailed, ERROR_CODES.validation, errors);
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(reply, 400, MESSAGES.invalidJson, ERROR_CODES.invalidJson);
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
      case 'FST_REQ_FILE_TOO_LARGE':
        return send(reply, 413, MESSAGES.payloadTooLarge, ERROR_CODES.payloadTooLarge);
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
        return send(reply, 415, MESSAGES.unsupportedMediaType, ERROR_CODES.unsupportedMediaType);
      case 'FST_PARTS_LIMIT':
      case 'FST_FILES_LIMIT':
      case 'FST_FIELDS_LIMIT':
        return send(reply, 413, MESSAGES.payloadTooLarge, ERROR_CODES.payloadTooLarge);
      case 'FST_MP_PREMATURE_CLOSE':
      case 'FST_PROTO_VIOLATION':
      case 'FST_INVALID_JSON_FIELD_ERROR':
        return send(reply, 400, MESSAGES.invalidMultipart, ERROR_CODES.invalidMultipart);
    }
    if (error.statusCode === undefined && MALFORMED_MULTIPART.test(error.message)) {
      return send(reply, 400, MESSAGES.invalidMultipart, ERROR_CODES.invalidMultipart);
    }
    if (error instanceof SyntaxError && error.statusCode === 400) {
      return send(reply, 400, MESSAGES.invalidJson, ERROR_CODES.invalidJson);
    }
    if (isDatabaseUnavailable(error)) {
      // The database restarts or is away: the request may succeed in a moment (decision 033).
      unavailableSinceLog++;
      if (Date.now() - lastUnavailableLog >= UNAVAILABLE_LOG_INTERVAL_MS) {
        request.log.warn({ err: loggableError(error), requests: unavailableSinceLog }, 'database unavailable: answering 503');
        lastUnavailableLog = Date.now();
        unavailableSinceLog = 0;
      }
      httpUnavailable.inc({ reason: 'database' });
      reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
      return send(reply, 503, MESSAGES.serviceUnavailable, ERROR_CODES.serviceUnavailable);
    }
    if (isQueryTimeout(error)) {
      // A locked table or a slow plan (decision 103): one log line per interval, with the route.
      timeoutsSinceLog++;
      if (Date.now() - lastTimeoutLog >= UNAVAILABLE_LOG_INTERVAL_MS) {
        request.log.warn(
          { err: loggableError(error), route: request.routeOptions.url, requests: timeoutsSinceLog },
          'query time limit reached: answering 503',
        );
        lastTimeoutLog = Date.now();
        timeoutsSinceLog = 0;
      }
      httpUnavailable.inc({ reason: 'query_timeout' });
      reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
      return send(reply, 503, MESSAGES.queryTimeout, ERROR_CODES.queryTimeout);
    }
    if (pgErrorCode(error) === DISK_FULL) {
      // The database's disk is full (issue 36 item 3): nothing was written; it works again once
      // space is freed. One log line per interval.
      diskFullSinceLog++;
      if (Date.now() - lastDiskFullLog >= UNAVAILABLE_LOG_INTERVAL_MS) {
        request.log.error({ err: loggableError(error), requests: diskFullSinceLog }, 'database disk full: answering 507');
        lastDiskFullLog = Date.now();
        diskFullSinceLog = 0;
      }
      return send(reply, 507, MESSAGES.databaseFull, ERROR_CODES.storageFull);
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return send(reply, 429, MESSAGES.tooManyRequests, ERROR_CODES.tooManyRequests);
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx messages are English; the user gets a pt-BR one.
      return send(reply, status, status === 404 ? MESSAGES.apiNotFound : MESSAGES.invalidType, codeOfStatus(status));
    }
    // Without the query's parameters: they may hold e-mail bodies or tokens.
    request.log.error({ err: loggableError(error) }, 'unhandled error');
    return send(reply, 500, MESSAGES.serverError, ERROR_CODES.serverError);
  });
}
