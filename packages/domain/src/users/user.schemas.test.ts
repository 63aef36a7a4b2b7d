import { describe, expect, it } from 'vitest';
import { ZApproveAccessRequest } from '../access-requests/access-request-review.schemas.ts';
import {
  getUserCreatedMessage,
  USER_MESSAGES,
  ZAcceptInvitationForm,
  ZCreateUserRequest,
} from './user.schemas.ts';

const ORG = '5b0d7a4e-8f7c-4a55-9b8e-2f6d1c3a9e01';
const firstMessage = (input: unknown) =>
  ZCreateUserRequest.safeParse(input).error?.issues[0]?.message;

describe('ZCreateUserRequest', () => {
  it('checks name and e-mail, then the e-mail, then the organisation', () => {
    expect(firstMessage({ name: ' ', email: 'bad', role: 'clinic' })).toBe(
      USER_MESSAGES.requiredFields,
    );
    expect(firstMessage({ name: 'A', email: ' ', role: 'clinic' })).toBe(
      USER_MESSAGES.requiredFields,
    );
    expect(firstMessage({ name: 'A', email: 'bad', role: 'clinic' })).toBe(
      USER_MESSAGES.invalidEmail,
    );
    expect(firstMessage({ name: 'A', email: 'a@b.co', role: 'lienholder' })).toBe(
      USER_MESSAGES.organizationRequired,
    );
  });

  it('trims and lowercases the e-mail; admins belong to no organisation', () => {
    expect(
      ZCreateUserRequest.parse({
        name: ' Ann ',
        email: ' Ann@B.CO ',
        role: 'admin',
        organizationId: ORG,
      }),
    ).toEqual({ name: 'Ann', email: 'ann@b.co', role: 'admin', organizationId: null });
  });

  it('refuses the contact role, which is never assigned by an admin', () => {
    expect(
      ZCreateUserRequest.safeParse({ name: 'A', email: 'a@b.co', role: 'contact' }).success,
    ).toBe(false);
  });

  it("names the role in the spec's success toast", () => {
    expect(getUserCreatedMessage('clinic')).toBe('Clinic user created successfully');
    expect(getUserCreatedMessage('attorney')).toBe('Attorney user created successfully');
  });
});

describe('ZAcceptInvitationForm (Set Password)', () => {
  const issuesOf = (input: unknown) => {
    const result = ZAcceptInvitationForm.safeParse(input);
    return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
  };

  it("refuses a short password with the request's own message, before comparing", () => {
    const result = ZAcceptInvitationForm.safeParse({ password: 'short', confirmation: 'other' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      USER_MESSAGES.passwordTooShort,
    ]);
  });

  it('refuses two different passwords at the confirmation', () => {
    expect(issuesOf({ password: 'long-enough-1', confirmation: 'long-enough-2' })).toEqual([
      'confirmation',
    ]);
    expect(issuesOf({ password: 'long-enough-1', confirmation: 'long-enough-1' })).toEqual([]);
  });
});

describe('role and organisation, one check for Add New User and access-request approval', () => {
  it.each(['clinic', 'attorney', 'lienholder'] as const)(
    'refuses a %s without an organisation alike in both',
    (role) => {
      const user = ZCreateUserRequest.safeParse({ name: 'Ann', email: 'ann@example.com', role });
      const approval = ZApproveAccessRequest.safeParse({ role, organizationId: null });
      expect(user.error?.issues[0]).toMatchObject({
        path: ['organizationId'],
        message: USER_MESSAGES.organizationRequired,
      });
      expect(approval.error?.issues[0]).toMatchObject({
        path: ['organizationId'],
        message: USER_MESSAGES.organizationRequired,
      });
    },
  );

  it('stores no organisation for an admin in both, whatever was sent', () => {
    expect(ZApproveAccessRequest.parse({ role: 'admin', organizationId: ORG })).toEqual({
      role: 'admin',
      organizationId: null,
    });
    expect(
      ZCreateUserRequest.parse({
        name: 'Ann',
        email: 'ann@example.com',
        role: 'admin',
        organizationId: ORG,
      }).organizationId,
    ).toBeNull();
  });
});
