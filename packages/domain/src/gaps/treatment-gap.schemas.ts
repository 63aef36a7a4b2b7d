import { z } from 'zod';
import { versionFields, versionInput } from '../versioning/versioning.ts';
import { MAX_GAP_THRESHOLD_DAYS, MIN_GAP_THRESHOLD_DAYS } from './treatment-gap-constants.ts';

export const GAP_THRESHOLD_MESSAGE = `Enter a whole number of days from ${MIN_GAP_THRESHOLD_DAYS} to ${MAX_GAP_THRESHOLD_DAYS}`;

/** A clinic's threshold: whole days from 1 to 365. */
export const ZGapThresholdDays = z.coerce
  .number({ message: GAP_THRESHOLD_MESSAGE })
  .int(GAP_THRESHOLD_MESSAGE)
  .min(MIN_GAP_THRESHOLD_DAYS, GAP_THRESHOLD_MESSAGE)
  .max(MAX_GAP_THRESHOLD_DAYS, GAP_THRESHOLD_MESSAGE);

/** A clinic's treatment-gap setting: its threshold and the clinic's version. */
export const ZGapSetting = z.object({
  clinicId: z.uuid(),
  clinicName: z.string(),
  thresholdDays: z.number().int(),
  ...versionFields,
});
export type TGapSetting = z.infer<typeof ZGapSetting>;

export const ZUpdateGapSettingRequest = z.object({
  thresholdDays: ZGapThresholdDays,
  ...versionInput,
});
export type TUpdateGapSettingRequest = z.input<typeof ZUpdateGapSettingRequest>;

export const ZGapSettingParams = z.object({ clinicId: z.uuid() });

/** The Gaps filter of the patient lists: `gap=open` lists only patients with an open gap. */
export const ZGapFilter = z.enum(['open']);
