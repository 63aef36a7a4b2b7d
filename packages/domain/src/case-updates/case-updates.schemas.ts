import { z } from 'zod';
import { ZCaseStage } from '../case-facts/case-facts.schemas.ts';
import { versionFields, versionInput } from '../versioning/versioning.ts';
import {
  CASE_UPDATE_KINDS,
  CASE_UPDATE_TEXTS,
  MAX_CASE_UPDATE_INTERVAL_DAYS,
  MAX_CASE_UPDATE_NOTE_LENGTH,
  MIN_CASE_UPDATE_INTERVAL_DAYS,
} from './case-updates-constants.ts';

export {
  CASE_UPDATE_TEXTS,
  DEFAULT_CASE_UPDATE_INTERVAL_DAYS,
  MAX_CASE_UPDATE_INTERVAL_DAYS,
  MAX_CASE_UPDATE_NOTE_LENGTH,
  MIN_CASE_UPDATE_INTERVAL_DAYS,
} from './case-updates-constants.ts';

/** POST /patients/:patientId/case-updates: the firm's short note. */
export const ZPostCaseUpdateRequest = z.object({
  note: z
    .string({ message: CASE_UPDATE_TEXTS.noteRequired })
    .trim()
    .min(1, CASE_UPDATE_TEXTS.noteRequired)
    .max(MAX_CASE_UPDATE_NOTE_LENGTH, CASE_UPDATE_TEXTS.noteTooLong),
});
export type TPostCaseUpdateRequest = z.input<typeof ZPostCaseUpdateRequest>;

/** One entry of the history: a note, or a stage move from the stage history. */
export const ZCaseUpdateEntry = z.object({
  id: z.uuid(),
  kind: z.enum(CASE_UPDATE_KINDS),
  /** The note's text; a stage move's own note, if it had one. */
  note: z.string().nullable(),
  fromStage: ZCaseStage.nullable(),
  toStage: ZCaseStage.nullable(),
  authorName: z.string().nullable(),
  createdAt: z.string(),
});
export type TCaseUpdateEntry = z.infer<typeof ZCaseUpdateEntry>;

/** An open ask of one organisation, answered by the firm's next update. */
export const ZCaseUpdateAsk = z.object({
  id: z.uuid(),
  organizationId: z.uuid(),
  organizationName: z.string(),
  requestedByName: z.string().nullable(),
  requestedAt: z.string(),
});
export type TCaseUpdateAsk = z.infer<typeof ZCaseUpdateAsk>;

/**
 * GET /patients/:patientId/case-updates: the history newest first, the clock (the last update,
 * else the intake), the firm's interval (null without a firm), when the next update is due
 * (null when none is owed), whether it is overdue, and the open asks.
 */
export const ZCaseUpdates = z.object({
  entries: z.array(ZCaseUpdateEntry),
  lastUpdateAt: z.string().nullable(),
  clockFrom: z.string(),
  stage: ZCaseStage,
  intervalDays: z.number().int().nullable(),
  dueAt: z.string().nullable(),
  isOverdue: z.boolean(),
  openAsks: z.array(ZCaseUpdateAsk),
});
export type TCaseUpdates = z.infer<typeof ZCaseUpdates>;

/** GET /case-updates/overdue: how many of the actor's patients are owed an update. */
export const ZCaseUpdatesOverdue = z.object({ overdue: z.number().int() });
export type TCaseUpdatesOverdue = z.infer<typeof ZCaseUpdatesOverdue>;

export const ZCaseUpdateIntervalDays = z
  .number({ message: CASE_UPDATE_TEXTS.settingInvalid })
  .int(CASE_UPDATE_TEXTS.settingInvalid)
  .min(MIN_CASE_UPDATE_INTERVAL_DAYS, CASE_UPDATE_TEXTS.settingInvalid)
  .max(MAX_CASE_UPDATE_INTERVAL_DAYS, CASE_UPDATE_TEXTS.settingInvalid);

/** A firm's case update setting, with the firm's version. */
export const ZCaseUpdateSetting = z.object({
  firmId: z.uuid(),
  firmName: z.string(),
  intervalDays: z.number().int(),
  ...versionFields,
});
export type TCaseUpdateSetting = z.infer<typeof ZCaseUpdateSetting>;

export const ZUpdateCaseUpdateSettingRequest = z.object({
  intervalDays: ZCaseUpdateIntervalDays,
  ...versionInput,
});
export type TUpdateCaseUpdateSettingRequest = z.input<typeof ZUpdateCaseUpdateSettingRequest>;

export const ZCaseUpdateSettingParams = z.object({ firmId: z.uuid() });
