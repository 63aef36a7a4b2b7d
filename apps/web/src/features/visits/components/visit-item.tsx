import {
  VISIT_MESSAGES,
  VISIT_STATE_COLORS,
  VISIT_STATE_LABELS,
  VISIT_TEXTS,
  VISIT_TYPE_LABELS,
  type TVisit,
  type VisitOutcome,
} from '@casebridge/domain/visits/visit.schemas';
import { useState } from 'react';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { getTodayIsoDate } from '#src/lib/format.ts';
import { useRecordVisitOutcome } from '#src/features/visits/api/visits-api.ts';
import { CorrectVisitDialog } from './correct-visit-dialog.tsx';
import { RescheduleDialog } from './reschedule-dialog.tsx';
import { saveWithToast } from './visit-fields.tsx';

/** A visit's state as a coloured badge. */
export function VisitStateBadge({ visit }: { visit: Pick<TVisit, 'state'> }) {
  return <Badge tone={VISIT_STATE_COLORS[visit.state]}>{VISIT_STATE_LABELS[visit.state]}</Badge>;
}

/** The outcome controls of a visit the user keeps: attended or no-show once its day has come. */
function VisitActions({ visit }: { visit: TVisit }) {
  const record = useRecordVisitOutcome();
  const [dialog, setDialog] = useState<'reschedule' | 'correct' | null>(null);
  const hasCome = visit.date <= getTodayIsoDate();
  const label = `${VISIT_TYPE_LABELS[visit.type]}, ${visit.date} ${visit.time}`;

  function give(outcome: Exclude<VisitOutcome, 'rescheduled'>) {
    return saveWithToast(
      () => record.mutateAsync({ visit, body: { outcome } }),
      VISIT_MESSAGES.recorded,
    );
  }

  return (
    <div className="flex flex-wrap gap-2">
      {visit.state === 'scheduled' ? (
        <>
          {hasCome ? (
            <>
              <Button
                size="sm"
                disabled={record.isPending}
                onClick={() => give('attended')}
                aria-label={`${VISIT_TEXTS.markAttended}: ${label}`}
              >
                {VISIT_TEXTS.markAttended}
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={record.isPending}
                onClick={() => give('no_show')}
                aria-label={`${VISIT_TEXTS.markNoShow}: ${label}`}
              >
                {VISIT_TEXTS.markNoShow}
              </Button>
            </>
          ) : null}
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setDialog('reschedule')}
            aria-label={`${VISIT_TEXTS.reschedule}: ${label}`}
          >
            {VISIT_TEXTS.reschedule}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={record.isPending}
            onClick={() => give('cancelled')}
            aria-label={`${VISIT_TEXTS.cancel}: ${label}`}
          >
            {VISIT_TEXTS.cancel}
          </Button>
        </>
      ) : null}
      <Button
        size="sm"
        variant="ghost"
        onClick={() => setDialog('correct')}
        aria-label={`${VISIT_TEXTS.correct}: ${label}`}
      >
        {VISIT_TEXTS.correct}
      </Button>
      {dialog === 'reschedule' ? (
        <RescheduleDialog
          visit={visit}
          isOpen
          onOpenChange={(open) => setDialog(open ? 'reschedule' : null)}
        />
      ) : null}
      {dialog === 'correct' ? (
        <CorrectVisitDialog
          visit={visit}
          isOpen
          onOpenChange={(open) => setDialog(open ? 'correct' : null)}
        />
      ) : null}
    </div>
  );
}

/** One visit of the patient's list; its controls when the user keeps its clinic's visits. */
export function VisitItem({
  visit,
  linked,
  isEditable,
}: {
  visit: TVisit;
  /** The visit it was rescheduled to or from, if in the list. */
  linked: { to: TVisit | undefined; from: TVisit | undefined };
  isEditable: boolean;
}) {
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-border bg-surface p-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2 font-medium text-ink">
          <span>
            {visit.date} {visit.time}
          </span>
          <span>{VISIT_TYPE_LABELS[visit.type]}</span>
          <VisitStateBadge visit={visit} />
        </p>
        <p className="text-sm text-ink-muted">{visit.clinicName}</p>
        {linked.to ? (
          <p className="text-sm text-ink-muted">
            {VISIT_TEXTS.rescheduledTo} {linked.to.date} {linked.to.time}
          </p>
        ) : null}
        {linked.from ? (
          <p className="text-sm text-ink-muted">
            {VISIT_TEXTS.rescheduledFrom} {linked.from.date} {linked.from.time}
          </p>
        ) : null}
        {visit.note ? <p className="whitespace-pre-wrap text-sm text-ink">{visit.note}</p> : null}
        {visit.recordedByName ? (
          <p className="text-xs text-ink-muted">{VISIT_TEXTS.recordedBy(visit.recordedByName)}</p>
        ) : null}
      </div>
      {isEditable ? <VisitActions visit={visit} /> : null}
    </li>
  );
}
