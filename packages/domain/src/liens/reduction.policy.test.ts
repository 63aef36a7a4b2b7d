import { describe, expect, it } from 'vitest';
import {
  canAnswerReduction,
  canProposeReduction,
  canWithdrawReduction,
  getReductionParty,
  getVisibleReductionStatuses,
} from './reduction.policy.ts';

const lien = { firmId: 'firm-1', lienholderId: 'lien-1' };

describe('getReductionParty', () => {
  it('names the firm of the patient and the lien’s lienholder', () => {
    expect(getReductionParty({ role: 'attorney', organizationId: 'firm-1' }, lien)).toBe(
      'attorney',
    );
    expect(getReductionParty({ role: 'lienholder', organizationId: 'lien-1' }, lien)).toBe(
      'lienholder',
    );
  });

  it('is nobody for another firm, another lienholder, clinics, admins and contacts', () => {
    for (const actor of [
      { role: 'attorney' as const, organizationId: 'firm-2' },
      { role: 'lienholder' as const, organizationId: 'lien-2' },
      { role: 'lienholder' as const, organizationId: 'firm-1' },
      { role: 'clinic' as const, organizationId: 'lien-1' },
      { role: 'admin' as const, organizationId: null },
      { role: 'contact' as const, organizationId: null },
    ]) {
      expect(getReductionParty(actor, lien)).toBeNull();
    }
    expect(
      getReductionParty({ role: 'attorney', organizationId: 'firm-1' }, { ...lien, firmId: null }),
    ).toBeNull();
  });
});

describe('the negotiation rules', () => {
  const open = { offeredBy: 'attorney' as const, status: 'open' as const };

  it('lets only the attorney propose, and only while no offer is open', () => {
    expect(canProposeReduction('attorney', null)).toBe(true);
    expect(canProposeReduction('attorney', open)).toBe(false);
    expect(canProposeReduction('lienholder', null)).toBe(false);
    expect(canProposeReduction(null, null)).toBe(false);
  });

  it('lets only the other side answer an open offer, and only its maker withdraw it', () => {
    expect(canAnswerReduction('lienholder', open)).toBe(true);
    expect(canAnswerReduction('attorney', open)).toBe(false);
    expect(canAnswerReduction(null, open)).toBe(false);
    expect(canAnswerReduction('lienholder', { ...open, status: 'accepted' })).toBe(false);
    expect(canWithdrawReduction('attorney', open)).toBe(true);
    expect(canWithdrawReduction('lienholder', open)).toBe(false);
    expect(canWithdrawReduction('attorney', { ...open, status: 'countered' })).toBe(false);
  });

  it('shows a clinic the accepted reductions only', () => {
    expect(getVisibleReductionStatuses('clinic', null)).toEqual(['accepted']);
    expect(getVisibleReductionStatuses('admin', null)).toBe('all');
    expect(getVisibleReductionStatuses('lienholder', 'lienholder')).toBe('all');
  });
});
