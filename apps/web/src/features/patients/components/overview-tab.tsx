import { canUseTreatmentSummary } from '@casebridge/domain/patients/patient.policy';
import type {
  TOrganizationSummary,
  TPatientDetail,
} from '@casebridge/domain/patients/patient.schemas';
import { CalendarDays, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDate } from '#src/lib/format.ts';
import { useCurrentUser } from '#src/lib/auth-context.tsx';
import { ExternalIdField } from './external-id-field.tsx';
import { TreatmentTimeline } from './treatment-timeline.tsx';

function DateCard({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="rounded-lg border border-border bg-surface p-4">
      <p className="flex items-center gap-2 text-sm text-ink-muted">
        <CalendarDays className="h-4 w-4" aria-hidden />
        {label}
      </p>
      <p className="mt-1 font-semibold text-ink">{formatDate(value)}</p>
    </div>
  );
}

function OrganizationLine({ organization }: { organization: TOrganizationSummary }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <span className="font-medium text-ink">{organization.name}</span>
      {organization.phone ? (
        <a
          href={`tel:${organization.phone}`}
          className="flex items-center gap-1 text-sm text-brand underline-offset-2 hover:underline"
        >
          <Phone className="h-3.5 w-3.5" aria-hidden />
          {organization.phone}
        </a>
      ) : null}
    </li>
  );
}

function OrganizationCard({
  title,
  organizations,
  empty,
}: {
  title: string;
  organizations: TOrganizationSummary[];
  empty: string;
}) {
  return (
    <section className="rounded-lg border border-border bg-surface p-4" aria-label={title}>
      <h2 className="font-semibold text-ink">{title}</h2>
      {organizations.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">{empty}</p>
      ) : (
        <ul className="divide-y divide-border">
          {organizations.map((organization) => (
            <OrganizationLine key={organization.id} organization={organization} />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * `summary` is the messages feature's treatment-summary panel, composed in by the page because
 * features do not import each other; it shows only to the roles the policy allows.
 */
export function OverviewTab({ patient, summary }: { patient: TPatientDetail; summary: ReactNode }) {
  const user = useCurrentUser();
  const firm = patient.firm ?? { id: 'unknown', name: 'Unknown Firm', phone: null };
  return (
    <div className="space-y-6">
      <TreatmentTimeline status={patient.treatmentStatus} />
      <div className="grid gap-4 sm:grid-cols-3">
        <DateCard label="Intake Date" value={patient.intakeDate} />
        <DateCard label="Evaluation Date" value={patient.evalDate} />
        <DateCard label="Last Treatment" value={patient.lastTreatmentDate} />
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <OrganizationCard
          title="Treating Clinics"
          organizations={patient.clinics}
          empty="No clinics assigned"
        />
        <OrganizationCard title="Attorney Firm" organizations={[firm]} empty="Unknown Firm" />
        <OrganizationCard
          title="Lienholders"
          organizations={patient.lienholders}
          empty="No lienholders linked"
        />
      </div>
      <ExternalIdField patient={patient} />
      {canUseTreatmentSummary(user) ? summary : null}
    </div>
  );
}
