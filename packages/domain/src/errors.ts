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
  /** An Idempotency-Key sent again with another request: another body, file or route. */
  IDEMPOTENCY_KEY_REUSED: 422,
  PRECONDITION_REQUIRED: 428,
  PAYLOAD_TOO_LARGE: 413,
  /** A body whose Content-Type no parser of the route accepts (Fastify's FST_ERR_CTP_INVALID_MEDIA_TYPE). */
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** A JSON body that is empty or does not parse. */
  INVALID_JSON: 400,
  /** Any other request HTTP itself refuses (a Content-Length the body does not match, …). */
  BAD_REQUEST: 400,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * One problem of a refused request: the field (`patient.dob`, `clinicIds[0]`, or the part itself:
 * `body`, `query`), where it was sent, and what is wrong with it in the schema's own words.
 */
export const ZErrorDetail = z.object({
  field: z.string(),
  location: z.enum(['body', 'query', 'params', 'headers']),
  message: z.string(),
});
export type TErrorDetail = z.infer<typeof ZErrorDetail>;

/**
 * Every error answer. `message` names the field when one is at fault (`dob: Invalid date`);
 * `details` lists each problem of a refused request (400 VALIDATION_FAILED) on its own.
 */
export const ZErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(ZErrorDetail).optional(),
  }),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;

// The words of errors live apart from the schemas, so that a page can show them without zod.
export { MESSAGES, readErrorBody, tooManyAttemptsMessage } from './error-messages.ts';
