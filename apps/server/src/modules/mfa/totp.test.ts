import { authenticator } from 'otplib';
import { describe, expect, it } from 'vitest';
import {
  createRecoveryCodes,
  createTotpSecret,
  decryptTotpSecret,
  deriveTotpKey,
  encryptTotpSecret,
  hashRecoveryCode,
  matchTotpStep,
} from './totp.ts';

const key = deriveTotpKey('test-secret-test-secret-test-secret-0123');
const STEP_MS = 30_000;

describe('TOTP secrets at rest', () => {
  it('decrypt what they encrypt, under a fresh IV each time', () => {
    const secret = createTotpSecret();
    const first = encryptTotpSecret(key, 'user-1', secret);
    expect(first).not.toContain(secret);
    expect(encryptTotpSecret(key, 'user-1', secret)).not.toBe(first);
    expect(decryptTotpSecret(key, 'user-1', first)).toBe(secret);
  });

  it('fail under another user, another auth secret, or with a changed byte', () => {
    const stored = encryptTotpSecret(key, 'user-1', createTotpSecret());
    expect(() => decryptTotpSecret(key, 'user-2', stored)).toThrow(
      'Unsupported state or unable to authenticate data',
    );
    expect(() => decryptTotpSecret(deriveTotpKey('another-secret'), 'user-1', stored)).toThrow(
      'Unsupported state or unable to authenticate data',
    );
    const [format, iv, tag, body] = stored.split('.');
    const flipped = `${body!.startsWith('A') ? 'B' : 'A'}${body!.slice(1)}`;
    expect(() => decryptTotpSecret(key, 'user-1', [format, iv, tag, flipped].join('.'))).toThrow(
      'Unsupported state or unable to authenticate data',
    );
  });
});

describe('matchTotpStep', () => {
  const secret = createTotpSecret();
  const now = Date.now();
  const codeAt = (offsetSteps: number) =>
    authenticator.clone({ epoch: now + offsetSteps * STEP_MS }).generate(secret);
  const step = Math.floor(now / STEP_MS);

  it('names the step of a code from this step or the one before or after', () => {
    expect(matchTotpStep(codeAt(0), secret, now)).toBe(step);
    expect(matchTotpStep(codeAt(-1), secret, now)).toBe(step - 1);
    expect(matchTotpStep(codeAt(1), secret, now)).toBe(step + 1);
  });

  it('refuses codes further away, and anything but six digits', () => {
    expect(matchTotpStep(codeAt(-3), secret, now)).toBeNull();
    expect(matchTotpStep(codeAt(3), secret, now)).toBeNull();
    expect(matchTotpStep('12345', secret, now)).toBeNull();
    expect(matchTotpStep('abcdef', secret, now)).toBeNull();
  });
});

describe('recovery codes', () => {
  it('are ten distinct codes of two groups of five, without look-alike characters', () => {
    const codes = createRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
  });

  it('hash the same whatever the case, spaces or hyphen', () => {
    expect(hashRecoveryCode('ABCDE-FGHJK')).toBe(hashRecoveryCode('abcde fghjk'));
    expect(hashRecoveryCode('abcdefghjk')).toBe(hashRecoveryCode('abcde-fghjk'));
    expect(hashRecoveryCode('abcde-fghjm')).not.toBe(hashRecoveryCode('abcde-fghjk'));
  });
});
