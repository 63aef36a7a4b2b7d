import {
  INSTANCE_SEEN_WITHIN_MS,
  type TServerInstance,
} from '@casebridge/domain/admin/system.schemas';
import { Badge } from '#src/components/ui/badge.tsx';
import { TableEmptyRow, TableHead } from '#src/components/ui/table-rows.tsx';
import { TableScroll } from '#src/components/ui/table-scroll.tsx';
import { formatDateTime } from '#src/lib/format.ts';

const COLUMNS = ['Instance', 'Version', 'Started', 'Last seen'];
const CELL = 'px-4 py-2 text-ink';
const SEEN_SECONDS = INSTANCE_SEEN_WITHIN_MS / 1000;

/** Whole seconds from `earlier` to `later`, never negative (the clocks are two machines'). */
const secondsBefore = (later: string, earlier: string) =>
  Math.max(0, Math.round((Date.parse(later) - Date.parse(earlier)) / 1000));

const versionOf = (instance: TServerInstance) =>
  instance.commit ? `${instance.version} (${instance.commit})` : instance.version;

/** The instances seen in the last minute; a mixed-version deployment says so in words. */
export function SystemInstances({
  instances,
  checkedAt,
}: {
  instances: TServerInstance[];
  /** When the server answered: last seen is told as so many seconds before. */
  checkedAt: string;
}) {
  const versions = [...new Set(instances.map(versionOf))];
  return (
    <div>
      {versions.length > 1 ? (
        <p className="mb-3 rounded-md border border-amber-500 bg-surface-muted p-3 text-sm text-ink">
          <span className="font-medium">Mixed versions:</span> the instances run{' '}
          {versions.join(', ')}.
        </p>
      ) : null}
      <TableScroll label="Instances">
        <table className="w-full min-w-[32rem] text-left text-sm">
          <caption className="sr-only">Instances seen in the last {SEEN_SECONDS} seconds</caption>
          <TableHead columns={COLUMNS} />
          <tbody className="divide-y divide-border">
            {instances.length === 0 ? (
              <TableEmptyRow columns={COLUMNS.length}>
                No instance seen in the last {SEEN_SECONDS} seconds
              </TableEmptyRow>
            ) : (
              instances.map((instance) => (
                <tr key={instance.id}>
                  <th scope="row" className={`${CELL} font-medium`}>
                    <span className="break-all">
                      {instance.hostname}, pid {instance.pid}
                    </span>{' '}
                    {instance.isCurrent ? <Badge tone="blue">this instance</Badge> : null}
                    <span className="block break-all text-xs font-normal text-ink-muted">
                      {instance.id}
                    </span>
                  </th>
                  <td className={CELL}>
                    {instance.version}
                    {instance.commit ? (
                      <span className="block text-xs text-ink-muted">{instance.commit}</span>
                    ) : null}
                  </td>
                  <td className={`${CELL} whitespace-nowrap`}>
                    {formatDateTime(instance.startedAt)}
                  </td>
                  <td className={`${CELL} whitespace-nowrap`}>
                    {secondsBefore(checkedAt, instance.lastSeenAt)} s ago
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </TableScroll>
    </div>
  );
}
