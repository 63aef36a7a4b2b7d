import type { ReactNode } from 'react';
import { Skeleton } from './skeleton.tsx';

/** A header row of plain column names. */
export function TableHead({ columns }: { columns: readonly string[] }) {
  return (
    <thead className="border-b border-border bg-surface-muted text-ink">
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col" className="px-4 py-2 font-medium">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** Placeholder rows while a table's first page loads: one skeleton bar across every column. */
export function TableSkeletonRows({
  columns,
  rows = 5,
  cellClassName = 'px-4 py-3',
  barClassName = 'h-5 w-full',
}: {
  columns: number;
  rows?: number;
  cellClassName?: string;
  barClassName?: string;
}) {
  return Array.from({ length: rows }, (_, index) => (
    <tr key={index}>
      <td colSpan={columns} className={cellClassName}>
        <Skeleton className={barClassName} />
      </td>
    </tr>
  ));
}

/** The one row a table shows when it has nothing to list. */
export function TableEmptyRow({
  columns,
  padding = 'px-4 py-6',
  children,
}: {
  columns: number;
  /** Cell padding; a denser table passes its own. */
  padding?: string;
  children: ReactNode;
}) {
  return (
    <tr>
      <td colSpan={columns} className={`${padding} text-center text-ink-muted`}>
        {children}
      </td>
    </tr>
  );
}
