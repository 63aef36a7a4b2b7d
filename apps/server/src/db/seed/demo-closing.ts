import { formatUsd } from '@casebridge/domain/liens/reduction-texts';
import type { SettlementSource } from '@casebridge/domain/closing/closing-constants';
import type { Role } from '@casebridge/domain/roles';
import { and, eq, isNull, sum } from 'drizzle-orm';
import type { Db } from '#src/db/client.ts';
import {
  billFinals,
  billingEntries,
  caseSettlements,
  lienPayments,
  lienPayoffs,
  organizations,
  patientActivity,
  patients,
  recordHistory,
  users,
} from '#src/db/schema/index.ts';

const DAY_MS = 86_400_000;

type DemoClosing = {
  patient: string;
  firm: string;
  attorney: string;
  lienholder: string;
  lienholderUser: string;
  /** The clinic that billed the patient and marked its bill final at discharge. */
  clinic: string;
  clinicUser: string;
  billFinalDaysAgo: number;
  settlement: {
    daysAgo: number;
    source: SettlementSource;
    grossCents: number;
    feeBasisPoints: number;
    costsCents: number;
    note: string;
  };
  payoff: {
    cents: number;
    note: string;
    proposedDaysAgo: number;
    /** Confirmed by the lienholder that many days ago, with the payment's reference. */
    confirmed?: { daysAgo: number; reference: string };
  };
  /** Disbursed and closed that many days ago (the case's last two stages, demo-case-facts.ts). */
  closed?: { disbursedDaysAgo: number; closedDaysAgo: number };
};

/**
 * The demo's closings, consistent with the patients' bills, liens and stages
 * (demo-case-facts.ts): Samuel Adeyemi's case (Summit, Castillo, Keystone) settled at mediation,
 * Keystone confirmed a final payoff below its balance (the rest waived), the funds were
 * disbursed and the case closed, so it leaves the active lists and the Cases filter finds it;
 * William Foster's (Harbor and Summit, Morgan & Hale, MedLien) settled at the policy limits with
 * a payoff awaiting MedLien in its 'Payoffs to answer'. Every date falls after the intake, the
 * last bill and the settlement date it follows.
 */
export const DEMO_CLOSINGS: readonly DemoClosing[] = [
  {
    patient: 'Samuel Adeyemi',
    firm: 'Castillo Legal Group',
    attorney: 'attorney2@demo.test',
    lienholder: 'Keystone Medical Receivables',
    lienholderUser: 'keystone@demo.test',
    clinic: 'Summit Spine & Pain Center',
    clinicUser: 'clinic2@demo.test',
    billFinalDaysAgo: 38,
    settlement: {
      daysAgo: 8,
      source: 'bodily_injury',
      grossCents: 3_500_000,
      feeBasisPoints: 4000,
      costsCents: 185_000,
      note: 'Mediated settlement with Redwood Commercial Casualty.',
    },
    payoff: {
      cents: 180_000,
      note: 'Pro-rata share after fees and costs.',
      proposedDaysAgo: 7,
      confirmed: { daysAgo: 6, reference: 'WIRE 2291' },
    },
    closed: { disbursedDaysAgo: 4, closedDaysAgo: 2 },
  },
  {
    patient: 'William Foster',
    firm: 'Morgan & Hale Injury Law',
    attorney: 'attorney@demo.test',
    lienholder: 'MedLien Funding Partners',
    lienholderUser: 'lienholder@demo.test',
    clinic: 'Summit Spine & Pain Center',
    clinicUser: 'clinic2@demo.test',
    billFinalDaysAgo: 60,
    settlement: {
      daysAgo: 10,
      source: 'bodily_injury',
      grossCents: 5_000_000,
      feeBasisPoints: 3333,
      costsCents: 240_000,
      note: 'Policy-limits settlement with Harborline Auto Insurance.',
    },
    payoff: {
      cents: 60_000,
      note: 'A policy-limits case: we ask for a reduction to $600.00.',
      proposedDaysAgo: 8,
    },
  },
];

type Person = { id: string; name: string; role: Role };

async function one<T>(rows: Promise<T[]>, what: string): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error(`demo closing: no ${what}`);
  return row;
}

/** Writes the settlements, payoffs, payments and final bills of DEMO_CLOSINGS. */
export async function seedDemoClosing(tx: Db, now = new Date()): Promise<void> {
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS);
  const day = (daysAgo: number) => at(daysAgo).toISOString().slice(0, 10);
  const person = (email: string) =>
    one<Person>(
      tx
        .select({ id: users.id, name: users.name, role: users.role })
        .from(users)
        .where(eq(users.email, email)),
      email,
    );
  const orgId = async (name: string) =>
    (
      await one(
        tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.name, name)),
        name,
      )
    ).id;
  for (const demo of DEMO_CLOSINGS) {
    const patient = await one(
      tx.select({ id: patients.id }).from(patients).where(eq(patients.fullName, demo.patient)),
      demo.patient,
    );
    const [firmId, lienholderId, clinicId] = await Promise.all([
      orgId(demo.firm),
      orgId(demo.lienholder),
      orgId(demo.clinic),
    ]);
    const attorney = await person(demo.attorney);
    const lienholderUser = await person(demo.lienholderUser);
    const clinicUser = await person(demo.clinicUser);
    const [billed] = await tx
      .select({ cents: sum(billingEntries.billedAmountCents) })
      .from(billingEntries)
      .where(and(eq(billingEntries.patientId, patient.id), isNull(billingEntries.voidedAt)));
    const balanceCents = Number(billed?.cents ?? 0);
    if (balanceCents < demo.payoff.cents) throw new Error(`demo closing: ${demo.patient} bills`);

    await tx.insert(billFinals).values({
      patientId: patient.id,
      clinicId,
      finalizedBy: clinicUser.id,
      finalizedByName: clinicUser.name,
      finalizedAt: at(demo.billFinalDaysAgo),
    });
    await tx.insert(patientActivity).values({
      patientId: patient.id,
      kind: 'billing_line',
      summary: `${demo.clinic} marked its bill final`,
      actorId: clinicUser.id,
      actorName: clinicUser.name,
      actorRole: clinicUser.role,
      occurredAt: at(demo.billFinalDaysAgo),
    });

    const { settlement } = demo;
    const closedAt = demo.closed ? at(demo.closed.closedDaysAgo) : null;
    // Recorded (version 1), then disbursed and closed: each a new version.
    const version = demo.closed ? 3 : 1;
    const [saved] = await tx
      .insert(caseSettlements)
      .values({
        firmId,
        patientId: patient.id,
        settledOn: day(settlement.daysAgo),
        source: settlement.source,
        grossCents: settlement.grossCents,
        feeBasisPoints: settlement.feeBasisPoints,
        costsCents: settlement.costsCents,
        note: settlement.note,
        disbursedOn: demo.closed ? day(demo.closed.disbursedDaysAgo) : null,
        closedAt,
        createdAt: at(settlement.daysAgo),
        updatedAt: closedAt ?? at(settlement.daysAgo),
        version,
        updatedBy: attorney.id,
        updatedByName: attorney.name,
      })
      .returning({ id: caseSettlements.id });
    if (!saved) throw new Error(`demo closing: ${demo.patient} settlement`);
    await tx.insert(recordHistory).values({
      recordType: 'settlement',
      recordId: saved.id,
      patientId: patient.id,
      version: 1,
      action: 'recorded',
      changes: {
        grossCents: { from: 0, to: settlement.grossCents },
        settledOn: { from: '', to: day(settlement.daysAgo) },
        feeBasisPoints: { from: 0, to: settlement.feeBasisPoints },
        costsCents: { from: 0, to: settlement.costsCents },
        note: { from: null, to: settlement.note },
      },
      actorId: attorney.id,
      actorName: attorney.name,
      actorRole: attorney.role,
      createdAt: at(settlement.daysAgo),
    });

    const { payoff } = demo;
    const amount = formatUsd(payoff.cents);
    const confirmedAt = payoff.confirmed ? at(payoff.confirmed.daysAgo) : null;
    const [payment] = payoff.confirmed
      ? await tx
          .insert(lienPayments)
          .values({
            patientId: patient.id,
            lienholderId,
            amountCents: payoff.cents,
            paidOn: day(payoff.confirmed.daysAgo),
            reference: payoff.confirmed.reference,
            recordedBy: lienholderUser.id,
            recordedByName: lienholderUser.name,
            createdAt: confirmedAt!,
            updatedAt: confirmedAt!,
            updatedBy: lienholderUser.id,
            updatedByName: lienholderUser.name,
          })
          .returning({ id: lienPayments.id })
      : [];
    const [proposed] = await tx
      .insert(lienPayoffs)
      .values({
        patientId: patient.id,
        lienholderId,
        amountCents: payoff.cents,
        balanceCents,
        status: payoff.confirmed ? 'confirmed' : 'proposed',
        note: payoff.note,
        proposedBy: attorney.id,
        proposedByName: attorney.name,
        proposedAt: at(payoff.proposedDaysAgo),
        answeredBy: payoff.confirmed ? lienholderUser.id : null,
        answeredByName: payoff.confirmed ? lienholderUser.name : null,
        answeredAt: confirmedAt,
        paymentId: payment?.id ?? null,
      })
      .returning({ id: lienPayoffs.id });
    const payoffActivity = (summary: string, by: Person, occurredAt: Date, recordId?: string) => ({
      patientId: patient.id,
      kind: 'payment' as const,
      recordId: recordId ?? proposed?.id ?? null,
      lienholderId,
      summary,
      actorId: by.id,
      actorName: by.name,
      actorRole: by.role,
      occurredAt,
    });
    await tx
      .insert(patientActivity)
      .values([
        payoffActivity(
          `${demo.firm} proposed a final payoff of ${amount} to ${demo.lienholder}`,
          attorney,
          at(payoff.proposedDaysAgo),
        ),
        ...(confirmedAt && payment
          ? [
              payoffActivity(
                `${demo.lienholder} recorded a payment of ${amount}`,
                lienholderUser,
                confirmedAt,
                payment.id,
              ),
              payoffActivity(
                `${demo.lienholder} confirmed the final payoff of ${amount}`,
                lienholderUser,
                confirmedAt,
              ),
            ]
          : []),
      ]);
  }
}
