import { describe, expect, it } from 'vitest';
import { ZCreateAccessRequest } from './access-request.schemas.ts';

const complete = {
  name: 'Jordan Lee',
  email: 'jordan@example.com',
  organization: 'Lee Physio',
  phone: '555-0100',
  role: 'clinic',
};

const firstMessage = (input: unknown) => {
  const result = ZCreateAccessRequest.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('ZCreateAccessRequest (spec section 5, signup)', () => {
  it('accepts a complete request, trimming text and lowercasing the e-mail', () => {
    expect(
      ZCreateAccessRequest.parse({
        ...complete,
        name: '  Jordan Lee ',
        email: ' Jordan@Example.COM ',
      }),
    ).toEqual({ ...complete, email: 'jordan@example.com' });
  });

  it('turns line breaks inside the one-line fields into a space, so they forge no line of a mail', () => {
    expect(
      ZCreateAccessRequest.parse({
        ...complete,
        name: 'Jordan\r\nRole: admin',
        organization: 'Lee Physio\u2028Approved: yes',
        phone: '555-0100\n\tCall: 555-0199',
      }),
    ).toMatchObject({
      name: 'Jordan Role: admin',
      organization: 'Lee Physio Approved: yes',
      phone: '555-0100 Call: 555-0199',
    });
  });

  it.each(['clinic', 'attorney', 'lienholder', 'admin', 'other'])('accepts the role %s', (role) => {
    expect(ZCreateAccessRequest.safeParse({ ...complete, role }).success).toBe(true);
  });

  it.each(['name', 'organization', 'phone'] as const)(
    'refuses a blank %s with the spec message',
    (field) => {
      expect(firstMessage({ ...complete, [field]: '   ' })).toBe(
        'Please fill out all required fields.',
      );
    },
  );

  it('refuses a missing or unknown role with the spec message', () => {
    expect(firstMessage({ ...complete, role: '' })).toBe('Please fill out all required fields.');
    expect(firstMessage({ ...complete, role: 'contact' })).toBe(
      'Please fill out all required fields.',
    );
  });

  it('refuses an e-mail address without an @', () => {
    expect(firstMessage({ ...complete, email: 'jordan.example.com' })).toBe(
      'Please enter a valid email address',
    );
  });

  it('reads a blank e-mail as a missing field, not a malformed one', () => {
    expect(firstMessage({ ...complete, email: '  ' })).toBe('Please fill out all required fields.');
  });

  it('checks every field is filled before the e-mail format (spec order)', () => {
    const result = ZCreateAccessRequest.safeParse({
      ...complete,
      email: 'jordan.example.com',
      phone: ' ',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['phone', 'Please fill out all required fields.'],
    ]);
  });

  it('refuses over-long values', () => {
    expect(ZCreateAccessRequest.safeParse({ ...complete, name: 'x'.repeat(201) }).success).toBe(
      false,
    );
  });
});

describe('ZCreateAccessRequest with missing fields', () => {
  it.each(['name', 'organization', 'phone', 'role'] as const)(
    'refuses a request without %s with the spec message',
    (field) => {
      const { [field]: _omitted, ...rest } = complete;
      expect(firstMessage(rest)).toBe('Please fill out all required fields.');
    },
  );
});
