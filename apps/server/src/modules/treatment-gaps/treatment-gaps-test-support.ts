import { and, eq, isNull } from 'drizzle-orm';
import {
  mailOutbox,
  notifications,
  organizations,
  patientActivity,
  patientClinics,
  patients,
  treatmentGaps,
  users,
} from '#src/db/schema/index.ts';
import type { TestServer } from '#src/test/test-server.ts';
import { runGapDigests } from './gap-digest.ts';

const DAY_MS = 86_400_000;

/** The calendar day `days` before today (UTC). */
export const daysAgo = (days: number) =>
  new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);

/** The organisation of a demo user (Harbor for clinic@, Summit for clinic2@, …). */
export async function organizationOf(server: TestServer, email: string): Promise<string> {
  const [row] = await server.context.db
    .select({ id: users.organizationId })
    .from(users)
    .where(eq(users.email, email));
  if (!row?.id) throw new Error(`${email} has no organisation`);
  return row.id;
}

/**
 * A patient written straight to the database, dated so that its last care is known: the
 * listing triggers give it its rows, so the APIs see it as any other.
 */
export async function insertGapPatient(
  server: TestServer,
  patient: {
    fullName: string;
    status?: (typeof patients.$inferInsert)['treatmentStatus'];
    lastTreatmentDaysAgo: number;
    clinicIds: string[];
    firmId: string;
  },
): Promise<string> {
  const db = server.context.db;
  const [row] = await db
    .insert(patients)
    .values({
      fullName: patient.fullName,
      dob: '1980-01-01',
      treatmentStatus: patient.status ?? 'Evaluated',
      intakeDate: daysAgo(patient.lastTreatmentDaysAgo + 10),
      lastTreatmentDate: daysAgo(patient.lastTreatmentDaysAgo),
      firmId: patient.firmId,
    })
    .returning({ id: patients.id });
  if (!row) throw new Error('patient not inserted');
  await db
    .insert(patientClinics)
    .values(patient.clinicIds.map((clinicId) => ({ patientId: row.id, clinicId })));
  return row.id;
}

export async function listGaps(server: TestServer, patientId: string) {
  return server.context.db
    .select()
    .from(treatmentGaps)
    .where(eq(treatmentGaps.patientId, patientId));
}

export async function hasOpenGap(server: TestServer, patientId: string): Promise<boolean> {
  const open = await server.context.db
    .select({ id: treatmentGaps.id })
    .from(treatmentGaps)
    .where(and(eq(treatmentGaps.patientId, patientId), isNull(treatmentGaps.closedAt)));
  return open.length > 0;
}

/** Every gap digest, one entry per notification, with its recipient. */
export async function listGapDigests(server: TestServer) {
  return server.context.db
    .select({
      userId: notifications.recipientUserId,
      role: users.role,
      organizationId: users.organizationId,
      content: notifications.content,
      patientId: notifications.patientId,
      linkTo: notifications.linkTo,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.recipientUserId))
    .where(eq(notifications.type, 'treatment_gap'));
}

/** Every gap digest e-mail queued: its address, its user and its text. */
export async function listGapDigestMails(server: TestServer) {
  return server.context.db
    .select({ to: mailOutbox.toAddress, userId: mailOutbox.subjectId, text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.kind, 'treatment_gap_digest'));
}

/** Runs the daily gap digest now, or at `now` (a later day). */
export function runGapDigestAt(server: TestServer, now = new Date()) {
  return runGapDigests(server.context.db, { now, appUrl: server.context.env.appUrl });
}

/**
 * `count` patients in one statement, named `${prefix} NNN`, all last cared for
 * `lastTreatmentDaysAgo` days ago, treated by `clinicIds` and represented by `firmId`.
 */
export async function insertGapPatients(
  server: TestServer,
  input: {
    prefix: string;
    count: number;
    lastTreatmentDaysAgo: number;
    clinicIds: string[];
    firmId: string;
  },
): Promise<string[]> {
  const db = server.context.db;
  const rows = await db
    .insert(patients)
    .values(
      Array.from({ length: input.count }, (_, index) => ({
        fullName: `${input.prefix} ${String(index).padStart(3, '0')}`,
        dob: '1980-01-01',
        treatmentStatus: 'Evaluated' as const,
        intakeDate: daysAgo(input.lastTreatmentDaysAgo + 10),
        lastTreatmentDate: daysAgo(input.lastTreatmentDaysAgo),
        firmId: input.firmId,
      })),
    )
    .returning({ id: patients.id });
  await db
    .insert(patientClinics)
    .values(
      rows.flatMap((row) => input.clinicIds.map((clinicId) => ({ patientId: row.id, clinicId }))),
    );
  return rows.map((row) => row.id);
}

export async function listGapActivity(server: TestServer, patientId: string) {
  const rows = await server.context.db
    .select({ kind: patientActivity.kind })
    .from(patientActivity)
    .where(eq(patientActivity.patientId, patientId));
  return rows.map((row) => row.kind).filter((kind) => kind.startsWith('gap_'));
}

export async function getClinicThreshold(server: TestServer, clinicId: string) {
  const [row] = await server.context.db
    .select({ days: organizations.gapThresholdDays, version: organizations.version })
    .from(organizations)
    .where(eq(organizations.id, clinicId));
  if (!row) throw new Error(`no clinic ${clinicId}`);
  return row;
}
