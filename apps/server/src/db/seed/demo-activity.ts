import { eq } from 'drizzle-orm';
import { ACTIVITY_SUMMARIES } from '@casebridge/domain/activity/activity-texts';
import type { Db } from '#src/db/client.ts';
import {
  billingEntries,
  documents,
  messages,
  patientActivity,
  patients,
  users,
} from '#src/db/schema/index.ts';

type Item = typeof patientActivity.$inferInsert;
type Person = {
  id: string | null;
  name: string | null;
  role: (typeof users.$inferSelect)['role'] | null;
};

const by = (person: Person | null) => ({
  actorId: person?.id ?? null,
  actorName: person?.name ?? null,
  actorRole: person?.role ?? null,
});

/**
 * The Activity feed of the demo patients: the seed writes its rows directly, not
 * through the services, so the items those services would have written are derived here from
 * the seeded rows, at the times the rows carry: each evaluated patient's status changes, every
 * message, billing line and document. A new user's Activity tab is then full on first start.
 */
export async function seedDemoActivity(tx: Db): Promise<void> {
  const items: Item[] = [];

  for (const patient of await tx
    .select({
      id: patients.id,
      status: patients.treatmentStatus,
      intakeDate: patients.intakeDate,
      evalDate: patients.evalDate,
      creator: { id: users.id, name: users.name, role: users.role },
    })
    .from(patients)
    .leftJoin(users, eq(users.id, patients.createdBy))) {
    if (!patient.evalDate) continue;
    const evaluatedAt = new Date(`${patient.evalDate}T15:00:00Z`);
    items.push({
      patientId: patient.id,
      kind: 'status_changed',
      summary: ACTIVITY_SUMMARIES.statusChanged('Referred', 'Evaluated'),
      ...by(patient.creator),
      occurredAt: evaluatedAt,
    });
    if (patient.status !== 'Evaluated') {
      items.push({
        patientId: patient.id,
        kind: 'status_changed',
        summary: ACTIVITY_SUMMARIES.statusChanged('Evaluated', patient.status),
        ...by(patient.creator),
        occurredAt: new Date(evaluatedAt.getTime() + 4 * 86_400_000),
      });
    }
  }

  for (const message of await tx.select().from(messages)) {
    items.push({
      patientId: message.patientId,
      kind: 'message',
      recordId: message.id,
      summary: ACTIVITY_SUMMARIES.messageSent(),
      ...by({ id: message.senderId, name: message.senderName, role: message.senderRole }),
      occurredAt: message.createdAt,
    });
  }

  for (const line of await tx
    .select({
      line: billingEntries,
      biller: { id: users.id, name: users.name, role: users.role },
    })
    .from(billingEntries)
    .leftJoin(users, eq(users.id, billingEntries.createdBy))) {
    items.push({
      patientId: line.line.patientId,
      kind: 'billing_line',
      recordId: line.line.id,
      summary: ACTIVITY_SUMMARIES.billingLineAdded({
        cptCode: line.line.cptCode,
        sessionCount: line.line.sessionCount,
        amountCents: line.line.billedAmountCents,
      }),
      ...by(line.biller),
      occurredAt: new Date(`${line.line.date}T17:00:00Z`),
    });
  }

  for (const document of await tx
    .select({
      document: documents,
      uploader: { id: users.id, name: users.name, role: users.role },
    })
    .from(documents)
    .leftJoin(users, eq(users.id, documents.uploadedByUserId))) {
    items.push({
      patientId: document.document.patientId,
      kind: 'document',
      recordId: document.document.id,
      summary: ACTIVITY_SUMMARIES.documentUploaded(
        document.document.fileName,
        document.document.category,
      ),
      ...by(document.uploader),
      occurredAt: document.document.createdAt,
    });
  }

  // Nothing in the demo is dated in the future; a line billed today stays before now.
  for (const item of items)
    if (item.occurredAt && item.occurredAt.getTime() > Date.now()) item.occurredAt = new Date();
  if (items.length > 0) await tx.insert(patientActivity).values(items);
}
