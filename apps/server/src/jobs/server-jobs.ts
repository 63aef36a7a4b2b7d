import type { Env } from '#src/env.ts';
import { createMailJobs } from '#src/mail/mail-jobs.ts';
import { auditCheckpointJob } from '#src/modules/audit/audit-checkpoint.ts';
import { overdueRemindersJob } from '#src/modules/case-requests/case-requests.service.ts';
import { caseUpdateRemindersJob } from '#src/modules/case-updates/case-update-reminders.ts';
import { notificationDigestsJob } from '#src/modules/notifications/digest.ts';
import { releaseStatusChangesJob } from '#src/modules/patients/patient-status.service.ts';
import { treatmentGapDigestJob } from '#src/modules/treatment-gaps/gap-digest.ts';
import { treatmentGapCheckJob } from '#src/modules/treatment-gaps/treatment-gaps.service.ts';
import { createWebhookJobs, type WebhookJobOptions } from '#src/modules/webhooks/webhook-jobs.ts';
import type { DocumentKeyring } from '#src/storage/document-encryption.ts';
import type { FileStorage } from '#src/storage/file-storage.ts';
import type { AnyJobDefinition } from './job-definition.ts';
import {
  pruneAbandonedUploadsJob,
  pruneEventsJob,
  pruneFailedJobsJob,
  pruneIdempotencyKeysJob,
} from './retention-jobs.ts';

/** Every kind of background work the server does, each defined once beside what it works on. */
export function createServerJobs(deps: {
  env: Env;
  keyring: DocumentKeyring;
  storage: FileStorage;
  webhooks?: Partial<WebhookJobOptions>;
}): AnyJobDefinition[] {
  const { env } = deps;
  return [
    ...createMailJobs({ smtpUrl: env.smtpUrl, from: env.mailFrom, appUrl: env.appUrl }),
    ...createWebhookJobs({
      keyring: deps.keyring,
      isProduction: env.nodeEnv === 'production',
      timeoutMs: env.webhookTimeoutMs,
      ...deps.webhooks,
    }),
    releaseStatusChangesJob,
    treatmentGapCheckJob,
    treatmentGapDigestJob,
    notificationDigestsJob,
    overdueRemindersJob,
    caseUpdateRemindersJob,
    pruneEventsJob,
    pruneIdempotencyKeysJob,
    pruneFailedJobsJob,
    pruneAbandonedUploadsJob(deps.storage),
    auditCheckpointJob,
  ];
}
