import { canUploadDocuments } from '@casebridge/domain/patients/patient.policy';
import type { TPatientDetail } from '@casebridge/domain/patients/patient.schemas';
import { useCurrentUser } from '#src/lib/auth-context.tsx';
import { DocumentList } from './document-list.tsx';
import { DocumentUploadPanel } from './document-upload-panel.tsx';

/** The patient's Documents tab: the upload panel for clinic and admin, the list for everyone. */
export function DocumentsTab({ patient }: { patient: TPatientDetail }) {
  const user = useCurrentUser();
  return (
    <div>
      {canUploadDocuments(user) ? <DocumentUploadPanel patientId={patient.id} /> : null}
      <DocumentList patient={patient} />
    </div>
  );
}
