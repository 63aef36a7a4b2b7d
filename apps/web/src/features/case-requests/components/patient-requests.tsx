import { hasCapability } from '@casebridge/domain/capabilities';
import type { TPatientDetail } from '@casebridge/domain/patients/patient.schemas';
import { CASE_REQUEST_TEXTS } from '@casebridge/domain/requests/case-request-texts';
import { useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { Section } from '#src/components/ui/section.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { useCurrentUser } from '#src/lib/auth-context.tsx';
import { LazyBoundary } from '#src/lib/lazy-boundary.tsx';
import { lazyComponent } from '#src/lib/lazy-component.ts';
import { usePatientRequests } from '#src/features/case-requests/api/case-requests-api.ts';
import type { UploadRequestFile } from '#src/features/case-requests/utils/upload-file.ts';
import { RequestActions } from './request-actions.tsx';
import { RequestCard } from './request-card.tsx';

const CreateRequestDialog = lazyComponent(
  () => import('./create-request-dialog.tsx'),
  (module) => module.CreateRequestDialog,
);

/**
 * The patient's records and bills requests on the Overview (those the user is a party to), open
 * first and overdue first; 'Request records' for attorneys and lienholders; the clinic's answers
 * on each request. Live through the 'case-requests' keys.
 */
export function PatientRequests({
  patient,
  uploadFile,
}: {
  patient: TPatientDetail;
  uploadFile: UploadRequestFile;
}) {
  const user = useCurrentUser();
  const canRead = hasCapability(user.role, 'requests:read');
  const requests = usePatientRequests(patient.id, canRead);
  const [isCreating, setIsCreating] = useState(false);
  if (!canRead) return null;
  const canCreate = hasCapability(user.role, 'requests:create') && patient.clinics.length > 0;
  const items = requests.data?.items ?? [];
  return (
    <Section id="patient-requests" title="Requests" className="mt-6">
      {canCreate ? (
        <div className="mb-3">
          <Button
            onPointerEnter={CreateRequestDialog.preload}
            onFocus={CreateRequestDialog.preload}
            onClick={() => setIsCreating(true)}
          >
            Request records
          </Button>
        </div>
      ) : null}
      {requests.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : requests.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {CASE_REQUEST_TEXTS.loadFailed}
        </p>
      ) : items.length === 0 ? (
        <p className="text-sm text-ink-muted">No requests for this patient yet.</p>
      ) : (
        <ul className="space-y-3" aria-label="Requests of this patient">
          {items.map((request) => (
            <RequestCard
              key={request.id}
              request={request}
              showPatient={false}
              actions={<RequestActions request={request} uploadFile={uploadFile} />}
            />
          ))}
        </ul>
      )}
      <LazyBoundary fallback={null}>
        {isCreating ? (
          <CreateRequestDialog.Component patient={patient} onClose={() => setIsCreating(false)} />
        ) : null}
      </LazyBoundary>
    </Section>
  );
}
