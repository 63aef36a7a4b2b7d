import { z } from 'zod';

/** Error codes the API answers with, and the HTTP status each maps to. */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  SESSION_EXPIRED: 401,
  /** Signed in with the password; the second factor is still to be given (modules/mfa). */
  SECOND_FACTOR_REQUIRED: 401,
  /** 'Require MFA' names the user's role and no second factor is set up yet. */
  MFA_ENROLMENT_REQUIRED: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PRECONDITION_REQUIRED: 428,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export const ZErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
  }),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;

// The words of errors live apart from the schemas, so that a page can show them without zod.
export { MESSAGES, readErrorBody, tooManyAttemptsMessage } from './error-messages.ts';
