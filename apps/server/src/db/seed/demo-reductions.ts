import { and, eq, isNull, sum } from 'drizzle-orm';
import { applyBasisPoints } from '@casebridge/domain/liens/basis-points';
import {
  describeReductionStep,
  type ReductionStep,
} from '@casebridge/domain/liens/reduction-texts';
import type { Db } from '#src/db/client.ts';
import {
  billingEntries,
  organizations,
  patientActivity,
  patients,
  reductionOffers,
  settlementDrafts,
  users,
} from '#src/db/schema/index.ts';
import { DEMO_LIEN_PAYMENTS } from './demo-liens.ts';

const DAY_MS = 86_400_000;

/** What MedLien had been paid on Thomas Becker's lien by then (the demo payments' own data). */
function paidBefore(daysAgo: number): number {
  return DEMO_LIEN_PAYMENTS.filter(
    (payment) =>
      payment.patient === 'Thomas Becker' &&
      payment.lienholder === 'medlien' &&
      payment.daysAgo > daysAgo &&
      !payment.voidReason,
  ).reduce((total, payment) => total + payment.cents, 0);
}

async function idOf<T extends { id: string }>(rows: Promise<T[]>, what: string): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error(`demo reductions: no ${what}`);
  return row;
}

/**
 * The demo's reduction history and settlement draft, on Thomas Becker (Discharged,
 * Morgan Hale's patient, MedLien's lien), so a new user sees them on first start: round 1, the
 * attorney's 30 % countered by MedLien with $500.00, which the attorney accepted; round 2, the
 * attorney's further $150.00, open for MedLien to answer; and the firm's saved worksheet.
 */
export async function seedDemoReductions(tx: Db, now = new Date()): Promise<void> {
  const patient = await idOf(
    tx
      .select({ id: patients.id, firmId: patients.firmId })
      .from(patients)
      .where(eq(patients.fullName, 'Thomas Becker')),
    'Thomas Becker',
  );
  const lienholder = await idOf(
    tx
      .select({ id: organizations.id, name: organizations.name })
      .from(organizations)
      .where(eq(organizations.name, 'MedLien Funding Partners')),
    'MedLien',
  );
  const person = (email: string) =>
    idOf(
      tx
        .select({ id: users.id, name: users.name, role: users.role })
        .from(users)
        .where(eq(users.email, email)),
      email,
    );
  const attorney = await person('attorney@demo.test');
  const medlien = await person('lienholder@demo.test');
  const [billed] = await tx
    .select({ cents: sum(billingEntries.billedAmountCents) })
    .from(billingEntries)
    .where(and(eq(billingEntries.patientId, patient.id), isNull(billingEntries.voidedAt)));
  const balance = Number(billed?.cents ?? 0);
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS);

  const percent = 3000;
  const offers = [
    {
      round: 1,
      by: attorney,
      offeredBy: 'attorney' as const,
      kind: 'percent' as const,
      percentBasisPoints: percent,
      amountCents: applyBasisPoints(balance - paidBefore(20), percent),
      balanceCents: balance - paidBefore(20),
      note: 'Policy limits are low; asking for 30 % off.',
      status: 'countered' as const,
      createdAt: at(20),
      responder: medlien,
      respondedAt: at(19),
    },
    {
      round: 1,
      by: medlien,
      offeredBy: 'lienholder' as const,
      kind: 'amount' as const,
      percentBasisPoints: null,
      amountCents: 50_000,
      balanceCents: balance - paidBefore(19),
      note: 'We can take $500.00 off.',
      status: 'accepted' as const,
      createdAt: at(19),
      responder: attorney,
      respondedAt: at(18),
    },
    {
      round: 2,
      by: attorney,
      offeredBy: 'attorney' as const,
      kind: 'amount' as const,
      percentBasisPoints: null,
      amountCents: 15_000,
      balanceCents: balance - 50_000 - paidBefore(2),
      note: 'A further $150.00 would close the case this month.',
      status: 'open' as const,
      createdAt: at(2),
      responder: null,
      respondedAt: null,
    },
  ];
  for (const offer of offers) {
    const [row] = await tx
      .insert(reductionOffers)
      .values({
        patientId: patient.id,
        lienholderId: lienholder.id,
        round: offer.round,
        offeredBy: offer.offeredBy,
        offeredByUserId: offer.by.id,
        offeredByName: offer.by.name,
        kind: offer.kind,
        amountCents: offer.amountCents,
        percentBasisPoints: offer.percentBasisPoints,
        balanceCents: offer.balanceCents,
        note: offer.note,
        status: offer.status,
        createdAt: offer.createdAt,
        respondedAt: offer.respondedAt,
        respondedByUserId: offer.responder?.id ?? null,
        respondedByName: offer.responder?.name ?? null,
      })
      .returning({ id: reductionOffers.id });
    const steps: Array<{ step: ReductionStep; who: typeof attorney; when: Date }> = [
      {
        step: offer.round === 1 && offer.offeredBy === 'lienholder' ? 'countered' : 'proposed',
        who: offer.by,
        when: offer.createdAt,
      },
      ...(offer.status === 'accepted' && offer.responder && offer.respondedAt
        ? [{ step: 'accepted' as const, who: offer.responder, when: offer.respondedAt }]
        : []),
    ];
    for (const item of steps) {
      await tx.insert(patientActivity).values({
        patientId: patient.id,
        kind: 'reduction',
        recordId: row?.id ?? null,
        lienholderId: lienholder.id,
        summary: describeReductionStep(item.step, item.who.name, lienholder.name, offer),
        actorId: item.who.id,
        actorName: item.who.name,
        actorRole: item.who.role,
        occurredAt: item.when,
      });
    }
  }

  if (!patient.firmId) return;
  await tx.insert(settlementDrafts).values({
    patientId: patient.id,
    firmId: patient.firmId,
    grossCents: 1_500_000,
    feeBasisPoints: 3333,
    costsCents: 85_000,
    note: "Carrier's policy-limits offer; liens as negotiated.",
    updatedAt: at(1),
    updatedBy: attorney.id,
    updatedByName: attorney.name,
  });
}
