import { z } from 'zod';

/** The outcome of walking the audit hash chain (docs/architecture.md, '5. Audit'). */
export const ZAuditChainReport = z.object({
  intact: z.boolean(),
  /** Rows checked: all of them when intact, else those before the broken one. */
  rows: z.number().int().nonnegative(),
  /** The first row whose hash or link to the row before does not match. */
  brokenAtId: z.number().int().positive().nullable(),
});
export type TAuditChainReport = z.infer<typeof ZAuditChainReport>;

/** One line for the admin tool and `npm run audit:verify`. */
export function describeAuditChain(report: TAuditChainReport): string {
  return report.brokenAtId === null
    ? `Audit chain intact: ${report.rows} rows`
    : `Audit chain broken at row #${report.brokenAtId}`;
}
