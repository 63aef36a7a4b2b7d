import { CASE_UPDATE_TEXTS } from '@casebridge/domain/case-updates/case-updates-constants';
import { AlarmClock, CheckCircle2 } from 'lucide-react';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { cn } from '#src/lib/cn.ts';
import { useOverdueCaseUpdates } from '#src/features/case-facts/api/case-updates-api.ts';

/** One line of the same height whatever it says, so the list under it never moves. */
const LINE = 'mb-4 flex h-12 items-center gap-2 overflow-hidden rounded-lg border px-3 text-sm';

/**
 * The dashboards' 'Update overdue' count: how many of the user's own patients their firm owes a
 * case update (GET /case-updates/overdue, computed in SQL). A placeholder of the same height
 * holds its place while it loads.
 */
export function OverdueUpdatesNotice() {
  const overdue = useOverdueCaseUpdates();
  if (overdue.isPending) return <Skeleton className="mb-4 h-12" />;
  if (overdue.isError) return null;
  const count = overdue.data.overdue;
  if (count === 0)
    return (
      <p role="status" className={cn(LINE, 'border-border bg-surface text-ink-muted')}>
        <CheckCircle2 className="h-4 w-4 shrink-0" aria-hidden />
        {CASE_UPDATE_TEXTS.noneOverdue}
      </p>
    );
  return (
    <p
      role="status"
      className={cn(
        LINE,
        'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
      )}
    >
      <AlarmClock className="h-4 w-4 shrink-0" aria-hidden />
      <span className="shrink-0 font-semibold">
        {CASE_UPDATE_TEXTS.overdue}: {count}
      </span>
      <span className="hidden truncate sm:inline">{CASE_UPDATE_TEXTS.overdueHint}</span>
    </p>
  );
}
