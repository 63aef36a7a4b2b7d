import { eq, inArray } from 'drizzle-orm';
import type { AccidentType } from '@casebridge/domain/case-facts/case-facts-constants';
import type {
  ReferralKind,
  ReferralState,
  ReferralUrgency,
} from '@casebridge/domain/referrals/referral-constants';
import type { Db } from '#src/db/client.ts';
import { organizations, patients, referrals, users } from '#src/db/schema/index.ts';
import { DEMO_ORGANIZATIONS } from './demo-data.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

type OrganizationKey = 'harbor' | 'summit' | 'riverside' | 'morgan' | 'castillo';

type DemoReferral = {
  kind: ReferralKind;
  from: OrganizationKey;
  /** The demo user who sent it. */
  sentBy: string;
  to: OrganizationKey;
  /** The demo user of the receiving clinic who answered it, when it was answered. */
  answeredBy?: string;
  state: ReferralState;
  /** The demo patient it became or concerns; its intake dates the referral. */
  patient?: string;
  clientName: string;
  dob: string;
  phone?: string;
  accidentType?: AccidentType;
  /** Days before the referral was sent. */
  accidentDaysBefore?: number;
  injurySummary: string;
  insurerCarrier?: string;
  claimNumber?: string;
  lopOnFile: boolean;
  urgency: ReferralUrgency;
  /** When it was sent: hours before the patient's intake, or before now without a patient. */
  sentHoursBefore: number;
  /** How long the clinic took to answer. */
  answeredAfterHours?: number;
  declineReason?: string;
};

/**
 * Referrals that tell the story of the demo patients: Maria Delgado came to Harbor as Morgan &
 * Hale's referral, accepted two hours after it was sent on her intake day (her case facts carry
 * the same accident and carrier); Harbor referred Priya Raman on to Riverside Imaging, which
 * joined her case; Castillo's dog-bite client was declined by Summit, a spine and pain practice;
 * and Morgan & Hale's newest client waits in Harbor's queue.
 */
export const DEMO_REFERRALS: readonly DemoReferral[] = [
  {
    kind: 'new_client',
    from: 'morgan',
    sentBy: 'attorney@demo.test',
    to: 'harbor',
    answeredBy: 'clinic@demo.test',
    state: 'accepted',
    patient: 'Maria Delgado',
    clientName: 'Maria Delgado',
    dob: '1984-03-12',
    phone: '(562) 555-0110',
    accidentType: 'auto',
    accidentDaysBefore: 2,
    injurySummary: 'Rear-ended on the 405; neck stiffness and headaches since, worse at night.',
    insurerCarrier: 'Golden Coast Mutual',
    claimNumber: 'GCM-88-31907',
    lopOnFile: true,
    urgency: 'soon',
    sentHoursBefore: 4,
    answeredAfterHours: 2,
  },
  {
    kind: 'onward',
    from: 'harbor',
    sentBy: 'clinic@demo.test',
    to: 'riverside',
    answeredBy: 'imaging@demo.test',
    state: 'accepted',
    patient: 'Priya Raman',
    clientName: 'Priya Raman',
    dob: '1991-07-25',
    injurySummary: 'Lumbar MRI: radiating left leg pain not improving after four weeks of PT.',
    lopOnFile: true,
    urgency: 'routine',
    // Four weeks after her intake at Harbor.
    sentHoursBefore: -28 * 24,
    answeredAfterHours: 5,
  },
  {
    kind: 'new_client',
    from: 'castillo',
    sentBy: 'attorney2@demo.test',
    to: 'summit',
    answeredBy: 'clinic2@demo.test',
    state: 'declined',
    clientName: 'Tyler Grant',
    dob: '2001-02-08',
    phone: '(562) 555-0187',
    accidentType: 'dog_bite',
    accidentDaysBefore: 1,
    injurySummary: 'Bite wounds to the right forearm, stitched at urgent care.',
    insurerCarrier: 'Harborline Home Insurance',
    lopOnFile: false,
    urgency: 'urgent',
    sentHoursBefore: 9 * 24,
    answeredAfterHours: 26,
    declineReason:
      'We treat spine and pain only; wound follow-up belongs with a primary care or plastics office.',
  },
  {
    kind: 'new_client',
    from: 'morgan',
    sentBy: 'attorney@demo.test',
    to: 'harbor',
    state: 'pending',
    clientName: 'Marcus Webb',
    dob: '1990-06-18',
    phone: '(562) 555-0162',
    accidentType: 'slip_and_fall',
    accidentDaysBefore: 4,
    injurySummary: 'Fell on a wet grocery-store floor; right knee and lower back pain.',
    insurerCarrier: 'Pacific Shield Insurance',
    claimNumber: 'PSI-553210',
    lopOnFile: true,
    urgency: 'soon',
    sentHoursBefore: 5,
  },
];

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

export async function seedDemoReferrals(tx: Db): Promise<void> {
  const orgRows = await tx
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(
      inArray(
        organizations.name,
        DEMO_ORGANIZATIONS.map((organization) => organization.name),
      ),
    );
  const orgId = (key: OrganizationKey) => {
    const name = DEMO_ORGANIZATIONS.find((organization) => organization.key === key)?.name;
    const row = orgRows.find((organization) => organization.name === name);
    if (!row) throw new Error(`demo referrals: no organisation ${key}`);
    return row.id;
  };
  const people = await tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users);
  const person = (email: string) => {
    const row = people.find((user) => user.email === email);
    if (!row) throw new Error(`demo referrals: no user ${email}`);
    return row;
  };
  for (const demo of DEMO_REFERRALS) {
    const [patient] = demo.patient
      ? await tx
          .select({ id: patients.id, firmId: patients.firmId, intakeDate: patients.intakeDate })
          .from(patients)
          .where(eq(patients.fullName, demo.patient))
      : [];
    if (demo.patient && !patient) throw new Error(`demo referrals: no patient ${demo.patient}`);
    // A patient's referral is dated from its intake (mid-morning); another from now.
    const anchor = patient?.intakeDate
      ? new Date(`${patient.intakeDate}T10:00:00Z`).getTime()
      : Date.now();
    const sentAt = new Date(anchor - demo.sentHoursBefore * HOUR_MS);
    const answeredAt =
      demo.answeredAfterHours === undefined
        ? null
        : new Date(sentAt.getTime() + demo.answeredAfterHours * HOUR_MS);
    const sender = person(demo.sentBy);
    const answerer = demo.answeredBy ? person(demo.answeredBy) : null;
    await tx.insert(referrals).values({
      kind: demo.kind,
      referringOrgId: orgId(demo.from),
      clinicId: orgId(demo.to),
      firmId: demo.kind === 'onward' ? (patient?.firmId ?? null) : orgId(demo.from),
      patientId: patient?.id ?? null,
      clientName: demo.clientName,
      dob: demo.dob,
      phone: demo.phone ?? null,
      accidentDate:
        demo.accidentDaysBefore === undefined
          ? null
          : isoDate(new Date(sentAt.getTime() - demo.accidentDaysBefore * DAY_MS)),
      accidentType: demo.accidentType ?? null,
      injurySummary: demo.injurySummary,
      insurerCarrier: demo.insurerCarrier ?? null,
      claimNumber: demo.claimNumber ?? null,
      lopOnFile: demo.lopOnFile,
      urgency: demo.urgency,
      state: demo.state,
      declineReason: demo.declineReason ?? null,
      createdBy: sender.id,
      createdByName: sender.name,
      respondedAt: answeredAt,
      respondedBy: answerer?.id ?? null,
      respondedByName: answerer?.name ?? null,
      createdAt: sentAt,
      updatedAt: answeredAt ?? sentAt,
      version: answeredAt ? 2 : 1,
      ...(answerer ? { updatedBy: answerer.id, updatedByName: answerer.name } : {}),
    });
  }
}
