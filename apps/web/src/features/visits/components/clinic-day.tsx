import {
  SIGN_IN_OUTCOMES,
  VISIT_MESSAGES,
  VISIT_STATE_LABELS,
  VISIT_TEXTS,
  VISIT_TYPE_LABELS,
  ZSignInSheetRequest,
  type SignInOutcome,
  type TVisit,
} from '@casebridge/domain/visits/visit.schemas';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { Input, Label, Select } from '#src/components/ui/input.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { ApiError, getErrorMessage } from '#src/lib/api-client.ts';
import { getTodayIsoDate } from '#src/lib/format.ts';
import { useClinicDay, useSaveSignInSheet } from '#src/features/visits/api/visits-api.ts';
import { VisitStateBadge } from './visit-item.tsx';

type Marks = Record<string, SignInOutcome>;

const SIGN_IN_LABELS: Record<SignInOutcome, string> = {
  attended: VISIT_STATE_LABELS.attended,
  no_show: VISIT_STATE_LABELS.no_show,
};

/** The rows a refused save named (`entries[i]`), by visit id, with their messages. */
function rowErrorsOf(failure: unknown, sent: ReadonlyArray<{ visitId: string }>) {
  const errors: Record<string, string> = {};
  if (!(failure instanceof ApiError)) return errors;
  const details = (
    failure.body as { error?: { details?: Array<{ field: string; message: string }> } }
  )?.error?.details;
  for (const detail of details ?? []) {
    const index = /^entries\[(\d+)\]$/.exec(detail.field)?.[1];
    const row = index === undefined ? undefined : sent[Number(index)];
    if (row) errors[row.visitId] = detail.message;
  }
  return errors;
}

/** One visit of the day: its sign-in controls while it is scheduled and its day has come. */
function DayRow({
  visit,
  isSheetOpen,
  isSelected,
  mark,
  error,
  onSelect,
  onMark,
}: {
  visit: TVisit;
  isSheetOpen: boolean;
  isSelected: boolean;
  mark: SignInOutcome | undefined;
  error: string | undefined;
  onSelect: (isSelected: boolean) => void;
  onMark: (outcome: SignInOutcome | undefined) => void;
}) {
  const id = useId();
  const isMarkable = isSheetOpen && visit.state === 'scheduled';
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-border bg-surface p-3">
      {isMarkable ? (
        <input
          type="checkbox"
          className="h-4 w-4"
          checked={isSelected}
          onChange={(event) => onSelect(event.target.checked)}
          aria-label={VISIT_TEXTS.select(visit.patientName)}
        />
      ) : null}
      <span className="w-12 font-medium tabular-nums text-ink">{visit.time}</span>
      <div className="min-w-0 flex-1">
        <Link
          to={`/patients/${visit.patientId}?tab=visits`}
          className="font-medium text-brand hover:underline"
        >
          {visit.patientName}
        </Link>
        <p className="text-sm text-ink-muted">{VISIT_TYPE_LABELS[visit.type]}</p>
      </div>
      {isMarkable ? (
        <div>
          <Label htmlFor={`${id}-outcome`} className="sr-only">
            {VISIT_TEXTS.signInOutcome(visit.patientName)}
          </Label>
          <Select
            id={`${id}-outcome`}
            value={mark ?? ''}
            onChange={(event) =>
              onMark((event.target.value || undefined) as SignInOutcome | undefined)
            }
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          >
            <option value="">{VISIT_TEXTS.signInNone}</option>
            {SIGN_IN_OUTCOMES.map((outcome) => (
              <option key={outcome} value={outcome}>
                {SIGN_IN_LABELS[outcome]}
              </option>
            ))}
          </Select>
        </div>
      ) : (
        <VisitStateBadge visit={visit} />
      )}
      {error ? (
        <p id={`${id}-error`} className="w-full text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </li>
  );
}

/**
 * The clinic's visits of one day, with the sign-in sheet: select the patients who came (or did
 * not), mark them, and Save records every marked visit at once, or none. A refused save keeps the
 * marks and names each row at fault.
 */
export function ClinicDay({
  clinicId,
  day,
  onDayChange,
}: {
  clinicId: string;
  day: string;
  onDayChange: (day: string) => void;
}) {
  const id = useId();
  const query = useClinicDay(clinicId, day);
  const save = useSaveSignInSheet(clinicId);
  const [marks, setMarks] = useState<Marks>({});
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});
  const isSheetOpen = day <= getTodayIsoDate();
  const visits = query.data?.visits ?? [];
  const scheduled = visits.filter((visit) => visit.state === 'scheduled');
  const entries = scheduled.flatMap((visit) =>
    marks[visit.id]
      ? [{ visitId: visit.id, outcome: marks[visit.id]!, version: visit.version }]
      : [],
  );

  function changeDay(next: string) {
    setMarks({});
    setSelected(new Set());
    setRowErrors({});
    onDayChange(next);
  }

  function markSelected(outcome: SignInOutcome) {
    setMarks((current) => {
      const next = { ...current };
      for (const visitId of selected) next[visitId] = outcome;
      return next;
    });
  }

  async function handleSave() {
    const parsed = ZSignInSheetRequest.safeParse({ date: day, entries });
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? VISIT_MESSAGES.signInFailed);
      return;
    }
    try {
      await save.mutateAsync(parsed.data);
      toast.success(VISIT_MESSAGES.signInSaved(entries.length));
      setMarks({});
      setSelected(new Set());
      setRowErrors({});
    } catch (failure) {
      const errors = rowErrorsOf(failure, entries);
      setRowErrors(errors);
      // The rows say what is wrong with each; the toast says that nothing was recorded.
      toast.error(
        Object.keys(errors).length > 0
          ? VISIT_MESSAGES.signInFailed
          : getErrorMessage(failure, VISIT_MESSAGES.signInFailed),
      );
    }
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <Label htmlFor={`${id}-day`}>{VISIT_TEXTS.dayPicker}</Label>
          <Input
            id={`${id}-day`}
            type="date"
            value={day}
            onChange={(event) => {
              if (event.target.value) changeDay(event.target.value);
            }}
          />
        </div>
      </div>
      {query.isPending ? (
        <Skeleton className="h-48 w-full" />
      ) : query.isError ? (
        <p role="alert" className="rounded-lg border border-border bg-surface p-4 text-ink">
          {getErrorMessage(query.error, VISIT_MESSAGES.loadFailed)}
        </p>
      ) : visits.length === 0 ? (
        <p className="text-sm text-ink-muted">{VISIT_TEXTS.dayEmpty}</p>
      ) : (
        <>
          {isSheetOpen && scheduled.length > 0 ? (
            <div className="flex flex-wrap items-center gap-2">
              <label className="inline-flex items-center gap-2 text-sm text-ink">
                <input
                  type="checkbox"
                  className="h-4 w-4"
                  checked={selected.size === scheduled.length}
                  onChange={(event) =>
                    setSelected(
                      event.target.checked
                        ? new Set(scheduled.map((visit) => visit.id))
                        : new Set(),
                    )
                  }
                />
                {VISIT_TEXTS.selectAll}
              </label>
              <Button
                size="sm"
                variant="secondary"
                disabled={selected.size === 0}
                onClick={() => markSelected('attended')}
              >
                {VISIT_TEXTS.markSelectedAttended}
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={selected.size === 0}
                onClick={() => markSelected('no_show')}
              >
                {VISIT_TEXTS.markSelectedNoShow}
              </Button>
            </div>
          ) : null}
          <ul className="space-y-2" aria-label={VISIT_TEXTS.dayPageTitle}>
            {visits.map((visit) => (
              <DayRow
                key={visit.id}
                visit={visit}
                isSheetOpen={isSheetOpen}
                isSelected={selected.has(visit.id)}
                mark={marks[visit.id]}
                error={rowErrors[visit.id]}
                onSelect={(isSelected) =>
                  setSelected((current) => {
                    const next = new Set(current);
                    if (isSelected) next.add(visit.id);
                    else next.delete(visit.id);
                    return next;
                  })
                }
                onMark={(outcome) =>
                  setMarks((current) => {
                    const next = { ...current };
                    if (outcome) next[visit.id] = outcome;
                    else delete next[visit.id];
                    return next;
                  })
                }
              />
            ))}
          </ul>
          {isSheetOpen && scheduled.length > 0 ? (
            <div className="flex items-center gap-3">
              <Button onClick={handleSave} disabled={save.isPending}>
                {VISIT_TEXTS.saveSheet}
              </Button>
              <span className="text-sm text-ink-muted" aria-live="polite">
                {VISIT_TEXTS.marked(entries.length)}
              </span>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
