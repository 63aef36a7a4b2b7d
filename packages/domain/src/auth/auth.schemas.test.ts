import { describe, expect, it } from 'vitest';
import { ZLoginRequest } from './auth.schemas.ts';

const messagesOf = (input: unknown) => {
  const result = ZLoginRequest.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('ZLoginRequest (spec section 5: e-mail and password are both required)', () => {
  it('trims and lowercases the e-mail', () => {
    expect(ZLoginRequest.parse({ email: ' Clinic@Demo.TEST ', password: 'x' })).toEqual({
      email: 'clinic@demo.test',
      password: 'x',
    });
  });

  it('refuses a blank or malformed e-mail and a blank password, in that order', () => {
    expect(messagesOf({ email: '', password: '' })).toEqual([
      'Please enter a valid email address',
      'Please enter your password',
    ]);
    expect(messagesOf({ email: 'clinic.demo.test', password: 'x' })).toEqual([
      'Please enter a valid email address',
    ]);
    expect(messagesOf({ email: 'clinic@demo.test' })).toEqual(['Please enter your password']);
  });
});
