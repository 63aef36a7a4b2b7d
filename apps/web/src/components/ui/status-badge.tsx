import {
  getStatusColor,
  type StatusColor,
  type TreatmentStatus,
} from '@casebridge/domain/patients/treatment-status';
import { cn } from '#src/lib/cn.ts';

/** Spec colours: Referred yellow, Evaluated blue, 'Referred for …' purple, Discharged green. AA in both themes. */
const COLOR_CLASSES: Record<StatusColor, string> = {
  yellow:
    'bg-yellow-100 text-yellow-900 ring-yellow-300 dark:bg-yellow-950 dark:text-yellow-100 dark:ring-yellow-800',
  blue: 'bg-blue-100 text-blue-900 ring-blue-300 dark:bg-blue-950 dark:text-blue-100 dark:ring-blue-800',
  purple:
    'bg-purple-100 text-purple-900 ring-purple-300 dark:bg-purple-950 dark:text-purple-100 dark:ring-purple-800',
  green:
    'bg-green-100 text-green-900 ring-green-300 dark:bg-green-950 dark:text-green-100 dark:ring-green-800',
};

export function StatusBadge({
  status,
  className,
}: {
  status: TreatmentStatus;
  className?: string;
}) {
  const color = getStatusColor(status);
  return (
    <span
      data-color={color}
      className={cn(
        'inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset',
        COLOR_CLASSES[color],
        className,
      )}
    >
      {status}
    </span>
  );
}
