import { z } from 'zod';

/**
 * Why the walk stopped at a row: its link to the row before, its own hash, an unkeyed row after
 * a keyed one (recomputed without the key), a key the configuration does not hold, or the
 * checkpoint's row missing (a cut tail) or holding another hash (a rewritten chain).
 */
export const ZAuditChainBreak = z.enum([
  'link',
  'hash',
  'unkeyed',
  'unknown-key',
  'checkpoint-missing',
  'checkpoint-differs',
]);
export type TAuditChainBreak = z.infer<typeof ZAuditChainBreak>;

/** The chain's last row as recorded outside the table: a backup's manifest, the checkpoint log. */
export const ZAuditCheckpoint = z.object({
  id: z.number().int().positive(),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
});
export type TAuditCheckpoint = z.infer<typeof ZAuditCheckpoint>;

/** The outcome of walking the audit hash chain (docs/architecture/audit.md). */
export const ZAuditChainReport = z.object({
  intact: z.boolean(),
  /** Rows checked: all of them when intact, else those before the broken one. */
  rows: z.number().int().nonnegative(),
  /** The first row whose hash or link to the row before does not match, or the checkpoint's. */
  brokenAtId: z.number().int().positive().nullable(),
  reason: ZAuditChainBreak.optional(),
  /** The checkpoint the chain was checked against, when one was given and matched. */
  checkpointId: z.number().int().positive().optional(),
});
export type TAuditChainReport = z.infer<typeof ZAuditChainReport>;

/** `<id>:<hash>`, as the checkpoint log prints it and `audit:verify --checkpoint` takes it. */
export function formatAuditCheckpoint(checkpoint: TAuditCheckpoint): string {
  return `${checkpoint.id}:${checkpoint.hash}`;
}

export function parseAuditCheckpoint(text: string): TAuditCheckpoint | null {
  const match = /^(\d+):([0-9a-f]{64})$/.exec(text.trim());
  const parsed = ZAuditCheckpoint.safeParse(
    match ? { id: Number(match[1]), hash: match[2] } : null,
  );
  return parsed.success ? parsed.data : null;
}

const BREAK_TEXT: Record<TAuditChainBreak, string> = {
  link: 'its link to the row before does not match',
  hash: 'its hash does not match its content',
  unkeyed: 'an unkeyed row after keyed ones',
  'unknown-key': 'signed under a key the configuration does not hold',
  'checkpoint-missing': 'the checkpoint row is missing: the log was cut',
  'checkpoint-differs': 'the checkpoint row holds another hash: the log was rewritten',
};

/** One line for the admin tool and `npm run audit:verify`. */
export function describeAuditChain(report: TAuditChainReport): string {
  if (report.brokenAtId === null) {
    const checked =
      report.checkpointId === undefined ? '' : `, checkpoint #${report.checkpointId} matches`;
    return `Audit chain intact: ${report.rows} rows${checked}`;
  }
  const reason = report.reason ? ` (${BREAK_TEXT[report.reason]})` : '';
  return `Audit chain broken at row #${report.brokenAtId}${reason}`;
}
