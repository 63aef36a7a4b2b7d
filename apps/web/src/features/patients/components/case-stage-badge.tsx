import {
  CASE_STAGE_LABELS,
  type CaseStage,
} from '@casebridge/domain/case-facts/case-facts-constants';
import {
  CASE_STAGE_COLORS,
  CASE_UPDATE_TEXTS,
} from '@casebridge/domain/case-updates/case-updates-constants';
import { Badge } from '#src/components/ui/badge.tsx';

/**
 * The legal stage on a list row or card ('Demand sent'); a screen reader hears 'Case stage:
 * Demand sent'. Nothing for an older answer without one.
 */
export function CaseStageBadge({ stage }: { stage: CaseStage | undefined }) {
  if (!stage) return null;
  return (
    <Badge
      tone={CASE_STAGE_COLORS[stage]}
      className="max-w-full whitespace-normal break-words px-2 font-medium"
    >
      <span className="sr-only">Case stage: </span>
      {CASE_STAGE_LABELS[stage]}
    </Badge>
  );
}

/** 'Update overdue' while the firm owes the patient's clinics and lienholders a case update. */
export function UpdateOverdueBadge({ isOverdue }: { isOverdue: boolean | undefined }) {
  if (!isOverdue) return null;
  return (
    <Badge
      tone="red"
      outlined
      className="max-w-full whitespace-normal break-words px-2 font-medium"
    >
      {CASE_UPDATE_TEXTS.overdue}
    </Badge>
  );
}
