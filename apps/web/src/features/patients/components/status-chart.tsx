import {
  getStatusColor,
  TREATMENT_STATUSES,
  type TreatmentStatus,
} from '@casebridge/domain/patients/treatment-status';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Rectangle,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type BarShapeProps,
} from 'recharts';

const FILL = { yellow: '#ca8a04', blue: '#2563eb', purple: '#9333ea', green: '#16a34a' } as const;

/**
 * One bar in its status's colour. Through `shape`, not <Cell> children: recharts keeps its
 * children in a store that freezes them, and Preact (ADR 0015) must be able to write to an
 * element it renders.
 */
function StatusBar(props: BarShapeProps) {
  const { status } = props.payload as { status: TreatmentStatus };
  return <Rectangle {...props} fill={FILL[getStatusColor(status)]} />;
}

/** Patients by status: a bar chart, with the same numbers in a visually hidden table for screen readers. */
export function StatusChart({ byStatus }: { byStatus: Record<TreatmentStatus, number> }) {
  const data = TREATMENT_STATUSES.map((status) => ({
    status,
    short: status.replace('Referred for ', '→ '),
    count: byStatus[status] ?? 0,
  }));
  return (
    <figure
      aria-labelledby="status-chart-title"
      className="rounded-lg border border-border bg-surface p-4"
    >
      <figcaption id="status-chart-title" className="mb-2 font-semibold text-ink">
        Patients by status
      </figcaption>
      <div className="h-72 text-ink-muted" aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={data}
            margin={{ top: 8, right: 8, bottom: 40, left: 0 }}
            accessibilityLayer={false}
          >
            <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.2} />
            <XAxis
              dataKey="short"
              tick={{ fill: 'currentColor', fontSize: 11 }}
              interval={0}
              angle={-25}
              textAnchor="end"
            />
            <YAxis allowDecimals={false} tick={{ fill: 'currentColor', fontSize: 12 }} />
            <Tooltip
              cursor={{ fillOpacity: 0.1 }}
              formatter={(value) => [value, 'Patients']}
              labelFormatter={(_, items) => items[0]?.payload?.status ?? ''}
            />
            <Bar
              dataKey="count"
              radius={[4, 4, 0, 0]}
              isAnimationActive={false}
              shape={StatusBar}
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <table className="sr-only">
        <caption>Patients by status</caption>
        <tbody>
          {data.map((item) => (
            <tr key={item.status}>
              <th scope="row">{item.status}</th>
              <td>{item.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
