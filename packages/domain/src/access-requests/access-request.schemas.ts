import { z } from 'zod';
import {
  emailField,
  INVALID_EMAIL_MESSAGE,
  requiredLine,
  requiredText,
} from '../common.schemas.ts';
import { MESSAGES } from '../errors.ts';
import { SIGNUP_ROLES } from '../roles.ts';

/**
 * Signup (spec section 5), checked in the spec's order: every field filled and a role chosen,
 * else 'Please fill out all required fields.' (a missing field reads like a blank one), and only
 * then the e-mail's format, with the same check as every e-mail address. A blank e-mail is a
 * missing field, not a malformed one.
 */
export const ZCreateAccessRequest = z
  .object({
    name: requiredLine(MESSAGES.signupFieldsRequired, 200),
    email: requiredText(MESSAGES.signupFieldsRequired, 320).toLowerCase(),
    organization: requiredLine(MESSAGES.signupFieldsRequired, 200),
    phone: requiredLine(MESSAGES.signupFieldsRequired, 40),
    role: z.enum(SIGNUP_ROLES, { message: MESSAGES.signupFieldsRequired }),
  })
  .refine((value) => emailField().safeParse(value.email).success, {
    path: ['email'],
    message: INVALID_EMAIL_MESSAGE,
    when: (payload) => payload.issues.length === 0,
  });
export type TCreateAccessRequest = z.infer<typeof ZCreateAccessRequest>;

export const ZAccessRequestCreated = z.object({
  id: z.uuid(),
  status: z.literal('pending'),
});
