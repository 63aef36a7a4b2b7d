import {
  LIEN_MESSAGES,
  type PortfolioSort,
  type SortDirection,
} from '@casebridge/domain/liens/lien-ledger-constants';
import type { TPortfolioRow } from '@casebridge/domain/liens/lien-ledger.schemas';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '#src/components/ui/badge.tsx';
import { StatusBadge } from '#src/components/ui/status-badge.tsx';
import { TableEmptyRow, TableSkeletonRows } from '#src/components/ui/table-rows.tsx';
import { TableScroll } from '#src/components/ui/table-scroll.tsx';
import { formatCents } from '#src/lib/format.ts';

export type PortfolioOrder = { sort: PortfolioSort; direction: SortDirection };

type Column = {
  sort: PortfolioSort;
  label: string;
  width: string;
  adminWidth: string;
  isNumeric?: boolean;
};

/**
 * Fixed widths (`table-fixed`, one for the lienholder's seven columns, one with the admin's
 * Lienholder column): the placeholder rows and the rows that replace them lay the table out
 * alike, so no header moves when the data arrives.
 */
const COLUMNS: readonly Column[] = [
  { sort: 'patient', label: 'Patient', width: '20%', adminWidth: '16%' },
  { sort: 'lienholder', label: 'Lienholder', width: '0%', adminWidth: '14%' },
  { sort: 'status', label: 'Case status', width: '18%', adminWidth: '16%' },
  {
    sort: 'days_since_treatment',
    label: 'Days since treatment',
    width: '14%',
    adminWidth: '12%',
    isNumeric: true,
  },
  { sort: 'billed', label: 'Billed', width: '12%', adminWidth: '10.5%', isNumeric: true },
  { sort: 'reduced', label: 'Reduced', width: '12%', adminWidth: '10.5%', isNumeric: true },
  { sort: 'paid', label: 'Paid', width: '12%', adminWidth: '10.5%', isNumeric: true },
  { sort: 'balance', label: 'Balance', width: '12%', adminWidth: '10.5%', isNumeric: true },
];

const CELL = 'px-4 py-3';
const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/**
 * The portfolio: one row per lien with its figures; every header sorts (a second press turns the
 * order round) and says how the table is sorted (aria-sort). The lienholder column is shown to
 * administrators only, who see several lienholders.
 */
export function PortfolioTable({
  rows,
  isPending,
  showLienholder,
  order,
  onSort,
}: {
  rows: readonly TPortfolioRow[] | undefined;
  isPending: boolean;
  showLienholder: boolean;
  order: PortfolioOrder;
  onSort: (order: PortfolioOrder) => void;
}) {
  const columns = COLUMNS.filter((column) => showLienholder || column.sort !== 'lienholder');
  return (
    // A fixed height that scrolls inside: the page below does not move when the rows arrive,
    // however many there are (no layout shift).
    <TableScroll label="Portfolio" className="h-[28rem] overflow-y-auto bg-surface">
      <table className="w-full min-w-[48rem] table-fixed text-left text-sm">
        <caption className="sr-only">Portfolio, sorted by {labelOf(order.sort)}</caption>
        <colgroup>
          {columns.map((column) => (
            <col
              key={column.sort}
              style={{ width: showLienholder ? column.adminWidth : column.width }}
            />
          ))}
        </colgroup>
        <thead className="sticky top-0 z-10 border-b border-border bg-surface-muted text-ink">
          <tr>
            {columns.map((column) => {
              const isSorted = order.sort === column.sort;
              const Icon = isSorted
                ? order.direction === 'asc'
                  ? ArrowUp
                  : ArrowDown
                : ArrowUpDown;
              return (
                <th
                  key={column.sort}
                  scope="col"
                  aria-sort={isSorted ? ARIA_SORT[order.direction] : 'none'}
                  className={`px-2 py-1 font-medium ${column.isNumeric ? 'text-right' : ''}`}
                >
                  <button
                    type="button"
                    className="inline-flex items-center gap-1 rounded px-2 py-1 hover:bg-surface focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand"
                    onClick={() =>
                      onSort({
                        sort: column.sort,
                        direction: isSorted && order.direction === 'asc' ? 'desc' : 'asc',
                      })
                    }
                  >
                    {column.label}
                    <Icon className="h-3.5 w-3.5" aria-hidden />
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {isPending ? <TableSkeletonRows columns={columns.length} rows={5} /> : null}
          {rows?.length === 0 ? (
            <TableEmptyRow columns={columns.length}>{LIEN_MESSAGES.portfolioEmpty}</TableEmptyRow>
          ) : null}
          {rows?.map((row) => (
            <tr key={`${row.patientId}-${row.lienholderId}`}>
              <th scope="row" className={`${CELL} font-medium`}>
                <Link
                  to={`/patients/${row.patientId}?tab=billing`}
                  className="text-brand underline-offset-2 hover:underline"
                >
                  {row.patientName}
                </Link>
              </th>
              {showLienholder ? <td className={CELL}>{row.lienholderName}</td> : null}
              <td className={CELL}>
                <StatusBadge status={row.treatmentStatus} />
              </td>
              <td className={`${CELL} text-right tabular-nums`}>
                {row.daysSinceTreatment ?? '—'}
                {row.hasGap ? (
                  <Badge tone="red" className="ml-2">
                    Gap
                  </Badge>
                ) : null}
              </td>
              <td className={`${CELL} text-right tabular-nums`}>{formatCents(row.billedCents)}</td>
              <td className={`${CELL} text-right tabular-nums`}>{formatCents(row.reducedCents)}</td>
              <td className={`${CELL} text-right tabular-nums`}>{formatCents(row.paidCents)}</td>
              <td className={`${CELL} text-right font-semibold tabular-nums`}>
                {formatCents(row.balanceCents)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

const labelOf = (sort: PortfolioSort) =>
  COLUMNS.find((column) => column.sort === sort)?.label.toLowerCase() ?? sort;
