import type { ReactNode } from 'react';
import { PageHeading } from '#src/components/ui/page-heading.tsx';
import { DashboardError } from './dashboard-error.tsx';

/**
 * On a phone the patient list (its filters, the list, the selection bar) comes first, right
 * under the heading, so the first patient shows without scrolling; counters and the rest follow.
 */
export const PHONE_LIST_FIRST = 'max-sm:order-first';

/**
 * The frame of the clinic, firm and lienholder dashboards: the heading, then the error or the
 * content, in a column that lets a phone put the list first (PHONE_LIST_FIRST).
 */
export function DashboardPage({
  title,
  description,
  actions,
  error,
  children,
}: {
  title: string;
  description: string;
  actions?: ReactNode;
  error: Error | null;
  children: ReactNode;
}) {
  return (
    <div>
      <PageHeading title={title} description={description} actions={actions} />
      {error ? <DashboardError error={error} /> : <div className="flex flex-col">{children}</div>}
    </div>
  );
}
