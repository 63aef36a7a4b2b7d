import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '#src/components/ui/button.tsx';
import { Card } from '#src/components/ui/card.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { SYSTEM_REFETCH_MS, useSystemOverview } from '#src/features/admin/api/system-api.ts';
import { JobQueueTable } from './job-queue-table.tsx';
import { SystemHealth } from './system-health.tsx';
import { SystemInstances } from './system-instances.tsx';
import { SystemMigrations } from './system-migrations.tsx';

const REFRESH_SECONDS = SYSTEM_REFETCH_MS / 1000;
/** With seconds: the page reads again within the minute. */
const CHECKED_AT_FORMAT = new Intl.DateTimeFormat('en-GB', { timeStyle: 'medium' });
const formatCheckedAt = (value: string) => CHECKED_AT_FORMAT.format(new Date(value));

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card className="p-5">
      <section aria-labelledby={id}>
        <h3 id={id} className="mb-3 text-base font-semibold text-ink">
          {title}
        </h3>
        {children}
      </section>
    </Card>
  );
}

/**
 * Admin 'System' tab: the operators' view of the deployment (GET /api/admin/system). It reads
 * again every 15 seconds, and on Refresh.
 */
export function SystemTab() {
  const system = useSystemOverview();
  const { data, error } = system;

  return (
    <section aria-labelledby="system-heading" className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="system-heading" className="text-lg font-semibold text-ink">
            System
          </h2>
          <p className="mt-1 text-sm text-ink-muted">
            {data ? `Checked at ${formatCheckedAt(data.checkedAt)}; ` : ''}
            refreshes every {REFRESH_SECONDS} seconds.
          </p>
        </div>
        <Button
          variant="secondary"
          onClick={() => void system.refetch()}
          disabled={system.isFetching}
        >
          <RefreshCw className="h-4 w-4" aria-hidden />
          {system.isFetching ? 'Refreshing…' : 'Refresh'}
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {data ? 'Could not refresh the system status' : 'Failed to load the system status'}:{' '}
          {getErrorMessage(error, 'the server did not answer')}
          {data ? `. Shown as checked at ${formatCheckedAt(data.checkedAt)}.` : ''}
        </p>
      ) : null}
      {data ? (
        <>
          <Part id="system-health-heading" title="Health">
            <SystemHealth health={data.health} />
          </Part>
          <Part id="system-version-heading" title="Version and migrations">
            <SystemMigrations build={data.build} migrations={data.migrations} />
          </Part>
          <Part id="system-instances-heading" title="Instances">
            <SystemInstances instances={data.instances} checkedAt={data.checkedAt} />
          </Part>
          <Part id="system-queues-heading" title="Job queues">
            <JobQueueTable queues={data.queues} />
            <p className="mt-2 text-sm text-ink-muted">
              Failed jobs and their retries are under{' '}
              <Link
                to="/dashboard/admin?tab=settings"
                className="text-brand underline underline-offset-2"
              >
                Settings → Jobs
              </Link>
              .
            </p>
          </Part>
        </>
      ) : error ? null : (
        <Skeleton className="h-96 w-full" />
      )}
    </section>
  );
}
