import { StatusBadge } from '#src/components/ui/status-badge.tsx';
import { LazyBoundary } from '#src/lib/lazy-boundary.tsx';
import { lazyComponent } from '#src/lib/lazy-component.ts';
import type { StatusTarget } from './status-control.tsx';

// The control validates with the domain schema (zod): it loads after the dashboard (ADR 0015).
const StatusControl = lazyComponent(
  () => import('./status-control.tsx'),
  (module) => module.StatusControl,
);

/**
 * A dashboard row's status: the badge, and for clinics and admins the patient page's own status
 * control (Save, the confirmation, the Undo toast) without leaving the list. Until its code has
 * arrived the badge holds the place, with room for the Edit button beside it.
 */
export function RowStatus({ patient }: { patient: StatusTarget }) {
  return (
    <LazyBoundary
      fallback={
        <span className="flex min-w-0 items-center gap-2">
          <StatusBadge status={patient.treatmentStatus} />
          <span className="h-8 w-8 shrink-0" aria-hidden />
        </span>
      }
    >
      <StatusControl.Component patient={patient} inRow />
    </LazyBoundary>
  );
}
