import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '@casebridge/domain/auth/password.schemas';
import { assertPasswordAllowed, getPasswordProblem } from './password-policy.ts';

const EMAIL = 'dana.doe@clinic.example';

describe('password policy (NIST SP 800-63B)', () => {
  it('accepts a long passphrase without composition rules', () => {
    expect(getPasswordProblem('correct horse battery staple', EMAIL)).toBeNull();
    expect(getPasswordProblem('alllowercaseletters', EMAIL)).toBeNull();
  });

  it('counts characters, not bytes, for the length', () => {
    expect(getPasswordProblem('ééééééééééé', EMAIL)).toBe(PASSWORD_MESSAGES.tooShort);
    expect(getPasswordProblem('éééééééééééé', EMAIL)).toBeNull();
    expect(getPasswordProblem('a'.repeat(128), EMAIL)).toBeNull();
    expect(getPasswordProblem('a'.repeat(129), EMAIL)).toBe(PASSWORD_MESSAGES.tooLong);
  });

  it('refuses common and breached passwords whatever their case', () => {
    for (const password of ['qwerty123456', 'QWERTY123456', '1q2w3e4r5t6y', 'Administrator'])
      expect(getPasswordProblem(password, EMAIL)).toBe(PASSWORD_MESSAGES.tooCommon);
  });

  it('refuses the account’s own e-mail address or its name part', () => {
    expect(getPasswordProblem('Dana.Doe@Clinic.example', EMAIL)).toBe(
      PASSWORD_MESSAGES.sameAsEmail,
    );
    expect(getPasswordProblem('dana.doe@clinic.example', 'x@y.example')).toBeNull();
    expect(getPasswordProblem('longer.name.part', 'longer.name.part@x.example')).toBe(
      PASSWORD_MESSAGES.sameAsEmail,
    );
  });

  it('throws the reason as a validation failure', () => {
    expect(() => assertPasswordAllowed('qwerty123456', EMAIL)).toThrow(PASSWORD_MESSAGES.tooCommon);
    expect(() => assertPasswordAllowed('a sound passphrase', EMAIL)).not.toThrow();
  });
});
