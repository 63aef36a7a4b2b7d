import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  ERROR_STATUS,
  MESSAGES,
  type ErrorCode,
  type TErrorDetail,
} from '@casebridge/domain/errors';
import type { Db } from '#src/db/client.ts';
import { auditIfRefusedPatientAccess } from '#src/modules/audit/refused-access.ts';
import { AppError, DetailedAppError, RateLimitedError } from './app-error.ts';
import {
  DATABASE_BUSY_MESSAGE,
  DATABASE_BUSY_RETRY_AFTER_SECONDS,
  isDatabaseBusy,
} from './database-busy.ts';
import { isMalformedMultipart, MALFORMED_MULTIPART_MESSAGE } from './malformed-multipart.ts';
import { StaleWriteError } from './versioning.ts';

/**
 * Every error answer of the API: `{ error: { code, message, details? } }` with the status of its
 * code (docs/architecture.md, 'Errors'). A refused request names the field at fault in `details`; every 429
 * says when to try again in `Retry-After`; nothing of an unexpected error reaches the client.
 */

/** What a 429 without a time of its own (the @fastify/rate-limit window is a minute) says. */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;
/** A dependency that is down (the file store) is worth trying again soon. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 30;

export const RATE_LIMITED_MESSAGE = 'Too many requests. Please wait a minute and try again.';

type Answer = {
  status: number;
  body: { error: { code: ErrorCode; message: string; details?: TErrorDetail[] } } & Record<
    string,
    unknown
  >;
};

const answer = (
  code: ErrorCode,
  message: string,
  extra: { details?: TErrorDetail[]; status?: number } = {},
): Answer => ({
  status: extra.status ?? ERROR_STATUS[code],
  body: { error: { code, message, ...(extra.details ? { details: extra.details } : {}) } },
});

/** Fastify's schema-validation contexts, as the `location` of a detail. */
const LOCATIONS: Record<string, TErrorDetail['location']> = {
  body: 'body',
  querystring: 'query',
  params: 'params',
  headers: 'headers',
};

/**
 * A zod issue path as a field name: `patient.dob`, `clinicIds[0]`; the part itself (`body`,
 * `query`) when the issue is about the whole of it.
 */
export function toFieldName(path: ReadonlyArray<string | number>, location: string): string {
  if (path.length === 0) return location;
  return path.reduce<string>((name, segment) => {
    if (typeof segment === 'number' || /^\d+$/.test(segment)) return `${name}[${segment}]`;
    return name ? `${name}.${segment}` : segment;
  }, '');
}

type ValidationIssue = {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
};

/** The details of a refused request, one per zod issue; an unknown key is named with its path. */
export function toValidationDetails(
  issues: readonly ValidationIssue[],
  context: string | undefined,
): TErrorDetail[] {
  const location = LOCATIONS[context ?? 'body'] ?? 'body';
  return issues.flatMap((issue) => {
    const path = (issue.instancePath ?? '')
      .split('/')
      .filter(Boolean)
      .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
    const message = issue.message ?? 'Invalid value';
    const keys = issue.params?.keys;
    if (Array.isArray(keys) && keys.length > 0) {
      return keys.map((key) => ({
        field: toFieldName([...path, String(key)], location),
        location,
        message: 'Unknown field',
      }));
    }
    return [{ field: toFieldName(path, location), location, message }];
  });
}

/**
 * The first problem, named by its field (`patient.dob: must be a date`); `details` lists each
 * with its own words, which the web's forms show.
 */
const firstMessage = (details: TErrorDetail[]) => {
  const first = details[0];
  return first ? `${first.field}: ${first.message}` : 'Invalid request';
};

/** The answer to an error Fastify or a plugin raised (not an AppError). */
function toFrameworkAnswer(error: FastifyError, request: FastifyRequest): Answer | null {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = toValidationDetails(error.validation, error.validationContext);
    return answer('VALIDATION_FAILED', firstMessage(details), { details });
  }
  if (error.validation && Array.isArray(error.validation)) {
    // A JSON-schema (ajv) validation of a route without zod: the same shape.
    const details = toValidationDetails(
      error.validation as ValidationIssue[],
      error.validationContext,
    );
    return answer('VALIDATION_FAILED', firstMessage(details), { details });
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE': {
      const type = String(request.headers['content-type'] ?? '')
        .split(';')[0]
        ?.trim();
      return answer(
        'UNSUPPORTED_MEDIA_TYPE',
        type ? `Unsupported content type: ${type}` : 'A Content-Type header is required',
      );
    }
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return answer('PAYLOAD_TOO_LARGE', 'Request body is too large');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return answer(
        'INVALID_JSON',
        'body: must not be empty when Content-Type is application/json',
      );
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return answer('INVALID_JSON', 'body: is not valid JSON');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return answer('BAD_REQUEST', 'The body does not match its Content-Length');
    case 'FST_ERR_NOT_FOUND':
      return answer('NOT_FOUND', MESSAGES.notFound);
    default:
      break;
  }
  if (error.statusCode === 429) return answer('RATE_LIMITED', RATE_LIMITED_MESSAGE);
  if (error.statusCode === 413) return answer('PAYLOAD_TOO_LARGE', 'Request body is too large');
  if (error.statusCode === 415) return answer('UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type');
  if (isMalformedMultipart(error, request.headers['content-type'])) {
    return answer('VALIDATION_FAILED', MALFORMED_MULTIPART_MESSAGE);
  }
  // The JSON parser's own SyntaxError (secure-json-parse) carries 400 and no code.
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return answer('INVALID_JSON', 'body: is not valid JSON');
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return answer('BAD_REQUEST', 'Invalid request', { status: error.statusCode });
  }
  return null;
}

function toAnswer(error: FastifyError, request: FastifyRequest): Answer | null {
  if (error instanceof StaleWriteError) {
    const stale = answer(error.code, error.message);
    return { ...stale, body: { ...stale.body, current: error.current } };
  }
  if (error instanceof DetailedAppError) {
    return answer(error.code, error.message, { details: error.details });
  }
  if (error instanceof AppError) {
    const details = error.field
      ? [{ field: error.field, location: error.location, message: error.message }]
      : undefined;
    return answer(error.code, error.message, { details });
  }
  return toFrameworkAnswer(error, request);
}

/** The app's error handler (app.ts): audits a refused patient access, then answers. */
export function createErrorHandler(db: Db) {
  return async function handleError(
    error: FastifyError,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (isDatabaseBusy(error)) {
      request.log.warn('database busy: no pool connection in time');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_BUSY_RETRY_AFTER_SECONDS))
        .send({ error: { code: 'UNAVAILABLE', message: DATABASE_BUSY_MESSAGE } });
    }
    await auditIfRefusedPatientAccess(db, request, error);
    const known = toAnswer(error, request);
    if (!known) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ error: { code: 'INTERNAL', message: MESSAGES.internal } });
    }
    if (known.status === 429) {
      // @fastify/rate-limit has set its own already; a throttle or a cap says its own time.
      if (error instanceof RateLimitedError) {
        reply.header('retry-after', String(error.retryAfterSeconds));
      } else if (!reply.hasHeader('retry-after')) {
        reply.header('retry-after', String(DEFAULT_RETRY_AFTER_SECONDS));
      }
    }
    if (known.status === 503 && !reply.hasHeader('retry-after'))
      reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    return reply.status(known.status).send(known.body);
  };
}
