import { describe, expect, it } from 'vitest';
import {
  ADMIN_PATIENTS_PAGE_SIZE,
  ASSIGNED_CLINICS_VISIBLE_ROWS,
  AUDIT_LOG_PAGE_SIZE,
  CLINIC_DASHBOARD_PAGE_SIZE,
  DEFAULT_DIGEST_FREQUENCY,
  DEFAULT_DOCUMENT_CATEGORY,
  DIGEST_FREQUENCIES,
  DOCUMENT_CATEGORIES,
  FIRM_DASHBOARD_PAGE_SIZE,
  LIENHOLDER_DASHBOARD_PAGE_SIZE,
  MAIL_OUTBOX_PAGE_SIZE,
  MAX_PAGE_SIZE,
  NOTIFICATION_BADGE_CAP,
  NOTIFICATION_DROPDOWN_LIMIT,
  SESSION_TIMEOUT_MINUTES,
  THEME_STORAGE_KEY,
  THEMES,
  TOAST_DURATION_MS,
  UPLOAD_LIMIT_MB,
  USERS_PAGE_SIZE,
} from './constants.ts';
import { TIMELINE_STEPS, TREATMENT_STATUSES } from './patients/treatment-status.ts';
import { DEFAULT_SETTINGS } from './settings/settings.schemas.ts';

// Spec section 9, table 'Business constants and limits', value by value.
describe('business constants (spec section 9)', () => {
  it('shows toasts for 4000 ms', () => {
    expect(TOAST_DURATION_MS).toBe(4000);
  });

  it('limits uploads to 10 MB by default, settable from 1 to 100', () => {
    expect(UPLOAD_LIMIT_MB).toEqual({ default: 10, min: 1, max: 100 });
  });

  it('times sessions out after 60 minutes by default, settable from 15 to 480', () => {
    expect(SESSION_TIMEOUT_MINUTES).toEqual({ default: 60, min: 15, max: 480 });
  });

  it('shows the first 10 notifications in the dropdown and caps the badge at 99', () => {
    expect(NOTIFICATION_DROPDOWN_LIMIT).toBe(10);
    expect(NOTIFICATION_BADGE_CAP).toBe(99);
  });

  it('shows 10 rows in the firm dashboard table and 4 rows of assigned clinics', () => {
    expect(FIRM_DASHBOARD_PAGE_SIZE).toBe(10);
    expect(ASSIGNED_CLINICS_VISIBLE_ROWS).toBe(4);
  });

  it('pages every list by its own size, each within the maximum a request may ask for', () => {
    expect({
      clinic: CLINIC_DASHBOARD_PAGE_SIZE,
      firm: FIRM_DASHBOARD_PAGE_SIZE,
      lienholder: LIENHOLDER_DASHBOARD_PAGE_SIZE,
      adminPatients: ADMIN_PATIENTS_PAGE_SIZE,
      users: USERS_PAGE_SIZE,
      auditLog: AUDIT_LOG_PAGE_SIZE,
      mailOutbox: MAIL_OUTBOX_PAGE_SIZE,
    }).toEqual({
      clinic: 24,
      firm: 10,
      lienholder: 10,
      adminPatients: 20,
      users: 20,
      auditLog: 25,
      mailOutbox: 10,
    });
    expect(MAX_PAGE_SIZE).toBe(100);
  });

  it('has 8 treatment statuses and 4 timeline steps', () => {
    expect(TREATMENT_STATUSES).toHaveLength(8);
    expect(new Set(TREATMENT_STATUSES).size).toBe(8);
    expect(TIMELINE_STEPS).toHaveLength(4);
  });

  it('offers the digest frequencies None, Daily, Weekly with Daily as default', () => {
    expect(DIGEST_FREQUENCIES).toEqual(['None', 'Daily', 'Weekly']);
    expect(DEFAULT_DIGEST_FREQUENCY).toBe('Daily');
  });

  it('has the five document categories with Intake as default', () => {
    expect(DOCUMENT_CATEGORIES).toEqual([
      'Intake',
      'MRI',
      'Treatment Notes',
      'Discharge',
      'Billing',
    ]);
    expect(DEFAULT_DOCUMENT_CATEGORY).toBe('Intake');
  });

  it('stores the theme under the key theme as dark or light', () => {
    expect(THEME_STORAGE_KEY).toBe('theme');
    expect([...THEMES].toSorted()).toEqual(['dark', 'light']);
  });

  it('defaults settings to clinic creation on, approval off, e-mail on, SMS off', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({
      maxUploadMb: 10,
      sessionTimeoutMinutes: 60,
      allowClinicPatientCreation: true,
      requireUserApproval: false,
      emailNotificationsEnabled: true,
      smsNotificationsEnabled: false,
    });
  });
});
