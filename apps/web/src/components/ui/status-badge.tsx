import { getStatusColor, type TreatmentStatus } from '@casebridge/domain/patients/treatment-status';
import { cn } from '#src/lib/cn.ts';
import { Badge } from './badge.tsx';

/** Spec colours: Referred yellow, Evaluated blue, 'Referred for …' purple, Discharged green. */
export function StatusBadge({
  status,
  className,
}: {
  status: TreatmentStatus;
  className?: string;
}) {
  return (
    <Badge
      tone={getStatusColor(status)}
      outlined
      className={cn('whitespace-nowrap px-2.5 font-medium', className)}
    >
      {status}
    </Badge>
  );
}
