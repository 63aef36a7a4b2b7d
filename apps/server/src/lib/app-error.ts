import { ERROR_STATUS, type ErrorCode, type TErrorDetail } from '@casebridge/domain/errors';

/** The field an error is about: the answer's message names it and `details` carries it. */
export type ErrorField = { field: string; location?: TErrorDetail['location'] };

/** An error whose code and message may be shown to the caller. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** The field at fault (`dob`, `clinicIds[0]`), if one is. */
  readonly field: string | undefined;
  readonly location: TErrorDetail['location'];

  constructor(code: ErrorCode, message: string, about?: ErrorField) {
    super(message);
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.field = about?.field;
    this.location = about?.location ?? 'body';
  }
}

/**
 * An error about several parts of one request at once (the rows of a bulk save): `details`
 * names each, and the answer carries them all.
 */
export class DetailedAppError extends AppError {
  readonly details: TErrorDetail[];

  constructor(code: ErrorCode, message: string, details: TErrorDetail[]) {
    super(code, message);
    this.details = details;
  }
}

/** A 429 that says when to try again: the error handler (app.ts) sends it as `Retry-After`. */
export class RateLimitedError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number) {
    super('RATE_LIMITED', message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
export const forbidden = (message = "You don't have permission to do that.") =>
  new AppError('FORBIDDEN', message);
export const validationFailed = (message: string, about?: ErrorField) =>
  new AppError('VALIDATION_FAILED', message, about);
