import type { TPatientDetail } from '@casebridge/domain/patients/patient.schemas';
import { canEditPatientVisits, canEditVisitsOf } from '@casebridge/domain/visits/visit.policy';
import { VISIT_MESSAGES, VISIT_TEXTS } from '@casebridge/domain/visits/visit.schemas';
import { useId } from 'react';
import { Section } from '#src/components/ui/section.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useCurrentUser } from '#src/lib/auth-context.tsx';
import { useVisits } from '#src/features/visits/api/visits-api.ts';
import { ScheduleVisitForm } from './schedule-visit-form.tsx';
import { VisitItem } from './visit-item.tsx';

/**
 * The patient page's 'Visits' tab: the patient's clinics (and administrators) book visits and
 * record or correct them; the firm and lienholders read them. Live: 'visit.changed' makes the
 * list stale.
 */
export function VisitsTab({ patient }: { patient: TPatientDetail }) {
  const user = useCurrentUser();
  const id = useId();
  const query = useVisits(patient.id);
  const actor = { role: user.role, organizationId: user.organization?.id ?? null };
  const isEditor = canEditPatientVisits(actor, patient);
  if (query.isPending) return <Skeleton className="h-64 w-full" />;
  if (query.isError)
    return (
      <p role="alert" className="rounded-lg border border-border bg-surface p-4 text-ink">
        {getErrorMessage(query.error, VISIT_MESSAGES.loadFailed)}
      </p>
    );
  const { visits } = query.data;
  const byId = new Map(visits.map((visit) => [visit.id, visit]));
  return (
    <div className="space-y-8">
      {isEditor ? <ScheduleVisitForm patient={patient} /> : null}
      <Section id={`${id}-list`} title={VISIT_TEXTS.heading}>
        <p className="mb-3 text-sm text-ink-muted">
          {isEditor ? VISIT_TEXTS.intro : VISIT_TEXTS.readOnlyIntro}
        </p>
        {visits.length === 0 ? (
          <p className="text-sm text-ink-muted">{VISIT_TEXTS.empty}</p>
        ) : (
          <ul className="space-y-2">
            {visits.map((visit) => (
              <VisitItem
                key={visit.id}
                visit={visit}
                linked={{
                  to: visit.rescheduledToId ? byId.get(visit.rescheduledToId) : undefined,
                  from: visit.rescheduledFromId ? byId.get(visit.rescheduledFromId) : undefined,
                }}
                isEditable={canEditVisitsOf(actor, visit.clinicId)}
              />
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}
