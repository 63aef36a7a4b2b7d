import { describe, expect, it } from 'vitest';
import {
  formatResponseTime,
  REFERRAL_TEXTS,
  ZCreateReferralRequest,
  ZDeclineReferralRequest,
} from './referral.schemas.ts';
import { canRespondToReferral, canWithdrawReferral } from './referral.policy.ts';

const CLINIC = '0b0c5f5e-3f59-4c36-9a57-0d2f0d6b9b11';

describe('referral schemas', () => {
  it('takes a firm’s referral with only the client’s name, birth date and clinic', () => {
    const parsed = ZCreateReferralRequest.parse({
      clinicId: CLINIC,
      clientName: '  Ana  Ruiz ',
      dob: '1990-04-02',
      accidentType: '',
      phone: '',
    });
    expect(parsed).toMatchObject({
      clientName: 'Ana  Ruiz',
      accidentType: null,
      phone: null,
      lopOnFile: false,
      urgency: 'routine',
    });
  });

  it('refuses a missing name, a future accident and an unknown urgency at their fields', () => {
    const result = ZCreateReferralRequest.safeParse({
      clinicId: CLINIC,
      clientName: ' ',
      dob: '1990-04-02',
      accidentDate: '2999-01-01',
      urgency: 'yesterday',
    });
    expect(result.success).toBe(false);
    const fields = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(fields).toEqual(['clientName', 'accidentDate', 'urgency']);
    expect(result.error?.issues[0]?.message).toBe(REFERRAL_TEXTS.clientNameRequired);
  });

  it('asks a decline for its reason', () => {
    const result = ZDeclineReferralRequest.safeParse({ version: 1, reason: '  ' });
    expect(result.error?.issues[0]?.message).toBe(REFERRAL_TEXTS.declineReasonRequired);
  });

  it('words a response time in minutes, hours and days', () => {
    expect(formatResponseTime(20)).toBe('under a minute');
    expect(formatResponseTime(45 * 60)).toBe('45 min');
    expect(formatResponseTime(3 * 3600 + 20 * 60)).toBe('3 h 20 min');
    expect(formatResponseTime(2 * 86_400)).toBe('2 d');
    expect(formatResponseTime(2 * 86_400 + 4 * 3600)).toBe('2 d 4 h');
  });
});

describe('referral policy', () => {
  const pending = { clinicId: CLINIC, referringOrgId: 'firm', state: 'pending' as const };

  it('lets only the receiving clinic answer, and only while pending', () => {
    expect(canRespondToReferral({ role: 'clinic', organizationId: CLINIC }, pending)).toBe(true);
    expect(canRespondToReferral({ role: 'clinic', organizationId: 'other' }, pending)).toBe(false);
    expect(canRespondToReferral({ role: 'attorney', organizationId: CLINIC }, pending)).toBe(false);
    expect(canRespondToReferral({ role: 'admin', organizationId: null }, pending)).toBe(false);
    expect(
      canRespondToReferral(
        { role: 'clinic', organizationId: CLINIC },
        { ...pending, state: 'accepted' },
      ),
    ).toBe(false);
  });

  it('lets only the sender withdraw', () => {
    expect(canWithdrawReferral({ role: 'attorney', organizationId: 'firm' }, pending)).toBe(true);
    expect(canWithdrawReferral({ role: 'attorney', organizationId: 'x' }, pending)).toBe(false);
  });
});
