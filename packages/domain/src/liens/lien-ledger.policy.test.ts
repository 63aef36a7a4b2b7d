import { describe, expect, it } from 'vitest';
import { ROLES } from '../roles.ts';
import { canReadLienPortfolio, canRecordLienPayment } from './lien-ledger.policy.ts';

const OWN = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

describe('canRecordLienPayment', () => {
  it("is the lienholder's own users on its own lien only", () => {
    expect(canRecordLienPayment({ role: 'lienholder', organizationId: OWN }, OWN)).toBe(true);
    expect(canRecordLienPayment({ role: 'lienholder', organizationId: OWN }, OTHER)).toBe(false);
    for (const role of ROLES.filter((candidate) => candidate !== 'lienholder')) {
      expect(canRecordLienPayment({ role, organizationId: OWN }, OWN)).toBe(false);
    }
  });
});

describe('canReadLienPortfolio', () => {
  it('is lienholders and administrators', () => {
    expect(ROLES.filter((role) => canReadLienPortfolio({ role }))).toEqual(['lienholder', 'admin']);
  });
});
