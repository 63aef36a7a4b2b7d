import { hasCapability } from '@casebridge/domain/capabilities';
import type { TPatientDetail } from '@casebridge/domain/patients/patient.schemas';
import { useCurrentUser } from '#src/lib/auth-context.tsx';
import { LienReductions } from './lien-reductions.tsx';

/**
 * The Billing tab's reductions, one panel per lien the viewer may read: a lienholder its own,
 * the firm, the clinics and administrators every lien of the patient; a contact none.
 */
export function ReductionsPanel({ patient }: { patient: TPatientDetail }) {
  const user = useCurrentUser();
  if (!hasCapability(user.role, 'liens:read')) return null;
  const liens =
    user.role === 'lienholder'
      ? patient.lienholders.filter((lien) => lien.id === user.organization?.id)
      : patient.lienholders;
  if (liens.length === 0) return null;
  return (
    <section aria-labelledby="lien-reductions-heading" className="mt-6">
      <h2 id="lien-reductions-heading" className="mb-3 text-lg font-semibold text-ink">
        Lien reductions
      </h2>
      {liens.map((lien) => (
        <LienReductions key={lien.id} patientId={patient.id} lienholder={lien} />
      ))}
    </section>
  );
}
