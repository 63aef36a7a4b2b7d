import {
  CASE_REQUEST_STATUS_LABELS,
  type CaseRequestStatus,
} from '@casebridge/domain/requests/case-request-constants';
import type { BadgeColor } from '@casebridge/domain/badge-colors';
import { Badge } from '#src/components/ui/badge.tsx';

const STATUS_TONES: Record<CaseRequestStatus, BadgeColor> = {
  requested: 'blue',
  acknowledged: 'yellow',
  fulfilled: 'green',
  declined: 'gray',
};

/** The request's status, and 'Overdue' beside it while an open request is past its due date. */
export function RequestBadges({
  status,
  isOverdue,
}: {
  status: CaseRequestStatus;
  isOverdue: boolean;
}) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <Badge tone={STATUS_TONES[status]}>{CASE_REQUEST_STATUS_LABELS[status]}</Badge>
      {isOverdue ? (
        <Badge tone="red" outlined>
          Overdue
        </Badge>
      ) : null}
    </span>
  );
}
