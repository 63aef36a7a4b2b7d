import { canEditCaseFacts } from '@casebridge/domain/case-facts/case-facts.policy';
import { CASE_FACTS_MESSAGES } from '@casebridge/domain/case-facts/case-facts-constants';
import type { TPatientDetail } from '@casebridge/domain/patients/patient.schemas';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useCurrentUser } from '#src/lib/auth-context.tsx';
import { useCaseFacts } from '#src/features/case-facts/api/case-facts-api.ts';
import { CaseFactsForm } from './case-facts-form.tsx';
import { CaseFactsReadOnly } from './case-facts-read-only.tsx';
import { CaseUpdatesPanel } from './case-updates-panel.tsx';
import { PolicyLimitsPanel } from './policy-limits-panel.tsx';
import { StageHistory } from './stage-history.tsx';

/**
 * The patient page's 'Case' tab (loaded on demand): the specials against the policy limits, the
 * case facts (an edit form for the firm's attorneys and administrators, read-only for everyone
 * else who reads them), the case updates the firm owes (docs/architecture/case-updates.md) and
 * the legal stage's history. Live: 'case-facts.changed' and the billing
 * events make its query stale.
 */
export function CaseTab({ patient }: { patient: TPatientDetail }) {
  const user = useCurrentUser();
  const query = useCaseFacts(patient.id);
  const isEditor = canEditCaseFacts(
    { role: user.role, organizationId: user.organization?.id ?? null },
    { firmId: patient.firm?.id ?? null },
  );
  if (query.isPending) return <Skeleton className="h-96 w-full" />;
  if (query.isError)
    return (
      <p role="alert" className="rounded-lg border border-border bg-surface p-4 text-ink">
        {getErrorMessage(query.error, CASE_FACTS_MESSAGES.loadFailed)}
      </p>
    );
  const { facts, limits, stageHistory } = query.data;
  return (
    <div className="space-y-8">
      <PolicyLimitsPanel limits={limits} />
      {isEditor ? (
        <CaseFactsForm patientId={patient.id} facts={facts} />
      ) : (
        <CaseFactsReadOnly facts={facts} />
      )}
      <CaseUpdatesPanel patient={patient} />
      <StageHistory items={stageHistory} />
    </div>
  );
}
