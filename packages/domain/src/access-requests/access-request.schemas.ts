import { z } from 'zod';
import { emailField, requiredText } from '../common.schemas.ts';
import { MESSAGES } from '../errors.ts';
import { SIGNUP_ROLES } from '../roles.ts';

// A missing field reads like a blank one: the spec has one message for both.
export const ZCreateAccessRequest = z.object({
  name: requiredText(MESSAGES.signupFieldsRequired, 200),
  email: emailField(),
  organization: requiredText(MESSAGES.signupFieldsRequired, 200),
  phone: requiredText(MESSAGES.signupFieldsRequired, 40),
  role: z.enum(SIGNUP_ROLES, { message: MESSAGES.signupFieldsRequired }),
});
export type TCreateAccessRequest = z.infer<typeof ZCreateAccessRequest>;

export const ZAccessRequestCreated = z.object({
  id: z.uuid(),
  status: z.literal('pending'),
});
