import { inArray, max } from 'drizzle-orm';
import { isInActiveTreatment } from '@casebridge/domain/gaps/treatment-gap';
import { DEFAULT_GAP_THRESHOLD_DAYS } from '@casebridge/domain/gaps/treatment-gap-constants';
import type { VisitState, VisitType } from '@casebridge/domain/visits/visit-constants';
import type { Db } from '#src/db/client.ts';
import { billingEntries, organizations, patients, visits } from '#src/db/schema/index.ts';
import { DEMO_ORGANIZATIONS, DEMO_PATIENTS, DEMO_USERS } from './demo-data.ts';

const DAY_MS = 86_400_000;
const TIMES = ['08:30', '09:15', '10:00', '11:30', '13:00', '14:30', '15:45'] as const;

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

type DemoVisit = {
  patientId: string;
  clinicId: string;
  visitDate: string;
  visitTime: string;
  type: VisitType;
  state: VisitState;
  recordedAt: Date | null;
  recordedByName: string | null;
  updatedByName: string;
};

const clinicUserName = (key: string) =>
  DEMO_USERS.find((user) => user.organizationKey === key)?.name ?? 'Avery Admin';

/**
 * The demo's visits, told from each patient's own dates so they agree with the patient page:
 * an evaluated patient's attended visits run weekly from the evaluation to the last treatment
 * date (the last one on it, none before intake); a patient in treatment whose last care is past
 * the threshold (the demo's gaps: Robert Alvarez, Nadia Haddad and others) missed the visit
 * booked a week after it, a no-show, and has nothing booked; one treated recently has the next
 * visit booked in the coming days; a referred patient has the initial evaluation booked; a
 * discharged one has its past visits only. Seeded before the gaps, which read them.
 */
export async function seedDemoVisits(tx: Db, now = new Date()): Promise<void> {
  const today = now.toISOString().slice(0, 10);
  const orgRows = await tx
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations);
  const orgId = (key: string) => {
    const name = DEMO_ORGANIZATIONS.find((org) => org.key === key)?.name;
    const row = orgRows.find((org) => org.name === name);
    if (!row) throw new Error(`unknown demo organisation ${key}`);
    return row.id;
  };
  const rows = await tx
    .select()
    .from(patients)
    .where(
      inArray(
        patients.fullName,
        DEMO_PATIENTS.map((patient) => patient.fullName),
      ),
    );
  const billed = new Map(
    (
      await tx
        .select({ patientId: billingEntries.patientId, last: max(billingEntries.date) })
        .from(billingEntries)
        .groupBy(billingEntries.patientId)
    ).map((row) => [row.patientId, row.last]),
  );
  const planned: DemoVisit[] = [];
  for (const demo of DEMO_PATIENTS) {
    const patient = rows.find((row) => row.fullName === demo.fullName);
    if (!patient?.intakeDate) continue;
    const clinicKey =
      demo.status === 'Referred for Imaging' && demo.clinics.includes('riverside')
        ? 'riverside'
        : demo.clinics[0]!;
    const clinicId = orgId(clinicKey);
    const by = clinicUserName(clinicKey);
    const visit = (day: string, type: VisitType, state: VisitState, slot: number): DemoVisit => ({
      patientId: patient.id,
      clinicId,
      visitDate: day,
      visitTime: TIMES[slot % TIMES.length]!,
      type,
      state,
      recordedAt: state === 'scheduled' ? null : new Date(`${day}T18:00:00Z`),
      recordedByName: state === 'scheduled' ? null : by,
      updatedByName: by,
    });
    const seed = demo.fullName.length;
    if (!patient.evalDate || !patient.lastTreatmentDate) {
      // Referred: the initial evaluation is booked.
      planned.push(visit(addDays(today, 1 + (seed % 3)), 'initial_evaluation', 'scheduled', seed));
      continue;
    }
    const first =
      patient.evalDate < patient.lastTreatmentDate ? patient.evalDate : patient.lastTreatmentDate;
    const days: string[] = [];
    for (let day = first; day < patient.lastTreatmentDate; day = addDays(day, 7)) days.push(day);
    days.push(patient.lastTreatmentDate);
    for (const [index, day] of days.entries()) {
      const type: VisitType =
        index === 0
          ? 'initial_evaluation'
          : index % 4 === 0
            ? 're_evaluation'
            : clinicKey === 'riverside'
              ? 'imaging'
              : index % 2 === 0
                ? 'follow_up'
                : 'therapy';
      planned.push(visit(day, type, 'attended', seed + index));
    }
    if (!isInActiveTreatment(demo.status)) continue;
    const billedLast = billed.get(patient.id) ?? null;
    const lastCare =
      billedLast && billedLast > patient.lastTreatmentDate ? billedLast : patient.lastTreatmentDate;
    const gapDays = Math.round((Date.parse(today) - Date.parse(lastCare)) / DAY_MS);
    if (gapDays > DEFAULT_GAP_THRESHOLD_DAYS) {
      planned.push(visit(addDays(lastCare, 7), 'follow_up', 'no_show', seed + days.length));
    } else {
      const type: VisitType = clinicKey === 'riverside' ? 'imaging' : 'therapy';
      planned.push(visit(addDays(today, 2 + (seed % 4)), type, 'scheduled', seed + days.length));
    }
  }
  if (planned.length > 0) await tx.insert(visits).values(planned);
}
