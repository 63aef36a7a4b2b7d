import { TEMPLATE_MESSAGES } from '@casebridge/domain/templates/template.schemas';
import { USER_MESSAGES } from '@casebridge/domain/users/user.schemas';
import { describe, expect, it } from 'vitest';
import { getAddUserError } from './add-user-modal.tsx';
import { getTemplateError } from './add-template-modal.tsx';
import { toAuditRange } from './audit-filters.tsx';
import { getSettingsError } from './settings-form.tsx';

describe('Add New User checks (spec order)', () => {
  const valid = {
    name: 'Ann',
    email: 'ann@example.test',
    role: 'clinic' as const,
    organizationId: 'org',
  };
  it('reports the first failing rule only', () => {
    expect(getAddUserError({ ...valid, name: ' ', email: 'bad' })).toBe(
      USER_MESSAGES.requiredFields,
    );
    expect(getAddUserError({ ...valid, email: '' })).toBe(USER_MESSAGES.requiredFields);
    expect(getAddUserError({ ...valid, email: 'bad', organizationId: '' })).toBe(
      USER_MESSAGES.invalidEmail,
    );
    expect(getAddUserError({ ...valid, organizationId: '' })).toBe(
      USER_MESSAGES.organizationRequired,
    );
    expect(getAddUserError(valid)).toBeNull();
  });
  it('does not ask an admin for an organisation', () => {
    expect(getAddUserError({ ...valid, role: 'admin', organizationId: '' })).toBeNull();
  });
});

describe('Add Template checks', () => {
  const valid = {
    title: 'T',
    body: 'B',
    templateType: 'message' as const,
    subject: '',
    purpose: '' as const,
  };
  it('requires title and body, then a subject for e-mail templates', () => {
    expect(getTemplateError({ ...valid, title: '  ' })).toBe(TEMPLATE_MESSAGES.requiredFields);
    expect(getTemplateError({ ...valid, templateType: 'email', body: '' })).toBe(
      TEMPLATE_MESSAGES.requiredFields,
    );
    expect(getTemplateError({ ...valid, templateType: 'email', subject: ' ' })).toBe(
      TEMPLATE_MESSAGES.subjectRequired,
    );
    expect(getTemplateError(valid)).toBeNull();
  });
});

describe('settings ranges', () => {
  it('accepts the range limits and refuses outside or fractional values', () => {
    expect(getSettingsError({ maxUploadMb: 1, sessionTimeoutMinutes: 480 })).toBeNull();
    expect(getSettingsError({ maxUploadMb: 100, sessionTimeoutMinutes: 15 })).toBeNull();
    expect(getSettingsError({ maxUploadMb: 0, sessionTimeoutMinutes: 60 })).toMatch(/upload size/);
    expect(getSettingsError({ maxUploadMb: 1.5, sessionTimeoutMinutes: 60 })).toMatch(
      /upload size/,
    );
    expect(getSettingsError({ maxUploadMb: 10, sessionTimeoutMinutes: 481 })).toMatch(
      /Session timeout/,
    );
  });
});

describe('audit date range', () => {
  it('covers whole local days', () => {
    const range = toAuditRange({ fromDate: '2024-05-01', toDate: '2024-05-01' });
    expect(new Date(range.from!).getTime()).toBe(new Date(2024, 4, 1, 0, 0, 0, 0).getTime());
    expect(new Date(range.to!).getTime()).toBe(new Date(2024, 4, 1, 23, 59, 59, 999).getTime());
    expect(toAuditRange({ fromDate: '', toDate: '' })).toEqual({ from: undefined, to: undefined });
  });
});
