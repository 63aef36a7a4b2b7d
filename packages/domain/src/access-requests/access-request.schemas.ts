import { z } from 'zod';
import { emailField } from '../common.schemas.ts';
import { MESSAGES } from '../errors.ts';
import { SIGNUP_ROLES } from '../roles.ts';

// A missing field reads like a blank one: the spec has one message for both.
const requiredText = (max: number) =>
  z
    .string({ message: MESSAGES.signupFieldsRequired })
    .trim()
    .min(1, MESSAGES.signupFieldsRequired)
    .max(max);

export const ZCreateAccessRequest = z.object({
  name: requiredText(200),
  email: emailField(),
  organization: requiredText(200),
  phone: requiredText(40),
  role: z.enum(SIGNUP_ROLES, { message: MESSAGES.signupFieldsRequired }),
});
export type TCreateAccessRequest = z.infer<typeof ZCreateAccessRequest>;

export const ZAccessRequestCreated = z.object({
  id: z.uuid(),
  status: z.literal('pending'),
});
