import { describe, expect, it } from 'vitest';
import {
  canRequestKind,
  canRespondToRequest,
  canTransition,
  defaultRequestDueOn,
  getRequestableKinds,
  isRequestOverdue,
} from './case-request.policy.ts';
import { CASE_REQUEST_TEXTS, ZCreateCaseRequest } from './case-request.schemas.ts';

const HARBOR = '11111111-1111-4111-8111-111111111111';

describe('case request policy', () => {
  it('lets attorneys and admins ask for any kind, lienholders for an itemized bill only', () => {
    expect(getRequestableKinds('attorney')).toHaveLength(5);
    expect(getRequestableKinds('admin')).toHaveLength(5);
    expect(getRequestableKinds('lienholder')).toEqual(['itemized_bill']);
    expect(canRequestKind('lienholder', 'medical_records')).toBe(false);
    expect(getRequestableKinds('clinic')).toEqual([]);
    expect(getRequestableKinds('contact')).toEqual([]);
  });

  it('lets only the asked clinic or an admin answer', () => {
    const request = { clinicId: HARBOR };
    expect(canRespondToRequest({ role: 'clinic', organizationId: HARBOR }, request)).toBe(true);
    expect(canRespondToRequest({ role: 'admin', organizationId: null }, request)).toBe(true);
    expect(canRespondToRequest({ role: 'clinic', organizationId: 'other' }, request)).toBe(false);
    expect(canRespondToRequest({ role: 'attorney', organizationId: HARBOR }, request)).toBe(false);
  });

  it('allows Requested → Acknowledged → Fulfilled and Declined from either open state', () => {
    expect(canTransition('requested', 'acknowledge')).toBe(true);
    expect(canTransition('requested', 'fulfil')).toBe(false);
    expect(canTransition('acknowledged', 'fulfil')).toBe(true);
    expect(canTransition('acknowledged', 'acknowledge')).toBe(false);
    expect(canTransition('requested', 'decline')).toBe(true);
    expect(canTransition('acknowledged', 'decline')).toBe(true);
    for (const closed of ['fulfilled', 'declined'] as const)
      for (const action of ['acknowledge', 'fulfil', 'decline'] as const)
        expect(canTransition(closed, action)).toBe(false);
  });

  it('calls an open request due before today overdue', () => {
    expect(isRequestOverdue({ status: 'requested', dueOn: '2026-03-01' }, '2026-03-02')).toBe(true);
    expect(isRequestOverdue({ status: 'acknowledged', dueOn: '2026-03-02' }, '2026-03-02')).toBe(
      false,
    );
    expect(isRequestOverdue({ status: 'fulfilled', dueOn: '2026-03-01' }, '2026-03-02')).toBe(
      false,
    );
  });

  it('defaults the due date to 14 days after today, across months', () => {
    expect(defaultRequestDueOn('2026-02-20')).toBe('2026-03-06');
  });

  it('names the field in every refusal of a new request', () => {
    const parse = (input: object) => ZCreateCaseRequest.safeParse(input);
    expect(parse({ kind: 'imaging' }).error?.issues[0]?.message).toBe(
      CASE_REQUEST_TEXTS.clinicRequired,
    );
    expect(parse({ clinicId: HARBOR }).error?.issues[0]?.message).toBe(
      CASE_REQUEST_TEXTS.kindRequired,
    );
    expect(
      parse({ clinicId: HARBOR, kind: 'imaging', periodFrom: '2026-03-01', periodTo: '2026-01-01' })
        .error?.issues[0]?.message,
    ).toBe(CASE_REQUEST_TEXTS.periodOrder);
    expect(
      parse({ clinicId: HARBOR, kind: 'imaging', dueOn: 'tomorrow' }).error?.issues[0]?.message,
    ).toBe(CASE_REQUEST_TEXTS.dueOnInvalid);
    expect(parse({ clinicId: HARBOR, kind: 'imaging', dueOn: '', note: '  ' }).data).toMatchObject({
      dueOn: null,
      note: null,
      periodFrom: null,
    });
  });
});
