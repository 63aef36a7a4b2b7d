import { PATIENT_MESSAGES } from '@casebridge/domain/patients/patient.schemas';
import { getErrorMessage } from '#src/lib/api-client.ts';

export function DashboardError({ error }: { error: Error }) {
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 p-6 text-center dark:border-red-800 dark:bg-red-950"
    >
      <h2 className="text-lg font-semibold text-red-900 dark:text-red-100">
        {PATIENT_MESSAGES.loadFailedTitle}
      </h2>
      <p className="mt-1 text-sm text-red-900 dark:text-red-100">
        {PATIENT_MESSAGES.loadFailedText}
      </p>
      <p className="mt-2 text-xs text-red-800 dark:text-red-200">{getErrorMessage(error, '')}</p>
    </div>
  );
}
