import { z } from 'zod';
import { cursorPage, cursorQuery } from '../common.schemas.ts';
import { MAIL_OUTBOX_PAGE_SIZE } from '../constants.ts';

/** Toasts of spec section 8 for the admin tools. */
export const SYSTEM_TOOL_MESSAGES = {
  databaseCheckFailed: 'Firestore connection test failed - check console',
  integrationCheckFailed: 'Integration verification failed - check console',
  checksPassed: 'All health checks passed',
  seedFailed: 'Failed to seed data',
  seeded: 'Demo data loaded',
  alreadySeeded: 'Demo data is already loaded',
  demoDataDisabled: 'Demo data is disabled on this server',
} as const;

export const HEALTH_CHECK_IDS = ['database', 'storage', 'mail'] as const;
export type HealthCheckId = (typeof HEALTH_CHECK_IDS)[number];

export const HEALTH_CHECK_LABELS: Record<HealthCheckId, string> = {
  database: 'Database write, read and delete',
  storage: 'File storage write, read and delete',
  mail: 'Mail transport',
};

export const ZHealthCheckResult = z.object({
  id: z.enum(HEALTH_CHECK_IDS),
  status: z.enum(['passed', 'failed', 'not_configured']),
  detail: z.string(),
  durationMs: z.number().int(),
});
export type THealthCheckResult = z.infer<typeof ZHealthCheckResult>;

export const ZHealthCheckReport = z.object({
  checks: z.array(ZHealthCheckResult),
  ranAt: z.string(),
});
export type THealthCheckReport = z.infer<typeof ZHealthCheckReport>;

export const ZSystemToolsStatus = z.object({
  demoDataEnabled: z.boolean(),
  mailConfigured: z.boolean(),
});
export type TSystemToolsStatus = z.infer<typeof ZSystemToolsStatus>;

export const ZSeedDemoResult = z.object({ seeded: z.boolean(), reason: z.string().nullable() });
export type TSeedDemoResult = z.infer<typeof ZSeedDemoResult>;

/** 'sending': claimed by a mail worker right now (or by one that died, until its lease ends). */
export const MAIL_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const ZMailOutboxItem = z.object({
  id: z.uuid(),
  kind: z.string(),
  toAddress: z.string(),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type TMailOutboxItem = z.infer<typeof ZMailOutboxItem>;

/**
 * messageId: the Message-ID every send of this mail carries, to recognise a duplicate.
 * hiddenLinks: how many links in `text` had their token hidden (only the recipient may use an
 * invitation, reset or confirmation link).
 */
export const ZMailOutboxDetail = ZMailOutboxItem.extend({
  text: z.string(),
  messageId: z.string(),
  hiddenLinks: z.number().int().nonnegative(),
});
export type TMailOutboxDetail = z.infer<typeof ZMailOutboxDetail>;

export const ZListMailOutboxQuery = z.object({
  status: z.enum(MAIL_STATUSES).optional(),
  search: z.string().trim().max(200).optional(),
  /** `cursor`: the id of the last e-mail already shown; the page holds those after it. */
  ...cursorQuery({ default: MAIL_OUTBOX_PAGE_SIZE }, z.uuid()),
});
export type TListMailOutboxQuery = z.input<typeof ZListMailOutboxQuery>;

export const ZMailOutboxPage = cursorPage(ZMailOutboxItem, {
  /** The e-mails matching, counted up to MAIL_OUTBOX_COUNT_CAP. */
  total: z.number().int(),
  isTotalCapped: z.boolean(),
});
export type TMailOutboxPage = z.infer<typeof ZMailOutboxPage>;

/** 'Retry all failed': how many failed mails went back to the queue. */
export const ZRetryFailedMailResult = z.object({ retried: z.number().int() });
export type TRetryFailedMailResult = z.infer<typeof ZRetryFailedMailResult>;

export const MAIL_OUTBOX_MESSAGES = {
  retried: 'E-mail queued for another attempt',
  retriedAll: (count: number) =>
    count === 0
      ? 'No failed e-mails to retry'
      : `${count} failed ${count === 1 ? 'e-mail' : 'e-mails'} queued for another attempt`,
  retryFailed: 'Failed to retry the e-mail',
  notFailed: 'Only a failed e-mail can be retried; this one is not failed.',
} as const;
