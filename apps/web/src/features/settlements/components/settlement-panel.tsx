import { hasCapability } from '@casebridge/domain/capabilities';
import type { TPatientDetail } from '@casebridge/domain/patients/patient.schemas';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useCurrentUser } from '#src/lib/auth-context.tsx';
import { useSettlement } from '#src/features/settlements/api/settlements-api.ts';
import { SettlementWorksheet } from './settlement-worksheet.tsx';

/** The Billing tab's settlement preview: for the attorneys of the patient's firm only. */
export function SettlementPanel({ patient }: { patient: TPatientDetail }) {
  const user = useCurrentUser();
  const isFirm =
    hasCapability(user.role, 'settlements:manage') &&
    patient.firm !== null &&
    user.organization?.id === patient.firm.id;
  if (!isFirm) return null;
  return <FirmSettlement patientId={patient.id} />;
}

function FirmSettlement({ patientId }: { patientId: string }) {
  const query = useSettlement(patientId);
  return (
    <section
      aria-labelledby="settlement-heading"
      className="mt-6 rounded-lg border border-border bg-surface p-4 shadow-sm sm:p-6"
    >
      <h2 id="settlement-heading" className="text-lg font-semibold text-ink">
        Settlement preview
      </h2>
      <p className="mb-4 text-sm text-ink-muted">
        Visible to your firm only. Amounts in dollars; liens at their balance after accepted
        reductions and payments.
      </p>
      {query.isPending ? <Skeleton className="h-64 w-full" /> : null}
      {query.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {getErrorMessage(query.error, 'The settlement preview could not be loaded.')}
        </p>
      ) : null}
      {query.data ? <SettlementWorksheet patientId={patientId} settlement={query.data} /> : null}
    </section>
  );
}
