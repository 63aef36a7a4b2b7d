import { ERROR_STATUS, type ErrorCode } from '@casebridge/domain/errors';

/** An error whose code and message may be shown to the caller. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;

  constructor(code: ErrorCode, message: string) {
    super(message);
    this.code = code;
    this.status = ERROR_STATUS[code];
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
export const validationFailed = (message: string) => new AppError('VALIDATION_FAILED', message);
