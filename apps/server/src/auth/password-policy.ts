import { dictionary } from '@zxcvbn-ts/language-common';
import { MIN_PASSWORD_LENGTH } from '@casebridge/domain/constants';
import { MAX_PASSWORD_LENGTH, PASSWORD_MESSAGES } from '@casebridge/domain/auth/password.schemas';
import { validationFailed } from '#src/lib/app-error.ts';

let commonPasswords: ReadonlySet<string> | undefined;

/**
 * The ~49,000 most common passwords of public breach corpora, shipped with
 * @zxcvbn-ts/language-common (no network call), read into a set once, in lower case.
 */
function getCommonPasswords(): ReadonlySet<string> {
  commonPasswords ??= new Set(
    dictionary['passwords-common'].map((password) => password.toLowerCase()),
  );
  return commonPasswords;
}

/**
 * Why a password chosen by the owner of `email` is refused, or null when it is acceptable. NIST
 * SP 800-63B: a length between MIN_PASSWORD_LENGTH and MAX_PASSWORD_LENGTH, no composition
 * rules, and none of the commonly used or breached passwords or context words (the account's
 * e-mail address or its name part), compared without regard to case.
 */
export function getPasswordProblem(password: string, email: string): string | null {
  // Counted in code points, as a person counts characters (an emoji is one).
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (length > MAX_PASSWORD_LENGTH) return PASSWORD_MESSAGES.tooLong;
  const lowered = password.trim().toLowerCase();
  const address = email.trim().toLowerCase();
  if (lowered === address || lowered === address.split('@')[0])
    return PASSWORD_MESSAGES.sameAsEmail;
  if (getCommonPasswords().has(lowered)) return PASSWORD_MESSAGES.tooCommon;
  return null;
}

/** Throws VALIDATION_FAILED with the reason when the password may not be chosen. */
export function assertPasswordAllowed(password: string, email: string): void {
  const problem = getPasswordProblem(password, email);
  if (problem) throw validationFailed(problem);
}
