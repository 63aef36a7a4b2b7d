import { formatAuditCheckpoint } from '@casebridge/domain/audit/audit-chain.schemas';
import { defineSchedule } from '#src/jobs/job-definition.ts';
import { getChainHead } from './audit-chain.queries.ts';

const HOUR_MS = 60 * 60_000;

/**
 * Writes the audit chain's last row (`<id>:<hash>`) to the server log every hour: a checkpoint
 * outside the database, for `npm run audit:verify -- --checkpoint <id>:<hash>`. Kept where the
 * logs go, it shows a log whose tail was cut, or that was rewritten whole, since it was written
 * (docs/operations.md, 'Verifying the audit log'). Backups record one too, in their manifest.
 */
export const auditCheckpointJob = defineSchedule({
  name: 'audit.checkpoint',
  everyMs: HOUR_MS,
  timeoutMs: 60_000,
  run: async ({ db, log }) => {
    const head = await getChainHead(db);
    if (head) log.info(`Audit checkpoint ${formatAuditCheckpoint(head)}`);
  },
});
