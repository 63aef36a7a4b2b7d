import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { normalizePatientName } from '@casebridge/domain/patients/patient-name';
import {
  billingEntries,
  messageReads,
  messages,
  patientClinics,
  patientLienholders,
  patients,
} from '#src/db/schema/index.ts';
import { importBatch, planSkip, type Plan, type PlannedRows } from './import-batch.ts';
import { claimKey, IMPORTER_NAME, type ImportRun } from './import-run.ts';
import {
  readSubcollection,
  ZLegacyBillingEntry,
  ZLegacyMessage,
  ZLegacyPatient,
  type LegacyDocument,
  type TLegacyPatient,
} from './legacy-export.schema.ts';

const SUBCOLLECTION_KEYS = ['billingEntries', 'messages', '__collections__'];

/** A patient document without its nested subcollections: they are records of their own. */
function withoutSubcollections(document: LegacyDocument): LegacyDocument {
  if (!document.data) return document;
  return {
    ...document,
    data: Object.fromEntries(
      Object.entries(document.data).filter(([key]) => !SUBCOLLECTION_KEYS.includes(key)),
    ),
  };
}

/** The ids of the organisations a patient names, or the first one CaseBridge does not know. */
function resolvePatientOrganizations(
  run: ImportRun,
  value: TLegacyPatient,
): { unknown: string } | { clinicIds: string[]; lienholderIds: string[]; firmId: string | null } {
  const clinicIds: string[] = [];
  for (const ref of value.clinicRefs) {
    const id = run.organization('clinic', ref);
    if (!id) return { unknown: `unknown organisation: clinic '${ref}'` };
    clinicIds.push(id);
  }
  const lienholderIds: string[] = [];
  for (const ref of value.lienholderRefs) {
    const id = run.organization('lienholder', ref);
    if (!id) return { unknown: `unknown organisation: lienholder '${ref}'` };
    lienholderIds.push(id);
  }
  const firmId = value.firmRef ? run.organization('firm', value.firmRef) : null;
  if (value.firmRef && !firmId) return { unknown: `unknown organisation: firm '${value.firmRef}'` };
  return { clinicIds: [...new Set(clinicIds)], lienholderIds: [...new Set(lienholderIds)], firmId };
}

const patientKey = (clinicId: string, dob: string, name: string) =>
  `${clinicId}\u0000${dob}\u0000${normalizePatientName(name)}`;

const lineKey = (line: {
  patientId: string;
  cptCode: string;
  date: string;
  sessionCount: number;
  billedAmountCents: number;
}) =>
  [line.patientId, line.cptCode, line.date, line.sessionCount, line.billedAmountCents].join(
    '\u0000',
  );

const messageKey = (patientId: string, body: string, at: Date) =>
  `${patientId}\u0000${at.getTime()}\u0000${body}`;

/** Records matched to CaseBridge ones by a key, oldest first; each may be taken by one source record. */
class Candidates {
  private readonly byKey = new Map<string, string[]>();

  constructor(
    private readonly run: ImportRun,
    private readonly table: string,
  ) {}

  add(key: string, id: string): void {
    const list = this.byKey.get(key) ?? [];
    if (!this.byKey.has(key)) this.byKey.set(key, list);
    if (!list.includes(id)) list.push(id);
  }

  /** The first record under any of `keys` that no source record has yet; it is then taken. */
  take(keys: string[]): string | null {
    for (const key of keys)
      for (const id of this.byKey.get(key) ?? [])
        if (!this.run.claimed.has(claimKey(this.table, id))) {
          this.run.claimed.add(claimKey(this.table, id));
          return id;
        }
    return null;
  }
}

/**
 * Patients with their clinics, lienholders, firm and contact. Matched by name and date of birth
 * within one of the same clinics ('merged': the CaseBridge patient is kept as it is, and the
 * source's billing lines and messages join it), a CaseBridge patient matching one source patient
 * at most; otherwise created with the old timestamps.
 */
export async function importPatients(run: ImportRun, sources: LegacyDocument[]): Promise<void> {
  let same = new Candidates(run, 'patients');
  await importBatch(run, 'patients', sources.map(withoutSubcollections), ZLegacyPatient, {
    async prepare(records) {
      same = new Candidates(run, 'patients');
      const dobs = [...new Set(records.map((record) => record.value.dob))];
      if (dobs.length === 0) return;
      const rows = await run.tx
        .select({
          id: patients.id,
          fullName: patients.fullName,
          dob: patients.dob,
          clinicId: patientClinics.clinicId,
        })
        .from(patients)
        .innerJoin(patientClinics, eq(patientClinics.patientId, patients.id))
        .where(inArray(patients.dob, dobs))
        .orderBy(asc(patients.createdAt), asc(patients.id));
      for (const row of rows) same.add(patientKey(row.clinicId, row.dob, row.fullName), row.id);
    },
    async plan({ value }): Promise<Plan> {
      const resolved = resolvePatientOrganizations(run, value);
      if ('unknown' in resolved) return planSkip(resolved.unknown);
      const { clinicIds, lienholderIds, firmId } = resolved;
      const warnings = [
        ...value.warnings,
        ...value.dayReadings,
        ...(clinicIds.length === 0
          ? ['no clinic: no clinic user can see it (only admins), until a clinic is added']
          : []),
        ...(firmId === null
          ? ['no firm: no attorney can see it (only admins and its clinics), until one is set']
          : []),
      ];
      const match = same.take(clinicIds.map((id) => patientKey(id, value.dob, value.fullName)));
      // The CaseBridge patient is kept as it is: nothing of the source record is assumed.
      if (match) return { outcome: { kind: 'merged', targetTable: 'patients', targetId: match } };
      const contactId = await run.user(value.contactRef);
      const createdAt = value.createdAt ?? new Date();
      const patientId = randomUUID();
      const rows: PlannedRows[] = [
        {
          table: patients,
          rows: [
            {
              id: patientId,
              fullName: value.fullName,
              dob: value.dob,
              intakeDate: value.intakeDate,
              evalDate: value.evalDate,
              lastTreatmentDate: value.lastTreatmentDate,
              treatmentStatus: value.treatmentStatus,
              firmId,
              associatedContactId: contactId,
              pointOfContactName: value.pointOfContactName,
              pointOfContactPhone: value.pointOfContactPhone,
              createdAt,
              updatedAt: value.updatedAt ?? createdAt,
              updatedByName: IMPORTER_NAME,
            },
          ],
        },
        { table: patientClinics, rows: clinicIds.map((clinicId) => ({ patientId, clinicId })) },
        {
          table: patientLienholders,
          rows: lienholderIds.map((lienholderId) => ({ patientId, lienholderId })),
        },
      ];
      return {
        outcome: {
          kind: 'created',
          targetTable: 'patients',
          targetId: patientId,
          ...(value.contactRef && !contactId
            ? { note: `unknown contact '${value.contactRef}': imported without one` }
            : {}),
          ...(warnings.length > 0 ? { warnings } : {}),
        },
        rows: rows.filter((planned) => planned.rows.length > 0),
      };
    },
    register(_value, targetId, sourceId) {
      run.patients.set(sourceId, targetId);
    },
  });
}

/**
 * The billing lines and messages nested in each patient (spec: patients/{id}/billingEntries and
 * patients/{id}/messages); their source id is `<patient id>/<entry id>`, so two identical lines
 * of one patient (a repeat visit) stay two lines, and a second run finds each again.
 */
export async function importPatientSubcollections(
  run: ImportRun,
  sources: LegacyDocument[],
): Promise<void> {
  for (const kind of ['billingEntries', 'messages'] as const) {
    const collection = `patients/${kind}` as const;
    const entries: LegacyDocument[] = [];
    const patientOf = new Map<string, string>();
    for (const patient of sources) {
      if (!patient.data) continue;
      const nested = readSubcollection(patient.data, kind);
      if (nested.length === 0) continue;
      if (typeof nested === 'string') {
        run.skip(collection, patient.sourceId, nested);
        continue;
      }
      const patientId = patient.sourceId ? run.patients.get(patient.sourceId) : undefined;
      for (const entry of nested) {
        const sourceId = `${patient.sourceId ?? '(no id)'}/${entry.sourceId ?? '(no id)'}`;
        if (!patientId) {
          run.skip(collection, sourceId, 'its patient was not imported (see patients)');
          continue;
        }
        if (entry.sourceId !== null) patientOf.set(sourceId, patientId);
        entries.push({ ...entry, sourceId: entry.sourceId === null ? null : sourceId });
      }
    }
    if (kind === 'billingEntries') await importBillingEntries(run, entries, patientOf);
    else await importMessages(run, entries, patientOf);
  }
}

/**
 * Billing lines. On a merged patient, a line CaseBridge already had (same code, day, sessions,
 * amount) is merged, each CaseBridge line matching one source line at most.
 */
function importBillingEntries(
  run: ImportRun,
  entries: LegacyDocument[],
  patientOf: Map<string, string>,
) {
  let same = new Candidates(run, 'billing_entries');
  return importBatch(run, 'patients/billingEntries', entries, ZLegacyBillingEntry, {
    async prepare(records) {
      same = new Candidates(run, 'billing_entries');
      const patientIds = [...new Set(records.map((record) => patientOf.get(record.sourceId)!))];
      if (patientIds.length === 0) return;
      const rows = await run.tx
        .select()
        .from(billingEntries)
        .where(and(inArray(billingEntries.patientId, patientIds), isNull(billingEntries.voidedAt)))
        .orderBy(asc(billingEntries.createdAt), asc(billingEntries.id));
      for (const row of rows) same.add(lineKey(row), row.id);
    },
    async plan({ sourceId, value }): Promise<Plan> {
      const patientId = patientOf.get(sourceId)!;
      const clinicId = value.clinicRef ? run.organization('clinic', value.clinicRef) : null;
      if (value.clinicRef && !clinicId)
        return planSkip(`unknown organisation: clinic '${value.clinicRef}'`);
      const warnings = value.dayReadings.length > 0 ? { warnings: value.dayReadings } : {};
      const match = same.take([lineKey({ ...value, patientId })]);
      if (match)
        return {
          outcome: { kind: 'merged', targetTable: 'billing_entries', targetId: match, ...warnings },
        };
      const id = randomUUID();
      const createdAt = value.createdAt ?? new Date(`${value.date}T12:00:00Z`);
      return {
        outcome: { kind: 'created', targetTable: 'billing_entries', targetId: id, ...warnings },
        rows: [
          {
            table: billingEntries,
            rows: [
              {
                id,
                patientId,
                cptCode: value.cptCode,
                sessionCount: value.sessionCount,
                billedAmountCents: value.billedAmountCents,
                date: value.date,
                clinicId,
                createdBy: await run.user(value.createdByRef),
                createdAt,
                updatedAt: createdAt,
                updatedByName: IMPORTER_NAME,
              },
            ],
          },
        ],
      };
    },
  });
}

/**
 * Messages with their sender mapped to the CaseBridge user (its name and role from the message,
 * else from that user, imported now or by an earlier run) and their read receipts. On a merged
 * patient, a message CaseBridge already had (same text at the same instant) is merged.
 */
function importMessages(run: ImportRun, entries: LegacyDocument[], patientOf: Map<string, string>) {
  let same = new Candidates(run, 'messages');
  return importBatch(run, 'patients/messages', entries, ZLegacyMessage, {
    async prepare(records) {
      same = new Candidates(run, 'messages');
      const patientIds = [...new Set(records.map((record) => patientOf.get(record.sourceId)!))];
      if (patientIds.length === 0) return;
      const rows = await run.tx
        .select({
          id: messages.id,
          patientId: messages.patientId,
          body: messages.body,
          createdAt: messages.createdAt,
        })
        .from(messages)
        .where(inArray(messages.patientId, patientIds))
        .orderBy(asc(messages.createdAt), asc(messages.id));
      for (const row of rows) same.add(messageKey(row.patientId, row.body, row.createdAt), row.id);
    },
    async plan({ sourceId, value }): Promise<Plan> {
      const patientId = patientOf.get(sourceId)!;
      const senderId = await run.user(value.senderRef);
      const sender = senderId ? await run.describeUser(senderId) : null;
      const senderName = value.senderName ?? sender?.name;
      const senderRole = value.senderRole ?? sender?.role;
      if (!senderName) return planSkip('missing required field: sender_name');
      if (!senderRole) return planSkip('missing required field: sender_role');
      const match = same.take([messageKey(patientId, value.body, value.createdAt)]);
      if (match) return { outcome: { kind: 'merged', targetTable: 'messages', targetId: match } };
      const messageId = randomUUID();
      const readers = new Set<string>();
      for (const ref of value.readByRefs) {
        const userId = await run.user(ref);
        if (userId) readers.add(userId);
      }
      const notes = [
        ...(value.senderRef && !senderId
          ? [`unknown sender '${value.senderRef}': kept by name only`]
          : []),
        ...(value.senderName === null && sender
          ? [`no sender_name: named '${senderName}' after the user`]
          : []),
      ];
      return {
        outcome: {
          kind: 'created',
          targetTable: 'messages',
          targetId: messageId,
          ...(notes.length > 0 ? { note: notes.join('; ') } : {}),
        },
        rows: [
          {
            table: messages,
            rows: [
              {
                id: messageId,
                patientId,
                senderId,
                senderName,
                senderRole,
                senderOrganizationName: sender?.organizationName ?? null,
                body: value.body,
                templateId: value.templateRef
                  ? (run.templates.get(value.templateRef) ?? null)
                  : null,
                notifyByEmail: value.notifyByEmail,
                attachmentUrl: value.attachmentUrl,
                attachmentName: value.attachmentName,
                createdAt: value.createdAt,
                updatedAt: value.createdAt,
              },
            ],
          },
          {
            table: messageReads,
            rows: [...readers].map((userId) => ({ messageId, userId, readAt: value.createdAt })),
          },
        ].filter((planned) => planned.rows.length > 0),
      };
    },
  });
}
