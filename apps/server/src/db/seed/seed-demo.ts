import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { DEMO_PASSWORD } from '@casebridge/domain/constants';
import { toOrganizationSlug } from '@casebridge/domain/organizations/organization-slug';
import { toStorageKey, toStoredFileName } from '@casebridge/domain/documents/document-naming';
import type { Role } from '@casebridge/domain/roles';
import type { Db } from '#src/db/client.ts';
import { firstOrThrow } from '#src/db/first-or-throw.ts';
import {
  billingEntries,
  documents,
  messageReads,
  messages,
  messageTemplates,
  organizations,
  patientClinics,
  patientLienholders,
  patients,
  users,
} from '#src/db/schema/index.ts';
import type { FileStorage } from '#src/storage/file-storage.ts';
import { insertUser } from '#src/modules/users/users.queries.ts';
import { getSettings } from '#src/modules/settings/settings.queries.ts';
import {
  DEMO_BILLING,
  DEMO_DOCUMENTS,
  DEMO_MESSAGES,
  DEMO_ORGANIZATIONS,
  DEMO_PATIENTS,
  DEMO_USERS,
} from './demo-data.ts';
import { makeSamplePdf, makeSamplePng } from './sample-files.ts';
import { seedDemoActivity } from './demo-activity.ts';
import { seedDemoReductions } from './demo-reductions.ts';
import { seedDemoCaseRequests } from './demo-case-requests.ts';
import { seedDemoTreatmentGaps } from './demo-treatment-gaps.ts';
import { seedDemoLiens } from './demo-liens.ts';
import { seedDemoCaseFacts } from './demo-case-facts.ts';
import { seedDemoReferrals } from './demo-referrals.ts';
import { seedDemoVisits } from './demo-visits.ts';
import { seedDemoCaseUpdates } from './demo-case-updates.ts';
import { seedDemoClosing } from './demo-closing.ts';

const DAY_MS = 86_400_000;
const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

export type SeedResult = { seeded: boolean; reason?: string };

export type SeedOptions = {
  /** At start-up: seed only a database without any user, never one holding real accounts. */
  onlyIfEmpty?: boolean;
};

/** Whether demo data is already there (the demo admin exists). */
export async function hasDemoData(db: Db): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'admin@demo.test'))
    .limit(1);
  return rows.length > 0;
}

async function hasAnyUser(db: Db): Promise<boolean> {
  return (await db.select({ id: users.id }).from(users).limit(1)).length > 0;
}

/**
 * Seeds the demo organisations, accounts, patients, messages, billing lines and documents.
 * Idempotent: a database that already has the demo admin is left as it is.
 */
export async function seedDemoData(
  db: Db,
  storage: FileStorage,
  options: SeedOptions = {},
): Promise<SeedResult> {
  if (await hasDemoData(db)) return { seeded: false, reason: 'demo data already present' };
  if (options.onlyIfEmpty && (await hasAnyUser(db)))
    return { seeded: false, reason: 'the database already has users' };
  await getSettings(db);
  const writtenFiles: string[] = [];
  try {
    await db.transaction(async (tx) => {
      const orgIds = new Map<string, string>();
      for (const org of DEMO_ORGANIZATIONS) {
        const created = await tx
          .insert(organizations)
          .values({
            kind: org.kind,
            name: org.name,
            slug: toOrganizationSlug(org.name),
            address: org.address,
            phone: org.phone,
            email: org.email,
            description: org.description,
            specialties: org.specialties ?? null,
            practiceAreas: org.practiceAreas ?? null,
            lienholderType: org.lienholderType ?? null,
          })
          .returning({ id: organizations.id });
        orgIds.set(org.key, firstOrThrow(created, `demo organisation ${org.key}`).id);
      }
      const orgId = (key: string) => {
        const id = orgIds.get(key);
        if (!id) throw new Error(`unknown demo organisation ${key}`);
        return id;
      };

      const userIds = new Map<
        string,
        { id: string; name: string; role: Role; org: string | null }
      >();
      for (const user of DEMO_USERS) {
        const created = await insertUser(tx, {
          email: user.email,
          name: user.name,
          role: user.role,
          organizationId: user.organizationKey ? orgId(user.organizationKey) : null,
          password: DEMO_PASSWORD,
        });
        const orgName =
          DEMO_ORGANIZATIONS.find((org) => org.key === user.organizationKey)?.name ?? null;
        userIds.set(user.email, {
          id: created.id,
          name: created.name,
          role: user.role,
          org: orgName,
        });
      }
      const admin = userIds.get('admin@demo.test')!;
      const userIdOfOrganization = (key: string) => {
        const member = DEMO_USERS.find((user) => user.organizationKey === key);
        return member ? userIds.get(member.email)?.id : undefined;
      };

      const patientIds = new Map<string, string>();
      for (const [index, patient] of DEMO_PATIENTS.entries()) {
        const intake = daysAgo(patient.intakeDaysAgo);
        const isEvaluated = patient.status !== 'Referred';
        const created = await tx
          .insert(patients)
          .values({
            fullName: patient.fullName,
            dob: patient.dob,
            intakeDate: isoDate(intake),
            evalDate: isEvaluated ? isoDate(new Date(intake.getTime() + 3 * DAY_MS)) : null,
            lastTreatmentDate: isEvaluated
              ? isoDate(daysAgo(Math.max(0, Math.floor(patient.intakeDaysAgo / 4))))
              : null,
            treatmentStatus: patient.status,
            firmId: orgId(patient.firm),
            pointOfContactName: patient.contactName ?? null,
            pointOfContactPhone: patient.contactPhone ?? null,
            createdBy: userIdOfOrganization(patient.clinics[0]!) ?? admin.id,
            createdAt: intake,
            updatedAt: new Date(Date.now() - index * 3_600_000),
          })
          .returning({ id: patients.id });
        const patientId = firstOrThrow(created, `demo patient ${patient.fullName}`).id;
        patientIds.set(patient.fullName, patientId);
        await tx
          .insert(patientClinics)
          .values(patient.clinics.map((key) => ({ patientId, clinicId: orgId(key) })));
        if (patient.lienholders.length > 0) {
          await tx
            .insert(patientLienholders)
            .values(patient.lienholders.map((key) => ({ patientId, lienholderId: orgId(key) })));
        }
      }
      const patientId = (name: string) => patientIds.get(name)!;

      for (const message of DEMO_MESSAGES) {
        const sender = userIds.get(message.from)!;
        const created = await tx
          .insert(messages)
          .values({
            patientId: patientId(message.patient),
            senderId: sender.id,
            senderName: sender.name,
            senderRole: sender.role,
            senderOrganizationName: sender.org,
            body: message.body,
            createdAt: new Date(Date.now() - message.minutesAgo * 60_000),
          })
          .returning({ id: messages.id });
        const { id: messageId } = firstOrThrow(created, 'the demo message');
        await tx.insert(messageReads).values({ messageId, userId: sender.id });
      }

      for (const entry of DEMO_BILLING) {
        await tx.insert(billingEntries).values({
          patientId: patientId(entry.patient),
          cptCode: entry.cpt,
          sessionCount: entry.sessions,
          billedAmountCents: entry.cents,
          date: isoDate(daysAgo(entry.daysAgo)),
          clinicId: orgId(entry.clinic),
          createdBy: userIdOfOrganization(entry.clinic) ?? admin.id,
        });
      }

      for (const doc of DEMO_DOCUMENTS) {
        const pid = patientId(doc.patient);
        const createdAt = daysAgo(doc.daysAgo);
        const data = doc.fileName.endsWith('.png')
          ? makeSamplePng()
          : doc.fileName.endsWith('.txt')
            ? Buffer.from(
                `${doc.category} document for ${doc.patient}\n\nDemo content generated by CaseBridge.\n`,
              )
            : makeSamplePdf(`${doc.category}: ${doc.patient}`, [
                'CaseBridge demo document',
                `File: ${doc.fileName}`,
              ]);
        const documentId = randomUUID();
        const storedName = toStoredFileName(doc.fileName, createdAt);
        const storageKey = toStorageKey(pid, documentId);
        await storage.put(storageKey, data);
        writtenFiles.push(storageKey);
        await tx.insert(documents).values({
          id: documentId,
          patientId: pid,
          category: doc.category,
          fileName: doc.fileName,
          storedName,
          storageKey,
          mimeType: doc.fileName.endsWith('.png')
            ? 'image/png'
            : doc.fileName.endsWith('.txt')
              ? 'text/plain'
              : 'application/pdf',
          sizeBytes: data.length,
          sha256: createHash('sha256').update(data).digest('hex'),
          uploadedByUserId: userIds.get(doc.uploader)!.id,
          createdAt,
        });
      }

      await tx.insert(messageTemplates).values([
        {
          title: 'Appointment confirmation',
          body: 'Hello, this confirms the next appointment for {{patient.name}}. Please call us with any questions.',
          templateType: 'message',
          createdBy: admin.id,
          createdByName: admin.name,
        },
        {
          title: 'Records request',
          body: 'Please send the most recent treatment records for {{patient.name}}.',
          templateType: 'message',
          createdBy: admin.id,
          createdByName: admin.name,
        },
      ]);
      await seedDemoActivity(tx);
      await seedDemoReductions(tx);
      await seedDemoCaseRequests(tx);
      // Before the gaps, which read them: a visit booked ahead is no gap.
      await seedDemoVisits(tx);
      await seedDemoTreatmentGaps(tx);
      await seedDemoLiens(tx);
      await seedDemoCaseFacts(tx);
      await seedDemoReferrals(tx);
      await seedDemoCaseUpdates(tx);
      await seedDemoClosing(tx);
    });
  } catch (error) {
    // Nothing half-seeded: the transaction rolled back, so the files go too.
    await Promise.all(writtenFiles.map((key) => storage.remove(key)));
    throw error;
  }
  return { seeded: true };
}
