import { z } from 'zod';
import { versionInput } from '../versioning/versioning.ts';
import { ZSettings } from './settings.schemas.ts';

export const SETTINGS_MESSAGES = {
  saved: 'Settings saved successfully',
  saveFailed: 'Failed to save settings',
  smsUnavailable: 'SMS notifications are unavailable: no SMS provider is configured',
} as const;

/**
 * What an admin may save: every setting, with SMS held off because no SMS provider exists, from
 * the version named by `If-Match` or `version`.
 */
export const ZUpdateSettingsRequest = ZSettings.extend(versionInput).refine(
  (value) => value.smsNotificationsEnabled === false,
  { message: SETTINGS_MESSAGES.smsUnavailable, path: ['smsNotificationsEnabled'] },
);
export type TUpdateSettingsRequest = z.infer<typeof ZUpdateSettingsRequest>;
