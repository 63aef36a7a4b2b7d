import type { ReactNode } from 'react';
import { PageHeading } from '#src/components/ui/page-heading.tsx';
import { DashboardError } from './dashboard-error.tsx';

/** The frame of the clinic, firm and lienholder dashboards: the heading, then the error or the content. */
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
      {error ? <DashboardError error={error} /> : children}
    </div>
  );
}
