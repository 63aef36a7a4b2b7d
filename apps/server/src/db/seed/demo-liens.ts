import { formatCentsAsDecimal } from '@casebridge/domain/billing/money';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '#src/db/client.ts';
import {
  lienPayments,
  organizations,
  patientActivity,
  patients,
  users,
} from '#src/db/schema/index.ts';

const DAY_MS = 86_400_000;

type DemoPayment = {
  patient: string;
  lienholder: 'medlien' | 'keystone';
  cents: number;
  daysAgo: number;
  reference: string | null;
  /** A payment entered and then voided: it stays in the list, the balance leaves it out. */
  voidReason?: string;
};

/** The lienholder organisations and the demo user who records each one's payments. */
const LIENHOLDERS = {
  medlien: { name: 'MedLien Funding Partners', email: 'lienholder@demo.test' },
  keystone: { name: 'Keystone Medical Receivables', email: 'keystone@demo.test' },
} as const;

/**
 * Payments on the demo liens, so the Lien ledger, the portfolio's Paid and Balance
 * columns and the aging chart show real figures on first start: partial payments, one lien paid
 * twice, and one payment voided with its reason. Each is on a patient with bills, dated after
 * the intake and a bill. (A confirmed payoff's payment is in demo-closing.ts.)
 */
export const DEMO_LIEN_PAYMENTS: readonly DemoPayment[] = [
  {
    patient: 'Thomas Becker',
    lienholder: 'medlien',
    cents: 40_000,
    daysAgo: 12,
    reference: 'ACH 20418',
  },
  {
    patient: 'James Whitfield',
    lienholder: 'medlien',
    cents: 25_000,
    daysAgo: 30,
    reference: 'CK 1042',
  },
  {
    patient: 'James Whitfield',
    lienholder: 'medlien',
    cents: 12_500,
    daysAgo: 9,
    reference: 'CK 1067',
  },
  {
    patient: 'James Whitfield',
    lienholder: 'medlien',
    cents: 12_500,
    daysAgo: 8,
    reference: 'CK 1067',
    voidReason: 'Entered twice',
  },
  // After Harbor's bill of 9 days ago: no payment before a bill or the intake.
  {
    patient: 'Robert Alvarez',
    lienholder: 'medlien',
    cents: 15_000,
    daysAgo: 4,
    reference: 'CK 1120',
  },
  {
    patient: 'Daniel Okafor',
    lienholder: 'keystone',
    cents: 30_000,
    daysAgo: 15,
    reference: 'WIRE 77',
  },
  { patient: 'Emily Chen', lienholder: 'keystone', cents: 10_000, daysAgo: 5, reference: 'CK 311' },
];

export async function seedDemoLiens(tx: Db, now = new Date()): Promise<void> {
  const orgs = await tx
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(
      inArray(
        organizations.name,
        Object.values(LIENHOLDERS).map((item) => item.name),
      ),
    );
  const recorders = await tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        Object.values(LIENHOLDERS).map((item) => item.email),
      ),
    );
  for (const payment of DEMO_LIEN_PAYMENTS) {
    const lienholder = LIENHOLDERS[payment.lienholder];
    const org = orgs.find((item) => item.name === lienholder.name);
    const recorder = recorders.find((item) => item.email === lienholder.email);
    const [patient] = await tx
      .select({ id: patients.id })
      .from(patients)
      .where(eq(patients.fullName, payment.patient));
    if (!org || !recorder || !patient) throw new Error(`demo liens: ${payment.patient}`);
    const recordedAt = new Date(now.getTime() - payment.daysAgo * DAY_MS);
    const voidedAt = payment.voidReason ? new Date(recordedAt.getTime() + DAY_MS / 2) : null;
    const [row] = await tx
      .insert(lienPayments)
      .values({
        patientId: patient.id,
        lienholderId: org.id,
        amountCents: payment.cents,
        paidOn: recordedAt.toISOString().slice(0, 10),
        reference: payment.reference,
        recordedBy: recorder.id,
        recordedByName: recorder.name,
        voidedAt,
        voidReason: payment.voidReason ?? null,
        createdAt: recordedAt,
        updatedAt: voidedAt ?? recordedAt,
        version: voidedAt ? 2 : 1,
        updatedBy: recorder.id,
        updatedByName: recorder.name,
      })
      .returning({ id: lienPayments.id });
    const amount = `$${formatCentsAsDecimal(payment.cents)}`;
    const activity = (verb: string, occurredAt: Date) => ({
      patientId: patient.id,
      kind: 'payment' as const,
      recordId: row?.id ?? null,
      lienholderId: org.id,
      summary: `${org.name} ${verb} a payment of ${amount}`,
      actorId: recorder.id,
      actorName: recorder.name,
      actorRole: 'lienholder' as const,
      occurredAt,
    });
    await tx
      .insert(patientActivity)
      .values(
        voidedAt
          ? [activity('recorded', recordedAt), activity('voided', voidedAt)]
          : [activity('recorded', recordedAt)],
      );
  }
}
