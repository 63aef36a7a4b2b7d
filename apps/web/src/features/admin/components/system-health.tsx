import type { TSystemOverview } from '@casebridge/domain/admin/system.schemas';
import type { BadgeColor } from '@casebridge/domain/badge-colors';
import { DEPENDENCY_LABELS } from '@casebridge/domain/health.schemas';
import { Badge } from '#src/components/ui/badge.tsx';
import { TableHead } from '#src/components/ui/table-rows.tsx';
import { TableScroll } from '#src/components/ui/table-scroll.tsx';

type Health = TSystemOverview['health'];
type State = Health['status'] | Health['checks'][number]['status'];

/** Each state in words, its colour only repeating them. */
const STATES: Record<State, { label: string; tone: BadgeColor }> = {
  ok: { label: 'OK', tone: 'green' },
  degraded: { label: 'Degraded', tone: 'yellow' },
  down: { label: 'Down', tone: 'red' },
  full: { label: 'Full', tone: 'red' },
  unavailable: { label: 'Unavailable', tone: 'red' },
  not_configured: { label: 'Not configured', tone: 'gray' },
};

const OVERALL: Record<Health['status'], string> = {
  ok: 'Every dependency answers.',
  degraded: 'The instance serves, but a part is down.',
  unavailable: 'The instance cannot serve: the load balancer takes it out.',
};

export function StateBadge({ state }: { state: State }) {
  return <Badge tone={STATES[state].tone}>{STATES[state].label}</Badge>;
}

/** The dependencies as GET /api/health checks them, each with what its state means. */
export function SystemHealth({ health }: { health: Health }) {
  return (
    <div>
      <p className="mb-3 flex flex-wrap items-center gap-2 text-sm text-ink">
        <span className="font-medium">Overall:</span>
        <StateBadge state={health.status} />
        <span className="text-ink-muted">{OVERALL[health.status]}</span>
      </p>
      <TableScroll label="Dependencies">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Dependencies of this instance and their state</caption>
          <TableHead columns={['Dependency', 'State']} />
          <tbody className="divide-y divide-border">
            {health.checks.map((check) => (
              <tr key={check.name}>
                <th scope="row" className="px-4 py-2 align-top font-medium text-ink">
                  {DEPENDENCY_LABELS[check.name]}
                </th>
                <td className="px-4 py-2">
                  <StateBadge state={check.status} />
                  <span className="mt-1 block break-words text-ink-muted">{check.message}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </div>
  );
}
