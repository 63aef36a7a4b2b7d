import type {
  TClosing,
  TClosingLien,
  TPayoff,
  TSettlementRecord,
} from '@casebridge/domain/closing/closing.schemas';
import type { TPatientDetail } from '@casebridge/domain/patients/patient.schemas';
import { DEMO_ORGANIZATIONS } from '#src/test/sessions.ts';

/** The closing component tests' patient: Harbor, Morgan & Hale, MedLien (the sessions' orgs). */
export const PATIENT: TPatientDetail = {
  id: '66666666-6666-4666-8666-666666666666',
  fullName: 'Thomas Becker',
  dob: '1960-04-04',
  intakeDate: '2026-07-16',
  evalDate: null,
  lastTreatmentDate: '2026-10-01',
  treatmentStatus: 'Discharged',
  clinics: [{ ...DEMO_ORGANIZATIONS.clinic, phone: null }],
  firm: { id: DEMO_ORGANIZATIONS.attorney.id, name: DEMO_ORGANIZATIONS.attorney.name, phone: null },
  lienholders: [{ id: DEMO_ORGANIZATIONS.lienholder.id, name: 'MedLien', phone: null }],
  pointOfContactName: null,
  pointOfContactPhone: null,
  externalId: null,
  createdAt: '2026-07-16T10:00:00.000Z',
  updatedAt: '2026-07-16T10:00:00.000Z',
  version: 1,
  updatedByName: null,
};

export const CLOSING_URL = `/patients/${PATIENT.id}/closing`;
export const PAYOFFS_URL = `/patients/${PATIENT.id}/liens/${DEMO_ORGANIZATIONS.lienholder.id}/payoffs`;

export const SETTLEMENT: TSettlementRecord = {
  id: '77777777-7777-4777-8777-777777777777',
  grossCents: 5_000_000,
  settledOn: '2026-11-20',
  source: 'bodily_injury',
  feeBasisPoints: 3333,
  costsCents: 120_000,
  note: null,
  disbursedOn: null,
  closedAt: null,
  version: 2,
  updatedAt: '2026-11-21T10:00:00.000Z',
  updatedByName: 'Morgan Hale',
};

export const PROPOSED: TPayoff = {
  id: '88888888-8888-4888-8888-888888888888',
  patientId: PATIENT.id,
  lienholderId: DEMO_ORGANIZATIONS.lienholder.id,
  lienholderName: DEMO_ORGANIZATIONS.lienholder.name,
  amountCents: 150_000,
  balanceCents: 234_025,
  status: 'proposed',
  note: 'Pro-rata share',
  proposedByName: 'Morgan Hale',
  proposedAt: '2026-11-22T10:00:00.000Z',
  answeredByName: null,
  answeredAt: null,
  disputeReason: null,
  paymentId: null,
};

export const LIEN: TClosingLien = {
  lienholderId: DEMO_ORGANIZATIONS.lienholder.id,
  lienholderName: DEMO_ORGANIZATIONS.lienholder.name,
  billedCents: 234_025,
  paidCents: 0,
  reducedCents: 0,
  waivedCents: 0,
  balanceCents: 234_025,
  payoffs: [],
  isResolved: false,
};

/** Before the settlement: the stage, the lien, nothing else. */
export const UNSETTLED: TClosing = {
  stage: 'negotiating',
  settlement: null,
  settlementHistory: [],
  figures: null,
  liens: [LIEN],
  billFinals: [],
  areLiensResolved: false,
};

/** Settled, with MedLien's payoff awaiting its answer. */
export const SETTLED: TClosing = {
  stage: 'settled',
  settlement: SETTLEMENT,
  settlementHistory: [
    {
      version: 1,
      action: 'recorded',
      changes: {},
      reason: null,
      actorName: 'Morgan Hale',
      actorRole: 'attorney',
      at: '2026-11-20T10:00:00.000Z',
    },
  ],
  figures: {
    grossCents: 5_000_000,
    feeCents: 1_666_500,
    costsCents: 120_000,
    liensCents: 150_000,
    netCents: 3_063_500,
  },
  liens: [{ ...LIEN, payoffs: [PROPOSED] }],
  billFinals: [],
  areLiensResolved: false,
};

/** Settled with the payoff confirmed: the rest of the balance waived, the lien resolved. */
export const RESOLVED: TClosing = {
  ...SETTLED,
  liens: [
    {
      ...LIEN,
      paidCents: 150_000,
      waivedCents: 84_025,
      balanceCents: 0,
      isResolved: true,
      payoffs: [
        {
          ...PROPOSED,
          status: 'confirmed',
          answeredByName: 'Lee Medlien',
          answeredAt: '2026-11-23T10:00:00.000Z',
          paymentId: '99999999-9999-4999-8999-999999999999',
        },
      ],
    },
  ],
  areLiensResolved: true,
};
