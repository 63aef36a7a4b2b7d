import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  AUDIT_GENESIS_HASH,
  hashAuditRow,
  hmacAuditRow,
  type AuditChainContent,
} from './audit-hash.ts';

const row: AuditChainContent = {
  id: 7,
  timestamp: '2026-11-22T09:15:02.123456Z',
  userId: 'u1',
  userName: 'Dana "DR" Ruiz',
  userRole: 'clinic',
  action: 'patient_viewed',
  patientId: '0b6c6a1e-4d0f-4c5e-9a37-2f1f3d6f9a10',
  details: 'line one\nline two',
  ip: null,
};

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('hashAuditRow', () => {
  it('is SHA-256 over the previous hash, a newline and the row as a JSON array', () => {
    const canonical =
      '[7,"2026-11-22T09:15:02.123456Z","u1","Dana \\"DR\\" Ruiz","clinic","patient_viewed",' +
      '"0b6c6a1e-4d0f-4c5e-9a37-2f1f3d6f9a10","line one\\nline two",null]';
    expect(hashAuditRow(AUDIT_GENESIS_HASH, row)).toBe(sha256(`${'0'.repeat(64)}\n${canonical}`));
    expect(hashAuditRow(AUDIT_GENESIS_HASH, row)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes with the previous hash and with every field of the row', () => {
    const original = hashAuditRow(AUDIT_GENESIS_HASH, row);
    expect(hashAuditRow('f'.repeat(64), row)).not.toBe(original);
    const changes: Partial<AuditChainContent>[] = [
      { id: 8 },
      { timestamp: '2026-11-22T09:15:02.123457Z' },
      { userId: null },
      { userName: 'Dana Ruiz' },
      { userRole: 'admin' },
      { action: 'patient_updated' },
      { patientId: null },
      { details: 'line one\nline two ' },
      { ip: '' },
    ];
    for (const change of changes)
      expect(hashAuditRow(AUDIT_GENESIS_HASH, { ...row, ...change })).not.toBe(original);
  });

  it('keeps a value that contains a separator from passing for two fields', () => {
    const joined = { ...row, userId: 'a","b', userName: null };
    const split = { ...row, userId: 'a', userName: 'b' };
    expect(hashAuditRow(AUDIT_GENESIS_HASH, joined)).not.toBe(
      hashAuditRow(AUDIT_GENESIS_HASH, split),
    );
  });
});

describe('hmacAuditRow', () => {
  const key = Buffer.alloc(32, 'audit key');
  const canonical =
    '[7,"2026-11-22T09:15:02.123456Z","u1","Dana \\"DR\\" Ruiz","clinic","patient_viewed",' +
    '"0b6c6a1e-4d0f-4c5e-9a37-2f1f3d6f9a10","line one\\nline two",null]';

  it('is HMAC-SHA-256 under the key over the same text the unkeyed hash covers', () => {
    const expected = createHmac('sha256', key)
      .update(`${AUDIT_GENESIS_HASH}\n${canonical}`, 'utf8')
      .digest('hex');
    expect(hmacAuditRow(key, AUDIT_GENESIS_HASH, row)).toBe(expected);
    expect(hmacAuditRow(key, AUDIT_GENESIS_HASH, row)).not.toBe(
      hashAuditRow(AUDIT_GENESIS_HASH, row),
    );
  });

  it('differs under another key, and changes with the previous hash and every field', () => {
    const original = hmacAuditRow(key, AUDIT_GENESIS_HASH, row);
    expect(hmacAuditRow(Buffer.alloc(32, 'other key'), AUDIT_GENESIS_HASH, row)).not.toBe(original);
    expect(hmacAuditRow(key, 'f'.repeat(64), row)).not.toBe(original);
    for (const change of [
      { id: 8 },
      { timestamp: '2026-11-22T09:15:02.123457Z' },
      { userName: 'Dana Ruiz' },
      { action: 'patient_updated' },
      { details: 'line one' },
      { ip: '' },
    ])
      expect(hmacAuditRow(key, AUDIT_GENESIS_HASH, { ...row, ...change })).not.toBe(original);
  });
});
