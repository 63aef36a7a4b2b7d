import { BILLING_MESSAGES } from '@casebridge/domain/billing/billing.schemas';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { formatCents } from '#src/lib/format.ts';
import { useBillingHistory } from '#src/features/billing/api/billing-api.ts';
import { TableEmptyRow, TableSkeletonRows } from '#src/components/ui/table-rows.tsx';
import { TableScroll } from '#src/components/ui/table-scroll.tsx';
import { BillingEntryCells } from './billing-entry-cells.tsx';

const HEAD_CELL = 'px-4 py-2 font-medium';

/** Billing History (CPT Code, Sessions, Amount, Date) with 'Total Medical Specials' below. */
export function BillingHistoryTable({ patientId }: { patientId: string }) {
  const history = useBillingHistory(patientId);

  if (history.error)
    return (
      <p className="rounded-lg border border-border bg-surface p-4 text-ink">
        Failed to load billing history
      </p>
    );

  return (
    <TableScroll label="Billing History" className="bg-surface">
      <table className="w-full min-w-[28rem] text-left text-sm">
        <caption className="sr-only">Billing History</caption>
        <thead className="border-b border-border bg-surface-muted text-ink">
          <tr>
            <th scope="col" className={HEAD_CELL}>
              CPT Code
            </th>
            <th scope="col" className={`${HEAD_CELL} text-right`}>
              Sessions
            </th>
            <th scope="col" className={`${HEAD_CELL} text-right`}>
              Amount
            </th>
            <th scope="col" className={HEAD_CELL}>
              Date
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {history.isPending ? (
            <TableSkeletonRows columns={4} rows={3} />
          ) : (
            history.data.items.map((entry) => (
              <tr key={entry.id}>
                <BillingEntryCells entry={entry} />
              </tr>
            ))
          )}
          {history.data?.items.length === 0 ? (
            <TableEmptyRow columns={4}>{BILLING_MESSAGES.empty}</TableEmptyRow>
          ) : null}
        </tbody>
        <tfoot className="border-t-2 border-border">
          <tr>
            <th scope="row" colSpan={2} className="px-4 py-3 text-left font-semibold text-ink">
              Total Medical Specials
            </th>
            <td className="px-4 py-3 text-right font-semibold tabular-nums text-ink">
              {history.data ? (
                formatCents(history.data.totalCents)
              ) : (
                <Skeleton className="ml-auto h-5 w-20" />
              )}
            </td>
          </tr>
        </tfoot>
      </table>
    </TableScroll>
  );
}
