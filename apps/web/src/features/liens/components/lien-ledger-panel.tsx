import { hasCapability } from '@casebridge/domain/capabilities';
import { CLOSING_TEXTS } from '@casebridge/domain/closing/closing-constants';
import { isOverpaid } from '@casebridge/domain/liens/lien-ledger';
import { canRecordLienPayment } from '@casebridge/domain/liens/lien-ledger.policy';
import { LIEN_MESSAGES, type TPatientLien } from '@casebridge/domain/liens/lien-ledger.schemas';
import type { TPatientDetail } from '@casebridge/domain/patients/patient.schemas';
import { Section } from '#src/components/ui/section.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useCurrentUser } from '#src/lib/auth-context.tsx';
import { formatCents } from '#src/lib/format.ts';
import { usePatientLiens } from '#src/features/liens/api/liens-api.ts';
import { LienPaymentsList } from './lien-payments-list.tsx';
import { RecordPaymentForm } from './record-payment-form.tsx';

/**
 * The Billing tab's 'Lien ledger': per lien the viewer may see (a lienholder its own; the firm,
 * clinics and admins all), billed, accepted reductions, payments, what a confirmed final payoff
 * waived, and the balance. The lienholder also records and voids its payments here. Live: its keys start with 'liens'.
 */
export function LienLedgerPanel({ patient }: { patient: TPatientDetail }) {
  const user = useCurrentUser();
  // A patient's contact reads no liens.
  return hasCapability(user.role, 'liens:read') ? <LienLedger patient={patient} /> : null;
}

function LienLedger({ patient }: { patient: TPatientDetail }) {
  const user = useCurrentUser();
  const liens = usePatientLiens(patient.id);
  const actor = { role: user.role, organizationId: user.organization?.id ?? null };

  return (
    <Section id="lien-ledger-heading" title="Lien ledger" className="mt-8">
      {liens.isPending ? <Skeleton className="h-32 w-full" /> : null}
      {liens.error ? (
        <p className="rounded-lg border border-border bg-surface p-4 text-ink">
          {getErrorMessage(liens.error, 'Failed to load the lien ledger')}
        </p>
      ) : null}
      {liens.data?.items.length === 0 ? (
        <p className="rounded-lg border border-border bg-surface p-4 text-ink-muted">
          {LIEN_MESSAGES.noLiens}
        </p>
      ) : null}
      <div className="space-y-4">
        {liens.data?.items.map((lien) => (
          <LienCard
            key={lien.lienholderId}
            patientId={patient.id}
            lien={lien}
            canRecord={canRecordLienPayment(actor, lien.lienholderId)}
          />
        ))}
      </div>
    </Section>
  );
}

function LienCard({
  patientId,
  lien,
  canRecord,
}: {
  patientId: string;
  lien: TPatientLien;
  canRecord: boolean;
}) {
  const headingId = `lien-${lien.lienholderId}-heading`;
  const figures = [
    { label: 'Billed', value: formatCents(lien.billedCents) },
    { label: 'Reductions accepted', value: formatCents(lien.reducedCents) },
    { label: 'Payments received', value: formatCents(lien.paidCents) },
    // A confirmed final payoff smaller than the balance: the rest is given up, not owed.
    ...(lien.waivedCents > 0
      ? [{ label: CLOSING_TEXTS.ledgerWaived, value: formatCents(lien.waivedCents) }]
      : []),
    isOverpaid(lien.balanceCents)
      ? { label: 'Overpaid', value: formatCents(-lien.balanceCents) }
      : { label: 'Balance', value: formatCents(lien.balanceCents) },
  ];
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-lg border border-border bg-surface p-4 shadow-sm sm:p-6"
    >
      <h3 id={headingId} className="mb-3 font-semibold text-ink">
        {lien.lienholderName}
      </h3>
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        {figures.map((figure) => (
          <div key={figure.label}>
            <dt className="text-sm text-ink-muted">{figure.label}</dt>
            <dd className="text-lg font-semibold tabular-nums text-ink">{figure.value}</dd>
          </div>
        ))}
      </dl>
      {canRecord ? (
        <>
          <RecordPaymentForm patientId={patientId} lienholderId={lien.lienholderId} />
          <LienPaymentsList
            patientId={patientId}
            lienholderId={lien.lienholderId}
            lienholderName={lien.lienholderName}
          />
        </>
      ) : null}
    </article>
  );
}
