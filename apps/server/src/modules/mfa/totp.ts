import {
  createCipheriv,
  createDecipheriv,
  createHash,
  hkdfSync,
  randomBytes,
  randomInt,
} from 'node:crypto';
import { authenticator } from 'otplib';
import QRCode from 'qrcode';
import { RECOVERY_CODE_COUNT, TOTP_ISSUER } from '@casebridge/domain/mfa/mfa.schemas';

// A code of the step before or after the current one is accepted too: phones' clocks drift.
const totp = authenticator.clone({ window: 1 });
const STEP_SECONDS = 30;
const SECRET_KEY_INFO = 'casebridge:totp-secret:v1';
const FORMAT = 'v1';

/**
 * The key that encrypts TOTP secrets at rest, derived from the auth secret so that no second
 * secret has to be configured; a database copy alone does not reveal the secrets.
 */
export function deriveTotpKey(authSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', authSecret, Buffer.alloc(0), SECRET_KEY_INFO, 32));
}

/** AES-256-GCM with the user id as associated data: a ciphertext moved to another user fails. */
export function encryptTotpSecret(key: Buffer, userId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(userId));
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [FORMAT, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export function decryptTotpSecret(key: Buffer, userId: string, stored: string): string {
  const [format, iv, tag, ciphertext] = stored.split('.');
  if (format !== FORMAT || !iv || !tag || ciphertext === undefined)
    throw new Error('unknown TOTP secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(userId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(ciphertext, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}

/** A new 160-bit secret (RFC 4226's recommended length), base32 as authenticator apps take it. */
export function createTotpSecret(): string {
  return totp.generateSecret(20);
}

export async function describeTotpSecret(email: string, secret: string) {
  const otpauthUri = totp.keyuri(email, TOTP_ISSUER, secret);
  const qrSvg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 2 });
  return { secret, otpauthUri, qrSvg };
}

/** The time step the code belongs to, or null when it matches none in the window. */
export function matchTotpStep(code: string, secret: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp.clone({ epoch: now }).checkDelta(code, secret);
  if (delta === null) return null;
  return Math.floor(now / 1000 / STEP_SECONDS) + delta;
}

export function isTotpCodeShape(code: string): boolean {
  return /^\d{6}$/.test(code.replace(/\s/g, ''));
}

// No 0/o, 1/l/i: codes are read from paper and typed by hand.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes of 10 characters (about 49 bits each, unbiased: randomInt), shown as `xxxxx-xxxxx`. */
export function createRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from(
      { length: 10 },
      () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)] as string,
    );
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  });
}

/** Recovery codes are compared by hash, case, spaces and hyphens aside. */
export function hashRecoveryCode(code: string): string {
  const normalized = code.toLowerCase().replace(/[\s-]/g, '');
  return createHash('sha256').update(normalized).digest('hex');
}
