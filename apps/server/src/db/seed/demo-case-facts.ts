import { eq, inArray } from 'drizzle-orm';
import type {
  AccidentType,
  CaseStage,
  CoverageKind,
} from '@casebridge/domain/case-facts/case-facts-constants';
import type { Db } from '#src/db/client.ts';
import {
  caseFacts,
  caseInsurers,
  caseStageHistory,
  patients,
  users,
} from '#src/db/schema/index.ts';

const DAY_MS = 86_400_000;

type DemoInsurer = {
  coverage: CoverageKind;
  carrier: string;
  claimNumber: string | null;
  adjusterName?: string;
  adjusterPhone?: string;
  adjusterEmail?: string;
  limitCents: number | null;
};

type DemoCaseFacts = {
  patient: string;
  /** The firm attorney who keeps the case (the demo user of the patient's firm). */
  attorney: 'attorney@demo.test' | 'attorney2@demo.test';
  accidentType: AccidentType;
  /** Days before the patient's intake: an accident always comes before its treatment. */
  accidentDaysBeforeIntake: number;
  firmCaseNumber: string;
  /** The stages after intake, oldest first, each with the days after intake it was reached. */
  stages: ReadonlyArray<{ stage: CaseStage; daysAfterIntake: number; note?: string }>;
  insurers: readonly DemoInsurer[];
};

/**
 * Case facts of the demo patients that match where their treatment stands: a patient just
 * referred is at intake, one in treatment is treating, and only discharged patients have reached
 * a demand, negotiation or settlement (Samuel Adeyemi's case is closed, William Foster's settled:
 * demo-closing.ts). Thomas Becker's and Emily Chen's specials meet their med-pay limits, so
 * 'Limit met' shows on first start.
 */
export const DEMO_CASE_FACTS: readonly DemoCaseFacts[] = [
  {
    patient: 'Maria Delgado',
    attorney: 'attorney@demo.test',
    accidentType: 'auto',
    accidentDaysBeforeIntake: 2,
    firmCaseNumber: 'MH-2026-0412',
    stages: [],
    insurers: [
      {
        coverage: 'liability',
        carrier: 'Golden Coast Mutual',
        claimNumber: 'GCM-88-31907',
        adjusterName: 'Dana Ruiz',
        adjusterPhone: '(714) 555-0161',
        limitCents: null,
      },
    ],
  },
  {
    patient: 'James Whitfield',
    attorney: 'attorney@demo.test',
    accidentType: 'auto',
    accidentDaysBeforeIntake: 3,
    firmCaseNumber: 'MH-2026-0388',
    stages: [{ stage: 'treating', daysAfterIntake: 4 }],
    insurers: [
      {
        coverage: 'liability',
        carrier: 'Golden Coast Mutual',
        claimNumber: 'GCM-88-30554',
        adjusterName: 'Dana Ruiz',
        adjusterPhone: '(714) 555-0161',
        adjusterEmail: 'd.ruiz@goldencoast.example',
        limitCents: 3_000_000,
      },
      {
        coverage: 'med_pay',
        carrier: 'Pacific Shield Insurance',
        claimNumber: 'PSI-554120',
        limitCents: 500_000,
      },
    ],
  },
  {
    patient: 'Emily Chen',
    attorney: 'attorney@demo.test',
    accidentType: 'slip_and_fall',
    accidentDaysBeforeIntake: 6,
    firmCaseNumber: 'MH-2026-0301',
    stages: [{ stage: 'treating', daysAfterIntake: 2 }],
    insurers: [
      {
        coverage: 'liability',
        carrier: 'Redwood Commercial Casualty',
        claimNumber: 'RCC-PL-77102',
        adjusterName: 'Owen Park',
        adjusterEmail: 'opark@redwoodcc.example',
        limitCents: 10_000_000,
      },
      {
        coverage: 'med_pay',
        carrier: 'Redwood Commercial Casualty',
        claimNumber: null,
        limitCents: 100_000,
      },
    ],
  },
  {
    patient: 'Thomas Becker',
    attorney: 'attorney@demo.test',
    accidentType: 'auto',
    accidentDaysBeforeIntake: 5,
    firmCaseNumber: 'MH-2026-0117',
    stages: [
      { stage: 'treating', daysAfterIntake: 3 },
      {
        stage: 'demand_sent',
        daysAfterIntake: 128,
        note: 'Demand package sent with the discharge summary.',
      },
      { stage: 'negotiating', daysAfterIntake: 135, note: 'First offer received; countering.' },
    ],
    insurers: [
      {
        coverage: 'liability',
        carrier: 'Pacific Shield Insurance',
        claimNumber: 'PSI-441873',
        adjusterName: 'Marcus Lee',
        adjusterPhone: '(415) 555-0134',
        limitCents: 1_500_000,
      },
      {
        coverage: 'med_pay',
        carrier: 'Golden Coast Mutual',
        claimNumber: 'GCM-MP-2231',
        limitCents: 200_000,
      },
      {
        coverage: 'um_uim',
        carrier: 'Golden Coast Mutual',
        claimNumber: 'GCM-UM-2231',
        limitCents: 5_000_000,
      },
    ],
  },
  {
    patient: 'William Foster',
    attorney: 'attorney@demo.test',
    accidentType: 'pedestrian',
    accidentDaysBeforeIntake: 1,
    firmCaseNumber: 'MH-2025-0957',
    stages: [
      { stage: 'treating', daysAfterIntake: 2 },
      { stage: 'demand_sent', daysAfterIntake: 150 },
      { stage: 'negotiating', daysAfterIntake: 165 },
      { stage: 'settled', daysAfterIntake: 190, note: 'Settled at policy limits.' },
    ],
    insurers: [
      {
        coverage: 'liability',
        carrier: 'Harborline Auto Insurance',
        claimNumber: 'HAI-20931-B',
        adjusterName: 'Grace Tan',
        limitCents: 5_000_000,
      },
    ],
  },
  {
    patient: 'Daniel Okafor',
    attorney: 'attorney2@demo.test',
    accidentType: 'truck',
    accidentDaysBeforeIntake: 9,
    firmCaseNumber: 'CLG-26-118',
    stages: [{ stage: 'treating', daysAfterIntake: 1 }],
    insurers: [
      {
        coverage: 'liability',
        carrier: 'Interstate Freight Underwriters',
        claimNumber: 'IFU-CA-600412',
        adjusterName: 'Hector Vidal',
        adjusterPhone: '(909) 555-0172',
        limitCents: 75_000_000,
      },
    ],
  },
  {
    patient: 'Samuel Adeyemi',
    attorney: 'attorney2@demo.test',
    accidentType: 'workplace',
    accidentDaysBeforeIntake: 4,
    firmCaseNumber: 'CLG-25-402',
    stages: [
      { stage: 'treating', daysAfterIntake: 2 },
      { stage: 'demand_sent', daysAfterIntake: 120 },
      {
        stage: 'litigation',
        daysAfterIntake: 150,
        note: 'Complaint filed against the site contractor.',
      },
      // The closing of demo-closing.ts: settled, disbursed, closed.
      { stage: 'settled', daysAfterIntake: 152, note: 'Settled at mediation.' },
      { stage: 'disbursed', daysAfterIntake: 156 },
      { stage: 'closed', daysAfterIntake: 158 },
    ],
    insurers: [
      {
        coverage: 'liability',
        carrier: 'Redwood Commercial Casualty',
        claimNumber: 'RCC-GL-40211',
        limitCents: 100_000_000,
      },
    ],
  },
];

/** Writes the demo case facts and their stage history, as the firm's attorney recorded them. */
export async function seedDemoCaseFacts(tx: Db): Promise<void> {
  const attorneys = await tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.email, ['attorney@demo.test', 'attorney2@demo.test']));
  for (const demo of DEMO_CASE_FACTS) {
    const [patient] = await tx
      .select({ id: patients.id, intakeDate: patients.intakeDate, createdAt: patients.createdAt })
      .from(patients)
      .where(eq(patients.fullName, demo.patient));
    const attorney = attorneys.find((user) => user.email === demo.attorney);
    if (!patient || !attorney) throw new Error(`demo case facts: ${demo.patient}`);
    const intake = patient.intakeDate
      ? new Date(`${patient.intakeDate}T12:00:00Z`)
      : patient.createdAt;
    const at = (days: number) => new Date(intake.getTime() + days * DAY_MS);
    const last = demo.stages.at(-1);
    const by = { updatedBy: attorney.id, updatedByName: attorney.name };
    await tx.insert(caseFacts).values({
      patientId: patient.id,
      accidentDate: at(-demo.accidentDaysBeforeIntake).toISOString().slice(0, 10),
      accidentType: demo.accidentType,
      firmCaseNumber: demo.firmCaseNumber,
      stage: last?.stage ?? 'intake',
      createdAt: at(0),
      updatedAt: at(last?.daysAfterIntake ?? 0),
      version: demo.stages.length + 1,
      ...by,
    });
    if (demo.insurers.length > 0) {
      await tx.insert(caseInsurers).values(
        demo.insurers.map((insurer, position) => ({
          patientId: patient.id,
          position,
          coverage: insurer.coverage,
          carrier: insurer.carrier,
          claimNumber: insurer.claimNumber,
          adjusterName: insurer.adjusterName ?? null,
          adjusterPhone: insurer.adjusterPhone ?? null,
          adjusterEmail: insurer.adjusterEmail ?? null,
          policyLimitCents: insurer.limitCents,
          createdAt: at(0),
          updatedAt: at(0),
        })),
      );
    }
    if (demo.stages.length > 0) {
      await tx.insert(caseStageHistory).values(
        demo.stages.map((step, index) => ({
          patientId: patient.id,
          fromStage: index === 0 ? ('intake' as const) : demo.stages[index - 1]!.stage,
          toStage: step.stage,
          note: step.note ?? null,
          changedBy: attorney.id,
          changedByName: attorney.name,
          changedAt: at(step.daysAfterIntake),
        })),
      );
    }
  }
}
