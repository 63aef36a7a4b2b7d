import { CASE_UPDATE_TEXTS } from '@casebridge/domain/case-updates/case-updates-constants';
import { AlarmClock } from 'lucide-react';
import { useOverdueCaseUpdates } from '#src/features/case-facts/api/case-updates-api.ts';

/**
 * The dashboards' 'Update overdue' count: how many of the user's own patients their firm owes a
 * case update (GET /case-updates/overdue, computed in SQL). Says nothing while none is.
 */
export function OverdueUpdatesNotice() {
  const overdue = useOverdueCaseUpdates();
  const count = overdue.data?.overdue ?? 0;
  if (count === 0) return null;
  return (
    <p
      role="status"
      className="mb-4 flex flex-wrap items-center gap-2 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <AlarmClock className="h-4 w-4 shrink-0" aria-hidden />
      <span className="font-semibold">
        {CASE_UPDATE_TEXTS.overdue}: {count}
      </span>
      <span>{CASE_UPDATE_TEXTS.overdueHint}</span>
    </p>
  );
}
