import { formatGapBadge } from '@casebridge/domain/gaps/treatment-gap';
import { Badge } from '#src/components/ui/badge.tsx';

/**
 * 'Gap: 17 days' while the patient has an open treatment gap; nothing otherwise. A
 * screen reader hears 'Treatment gap: 17 days'.
 */
export function GapBadge({ days }: { days: number | null | undefined }) {
  if (days === null || days === undefined) return null;
  return (
    <Badge tone="red" outlined className="whitespace-nowrap px-2.5 font-medium">
      <span className="sr-only">Treatment </span>
      {formatGapBadge(days)}
    </Badge>
  );
}
