import { and, eq, inArray } from 'drizzle-orm';
import {
  CASE_REQUEST_KIND_LABELS,
  type CaseRequestKind,
  type CaseRequestStatus,
} from '@casebridge/domain/requests/case-request-constants';
import type { Db } from '#src/db/client.ts';
import {
  caseRequestDocuments,
  caseRequests,
  documents,
  organizations,
  patientActivity,
  patients,
  users,
} from '#src/db/schema/index.ts';

const DAY_MS = 86_400_000;
const isoDay = (daysFromToday: number) =>
  new Date(Date.now() + daysFromToday * DAY_MS).toISOString().slice(0, 10);

type DemoRequest = {
  patient: string;
  requester: string;
  clinic: string;
  kind: CaseRequestKind;
  status: CaseRequestStatus;
  /** Days from today: negative is overdue while the request is open. */
  dueInDays: number;
  createdDaysAgo: number;
  note?: string;
  declineReason?: string;
  /** For a fulfilled request: the patient's document (by file name) that fulfilled it. */
  document?: string;
};

/**
 * The demo's records and bills requests: open ones, overdue ones (the
 * reminder job tells both sides on first start) and answered ones, so each party's Outstanding
 * requests and the patients' Requests sections are filled on first start.
 */
const DEMO_REQUESTS: DemoRequest[] = [
  {
    patient: 'James Whitfield',
    requester: 'attorney@demo.test',
    clinic: 'Harbor Physical Therapy',
    kind: 'narrative_report',
    status: 'requested',
    dueInDays: 10,
    createdDaysAgo: 4,
    note: 'Narrative on prognosis and future care, please.',
  },
  {
    patient: 'James Whitfield',
    requester: 'attorney@demo.test',
    clinic: 'Riverside Imaging Associates',
    kind: 'imaging',
    status: 'acknowledged',
    dueInDays: -3,
    createdDaysAgo: 17,
    note: 'Lumbar MRI films and the radiologist report.',
  },
  {
    patient: 'James Whitfield',
    requester: 'attorney@demo.test',
    clinic: 'Harbor Physical Therapy',
    kind: 'medical_records',
    status: 'fulfilled',
    dueInDays: -2,
    createdDaysAgo: 16,
    document: 'evaluation-report.pdf',
  },
  {
    patient: 'Robert Alvarez',
    requester: 'lienholder@demo.test',
    clinic: 'Harbor Physical Therapy',
    kind: 'itemized_bill',
    status: 'requested',
    dueInDays: -5,
    createdDaysAgo: 19,
    note: 'Itemized bill with CPT codes for every visit.',
  },
  {
    patient: 'Emily Chen',
    requester: 'lienholder@demo.test',
    clinic: 'Summit Spine & Pain Center',
    kind: 'itemized_bill',
    status: 'fulfilled',
    dueInDays: 3,
    createdDaysAgo: 11,
    document: 'injection-invoice.pdf',
  },
  {
    patient: 'Daniel Okafor',
    requester: 'attorney2@demo.test',
    clinic: 'Summit Spine & Pain Center',
    kind: 'discharge_summary',
    status: 'declined',
    dueInDays: 6,
    createdDaysAgo: 8,
    declineReason: 'Mr. Okafor has not been discharged yet; we will send it at discharge.',
  },
  {
    patient: 'Daniel Okafor',
    requester: 'keystone@demo.test',
    clinic: 'Summit Spine & Pain Center',
    kind: 'itemized_bill',
    status: 'requested',
    dueInDays: 7,
    createdDaysAgo: 2,
  },
];

const PAST: Partial<Record<CaseRequestStatus, string>> = {
  acknowledged: 'acknowledged',
  fulfilled: 'fulfilled',
  declined: 'declined',
};

async function idsByName<T extends { name: string; id: string }>(rows: Promise<T[]>) {
  return new Map((await rows).map((row) => [row.name, row.id]));
}

/** Inserts the demo requests with their documents and Activity items, inside the seed's transaction. */
export async function seedDemoCaseRequests(tx: Db): Promise<void> {
  const patientIds = await idsByName(
    tx.select({ name: patients.fullName, id: patients.id }).from(patients),
  );
  const clinicIds = await idsByName(
    tx.select({ name: organizations.name, id: organizations.id }).from(organizations),
  );
  const people = await tx
    .select({
      email: users.email,
      id: users.id,
      name: users.name,
      role: users.role,
      organizationId: users.organizationId,
      organizationName: organizations.name,
    })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(inArray(users.email, [...new Set(DEMO_REQUESTS.map((request) => request.requester))]));
  for (const demo of DEMO_REQUESTS) {
    const patientId = patientIds.get(demo.patient);
    const clinicId = clinicIds.get(demo.clinic);
    const requester = people.find((person) => person.email === demo.requester);
    if (!patientId || !clinicId || !requester) throw new Error(`demo request for ${demo.patient}`);
    const createdAt = new Date(Date.now() - demo.createdDaysAgo * DAY_MS);
    const answeredAt = new Date(createdAt.getTime() + 2 * DAY_MS);
    const isClosed = demo.status === 'fulfilled' || demo.status === 'declined';
    const [row] = await tx
      .insert(caseRequests)
      .values({
        patientId,
        clinicId,
        requesterOrganizationId: requester.organizationId,
        requesterUserId: requester.id,
        requesterName: requester.name,
        requesterRole: requester.role,
        kind: demo.kind,
        dueOn: isoDay(demo.dueInDays),
        note: demo.note ?? null,
        status: demo.status,
        declineReason: demo.declineReason ?? null,
        acknowledgedAt: demo.status === 'requested' ? null : answeredAt,
        closedAt: isClosed ? answeredAt : null,
        createdAt,
        updatedAt: demo.status === 'requested' ? createdAt : answeredAt,
        version: demo.status === 'requested' ? 1 : 2,
      })
      .returning({ id: caseRequests.id });
    const requestId = row!.id;
    const label = CASE_REQUEST_KIND_LABELS[demo.kind].toLowerCase();
    const who = requester.organizationName ?? requester.name;
    await tx.insert(patientActivity).values({
      patientId,
      kind: 'case_request',
      recordId: requestId,
      summary: `${who} requested ${label}`,
      actorId: requester.id,
      actorName: requester.name,
      actorRole: requester.role,
      occurredAt: createdAt,
    });
    if (demo.document) {
      const [document] = await tx
        .select({ id: documents.id })
        .from(documents)
        .where(and(eq(documents.patientId, patientId), eq(documents.fileName, demo.document)));
      if (!document) throw new Error(`demo document ${demo.document}`);
      await tx.insert(caseRequestDocuments).values({ requestId, documentId: document.id });
    }
    const past = PAST[demo.status];
    if (past)
      await tx.insert(patientActivity).values({
        patientId,
        kind: 'case_request',
        recordId: requestId,
        summary: `${demo.clinic} ${past} the request for ${label}`,
        occurredAt: answeredAt,
      });
  }
}
