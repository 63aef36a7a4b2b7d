import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPES } from '../constants.ts';
import {
  getDefaultPreferences,
  getPreferenceToggle,
  ZUpdateNotificationPreferencesRequest,
} from './notification.schemas.ts';

describe('notification preferences', () => {
  it('maps each notification type to the toggle that governs it', () => {
    expect(
      Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, getPreferenceToggle(type)])),
    ).toEqual({
      message: 'notifyOnMessageReceived',
      message_sent: 'notifyOnMessageReceived',
      document: 'notifyOnDocumentUpload',
      document_upload: 'notifyOnDocumentUpload',
      status_update: 'notifyOnStatusChange',
      patient_edit: 'notifyOnStatusChange',
      case_request: 'notifyOnCaseRequests',
      request_overdue: 'notifyOnCaseRequests',
      referral: 'notifyOnCaseRequests',
      treatment_gap: 'notifyOnTreatmentGaps',
      reduction: 'notifyOnLienActivity',
      payment: 'notifyOnLienActivity',
      visit_no_show: 'notifyOnVisits',
      access_request: null,
      access_granted: null,
    });
  });

  it('defaults to the account e-mail, Daily and every toggle on (spec section 3)', () => {
    expect(getDefaultPreferences('a@b.test')).toEqual({
      notificationEmail: 'a@b.test',
      digestFrequency: 'Daily',
      notifyOnStatusChange: true,
      notifyOnDocumentUpload: true,
      notifyOnMessageReceived: true,
      notifyOnCaseRequests: true,
      notifyOnTreatmentGaps: true,
      notifyOnLienActivity: true,
      notifyOnVisits: true,
      pendingNotificationEmail: null,
    });
  });

  it('trims and lowercases the e-mail and accepts only None, Daily or Weekly', () => {
    const base = getDefaultPreferences('x@y.test');
    expect(
      ZUpdateNotificationPreferencesRequest.parse({ ...base, notificationEmail: ' A@B.Test ' })
        .notificationEmail,
    ).toBe('a@b.test');
    for (const digestFrequency of ['None', 'Daily', 'Weekly'])
      expect(
        ZUpdateNotificationPreferencesRequest.safeParse({ ...base, digestFrequency }).success,
      ).toBe(true);
    expect(
      ZUpdateNotificationPreferencesRequest.safeParse({ ...base, digestFrequency: 'Monthly' })
        .success,
    ).toBe(false);
    expect(
      ZUpdateNotificationPreferencesRequest.safeParse({ ...base, notificationEmail: 'nope' })
        .success,
    ).toBe(false);
  });
});
