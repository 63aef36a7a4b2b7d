import { BILLING_MESSAGES, RECENT_BILLING_LIMIT } from '@casebridge/domain/billing/billing.schemas';
import { Link } from 'react-router';
import { useBillingSummary } from '#src/features/billing/api/billing-api.ts';
import { TableEmptyRow, TableSkeletonRows } from '#src/components/ui/table-rows.tsx';
import { TableScroll } from '#src/components/ui/table-scroll.tsx';
import { Section } from '#src/components/ui/section.tsx';
import { BillingEntryCells } from './billing-entry-cells.tsx';

const HEAD_CELL = 'px-4 py-2 font-medium';
const COLUMNS = ['Patient', 'CPT Code', 'Sessions', 'Amount', 'Date'] as const;
/**
 * Fixed column widths: the placeholder rows and the lines that replace them lay the table out
 * alike, so no column moves when the data arrives (no layout shift).
 */
const COLUMN_WIDTHS = ['30%', '16%', '14%', '20%', '20%'] as const;

/** The Lienholder Dashboard's 'Recent Billing Activity' across the linked patients, live. */
export function RecentBillingActivity() {
  const summary = useBillingSummary();

  return (
    <Section id="recent-billing-heading" title="Recent Billing Activity" className="mb-6">
      {summary.error ? (
        <p className="rounded-lg border border-border bg-surface p-4 text-ink">
          Failed to load billing activity
        </p>
      ) : (
        <TableScroll label="Recent Billing Activity" className="bg-surface">
          <table className="w-full min-w-[36rem] table-fixed text-left text-sm">
            <caption className="sr-only">Recent Billing Activity</caption>
            <colgroup>
              {COLUMN_WIDTHS.map((width, index) => (
                <col key={COLUMNS[index]} style={{ width }} />
              ))}
            </colgroup>
            <thead className="border-b border-border bg-surface-muted text-ink">
              <tr>
                {COLUMNS.map((column) => (
                  <th
                    key={column}
                    scope="col"
                    className={
                      column === 'Sessions' || column === 'Amount'
                        ? `${HEAD_CELL} text-right`
                        : HEAD_CELL
                    }
                  >
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {summary.isPending ? (
                // As many rows as the list shows at most, each as tall as a line.
                <TableSkeletonRows columns={5} rows={RECENT_BILLING_LIMIT} />
              ) : (
                summary.data.recent.map((entry) => (
                  <tr key={entry.id}>
                    <th scope="row" className="px-4 py-3 font-medium">
                      <Link
                        to={`/patients/${entry.patientId}?tab=billing`}
                        className="text-brand underline-offset-2 hover:underline"
                      >
                        {entry.patientName}
                      </Link>
                    </th>
                    <BillingEntryCells entry={entry} />
                  </tr>
                ))
              )}
              {summary.data?.recent.length === 0 ? (
                <TableEmptyRow columns={5}>{BILLING_MESSAGES.noRecentActivity}</TableEmptyRow>
              ) : null}
            </tbody>
          </table>
        </TableScroll>
      )}
    </Section>
  );
}
