import { describe, expect, it } from 'vitest';
import { ZUpdateSettingsRequest } from './settings-admin.schemas.ts';
import { DEFAULT_SETTINGS, SETTINGS_RANGE_MESSAGES } from './settings.schemas.ts';

const messages = (values: Record<string, unknown>) =>
  ZUpdateSettingsRequest.safeParse({ ...DEFAULT_SETTINGS, ...values }).error?.issues.map(
    (issue) => issue.message,
  );

describe('settings ranges', () => {
  it('accepts the range limits and refuses outside or fractional values, in field order', () => {
    expect(messages({ maxUploadMb: 1, sessionTimeoutMinutes: 480 })).toBeUndefined();
    expect(messages({ maxUploadMb: 100, sessionTimeoutMinutes: 15 })).toBeUndefined();
    expect(messages({ maxUploadMb: 0 })).toEqual([SETTINGS_RANGE_MESSAGES.maxUploadMb]);
    expect(messages({ maxUploadMb: 1.5 })).toEqual([SETTINGS_RANGE_MESSAGES.maxUploadMb]);
    expect(messages({ sessionTimeoutMinutes: 481 })).toEqual([
      SETTINGS_RANGE_MESSAGES.sessionTimeoutMinutes,
    ]);
    expect(messages({ maxUploadMb: 101, sessionTimeoutMinutes: 14 })).toEqual([
      SETTINGS_RANGE_MESSAGES.maxUploadMb,
      SETTINGS_RANGE_MESSAGES.sessionTimeoutMinutes,
    ]);
  });

  it('words an empty number field (NaN in the form) like a value out of range', () => {
    expect(messages({ maxUploadMb: Number.NaN })).toEqual([SETTINGS_RANGE_MESSAGES.maxUploadMb]);
  });
});
