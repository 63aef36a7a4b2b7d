import { describe, expect, it } from 'vitest';
import {
  getMessageNotificationText,
  getMessagesLink,
  getSenderColor,
  getSenderLabel,
} from './message-sender.ts';

describe('message senders (spec section 2)', () => {
  it.each([
    ['clinic', 'Harbor Physical Therapy', 'Harbor Physical Therapy'],
    ['attorney', 'Morgan & Hale Injury Law', 'Morgan & Hale Injury Law'],
    ['lienholder', 'MedLien Funding Partners', 'Lienholder'],
    ['admin', null, 'Administrator'],
    ['contact', null, 'User'],
    ['clinic', null, 'User'],
    ['attorney', '   ', 'User'],
  ])('labels a %s sender of %s as %s', (role, organization, label) => {
    expect(getSenderLabel(role, organization)).toBe(label);
  });

  it('colours the badge by role: clinic green, attorney blue, lienholder yellow, admin purple', () => {
    expect(['clinic', 'attorney', 'lienholder', 'admin', 'contact'].map(getSenderColor)).toEqual([
      'green',
      'blue',
      'yellow',
      'purple',
      'gray',
    ]);
  });

  it('writes the notification text with the organisation, and Administrator for admins', () => {
    expect(
      getMessageNotificationText(
        { role: 'clinic', organizationName: 'Harbor Physical Therapy' },
        'Maria Delgado',
      ),
    ).toBe('New message from Harbor Physical Therapy regarding Maria Delgado');
    expect(
      getMessageNotificationText({ role: 'admin', organizationName: null }, 'Maria Delgado'),
    ).toBe('New message from Administrator regarding Maria Delgado');
    expect(
      getMessageNotificationText({ role: 'lienholder', organizationName: 'MedLien' }, 'Ann Lee'),
    ).toBe('New message from MedLien regarding Ann Lee');
  });

  it('links to the Messages tab', () => {
    expect(getMessagesLink('abc')).toBe('/patients/abc?tab=messages');
  });
});
