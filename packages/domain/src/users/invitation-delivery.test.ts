import { describe, expect, it } from 'vitest';
import { getInvitationNotice } from './invitation-delivery.ts';

const at = '2026-03-02T10:00:00.000Z';

describe('getInvitationNotice', () => {
  it("says 'e-mailed' only once a mail server accepted the invitation", () => {
    expect(
      getInvitationNotice('ivy@example.test', { status: 'sent', queuedAt: at, sentAt: at }),
    ).toBe('An invitation was e-mailed to ivy@example.test.');
    for (const delivery of [{ status: 'queued', queuedAt: at, sentAt: null } as const, null])
      expect(getInvitationNotice('ivy@example.test', delivery)).toBe(
        'The invitation is queued and will be e-mailed when the mail server accepts it.',
      );
    expect(
      getInvitationNotice('ivy@example.test', { status: 'failed', queuedAt: at, sentAt: null }),
    ).toBe('The invitation could not be e-mailed; see the Mail outbox.');
  });
});
