import { BULK_TEXTS } from '@casebridge/domain/patients/bulk-texts';
import { PATIENT_MESSAGES } from '@casebridge/domain/patients/patient-texts';
import { CheckCircle2, CircleAlert, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useUndoStatusChange } from '#src/features/patients/api/patients-api.ts';

/** One patient's line of a bulk action's results. */
export type BulkResultRow = {
  patientId: string;
  /** The patient's name as the list showed it (the server names none it may not show). */
  name: string;
  text: string;
  isDone: boolean;
  /** A status change's undo window, while it is open. */
  undo: { changeId: string; until: string } | null;
};

/** Re-renders when the earliest open undo window closes, so its Undo button goes. */
function useNow(rows: readonly BulkResultRow[]) {
  const [now, setNow] = useState(() => Date.now());
  const next = rows
    .map((row) => (row.undo ? Date.parse(row.undo.until) : Infinity))
    .filter((until) => until > now)
    .reduce((a, b) => Math.min(a, b), Infinity);
  useEffect(() => {
    if (next === Infinity) return undefined;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, next - Date.now()));
    return () => clearTimeout(timer);
  }, [next]);
  return now;
}

/**
 * What a bulk action did, patient by patient: every one is listed, those not done with the
 * reason, and each status change with its own Undo while its window is open.
 */
export function BulkResults({
  rows,
  onDismiss,
}: {
  rows: readonly BulkResultRow[];
  onDismiss: () => void;
}) {
  const now = useNow(rows);
  const undoChange = useUndoStatusChange();
  const [undone, setUndone] = useState<ReadonlySet<string>>(new Set());

  function undo(row: BulkResultRow) {
    if (!row.undo) return;
    undoChange.mutateAsync({ patientId: row.patientId, changeId: row.undo.changeId }).then(
      () => {
        setUndone((previous) => new Set(previous).add(row.patientId));
        toast.success(PATIENT_MESSAGES.statusUndone, { description: row.name });
      },
      (error: unknown) => toast.error(getErrorMessage(error, 'Failed to undo the change')),
    );
  }

  return (
    <section
      aria-label={BULK_TEXTS.resultsTitle}
      className="rounded-lg border border-border bg-surface p-3 shadow-lg"
    >
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold text-ink">{BULK_TEXTS.resultsTitle}</h2>
        <button
          type="button"
          onClick={onDismiss}
          aria-label={BULK_TEXTS.dismissResults}
          className="rounded-md p-2 text-ink-muted hover:bg-surface-muted hover:text-ink"
        >
          <X className="h-4 w-4" aria-hidden />
        </button>
      </div>
      {/* Scrolls when many patients were chosen: focusable so a keyboard can scroll it. */}
      {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <ul tabIndex={0} className="max-h-48 divide-y divide-border overflow-y-auto text-sm">
        {rows.map((row) => {
          const isUndone = undone.has(row.patientId);
          const canUndo = row.undo && !isUndone && Date.parse(row.undo.until) > now;
          const Icon = row.isDone ? CheckCircle2 : CircleAlert;
          return (
            <li key={row.patientId} className="flex flex-wrap items-center gap-2 py-2">
              <Icon
                className={`h-4 w-4 shrink-0 ${row.isDone ? 'text-brand' : 'text-danger'}`}
                aria-hidden
              />
              <span className="font-medium text-ink">{row.name}</span>
              <span className="min-w-0 flex-1 text-ink">
                {isUndone ? PATIENT_MESSAGES.statusUndone : row.text}
              </span>
              {canUndo ? (
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => undo(row)}
                  aria-label={`Undo: ${row.name}`}
                >
                  Undo
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
