import {
  BULK_TEXTS,
  type TBulkCaseRequestAnswer,
  type TBulkCaseRequestParsed,
  type TBulkCaseRequestResult,
  type TBulkCaseUpdateAskAnswer,
  type TBulkCaseUpdateAskResult,
  type TBulkStatusAnswer,
  type TBulkStatusRequest,
  type TBulkStatusResult,
} from '@casebridge/domain/patients/bulk.schemas';
import type { TPatientDetail } from '@casebridge/domain/patients/patient.schemas';
import type { TreatmentStatus } from '@casebridge/domain/patients/treatment-status';
import type { Db } from '#src/db/client.ts';
import type { Actor } from '#src/lib/actor.ts';
import { AppError } from '#src/lib/app-error.ts';
import type { RequestContext } from '#src/lib/request-context.ts';
import { StaleWriteError } from '#src/lib/versioning.ts';
import { auditPatientRead, auditRefusedPatientAccess } from '#src/modules/audit/audit-reads.ts';
import { createRequest } from '#src/modules/case-requests/case-requests.service.ts';
import { requestCaseUpdate } from '#src/modules/case-updates/case-updates.service.ts';
import { readExternalIdOwner } from '#src/modules/patients/external-ids.service.ts';
import { PatientNotFoundError } from '#src/modules/patients/patient-access.ts';
import { getActorPatientScope } from '#src/modules/patients/patient-scope.ts';
import { changePatientStatus } from '#src/modules/patients/patient-status.service.ts';
import { toPatientsCsv } from './bulk-csv.ts';
import { findBulkPatients, type BulkPatient } from './bulk.queries.ts';

/** Where a refused id was asked, as its `access_denied` audit row names the route. */
const ROUTES = {
  status: 'POST /api/patients/bulk/status',
  requests: 'POST /api/patients/bulk/requests',
  export: 'POST /api/patients/bulk/export',
  asks: 'POST /api/patients/bulk/case-update-asks',
} as const;

/**
 * A chosen id that is missing or outside the scope: audited as a refused access, like the
 * patient guard's 404, and answered as not found, saying nothing of the patient.
 */
async function refuse(
  db: Db,
  actor: Actor,
  patientId: string,
  route: string,
  context: RequestContext,
) {
  await auditRefusedPatientAccess(db, actor, { requestedId: patientId, route, ip: context.ip });
  return {
    patientId,
    outcome: 'not_found' as const,
    patientName: null,
    message: BULK_TEXTS.notFound,
  };
}

const countDone = <T extends { outcome: string }>(results: T[]) => {
  const done = results.filter((result) => result.outcome === 'done').length;
  return { results, done, notDone: results.length - done };
};

const currentOf = (patient: TPatientDetail) => ({
  treatmentStatus: patient.treatmentStatus,
  version: patient.version,
  updatedByName: patient.updatedByName,
});

/** One patient's change, through the single change's own service: its own Change and undo. */
async function changeOne(
  db: Db,
  actor: Actor,
  item: { id: string; version: number },
  status: TreatmentStatus,
  context: RequestContext,
): Promise<TBulkStatusResult> {
  try {
    const { patient, undo } = await changePatientStatus(
      db,
      actor,
      item.id,
      { status, expectedVersion: item.version },
      context,
    );
    return {
      patientId: item.id,
      outcome: undo ? 'done' : 'unchanged',
      patientName: patient.fullName,
      message: undo ? null : BULK_TEXTS.unchanged(status),
      current: currentOf(patient),
      undo,
    };
  } catch (error) {
    if (error instanceof PatientNotFoundError) {
      return {
        ...(await refuse(db, actor, item.id, ROUTES.status, context)),
        current: null,
        undo: null,
      };
    }
    if (error instanceof StaleWriteError) {
      const current = error.current as TPatientDetail;
      return {
        patientId: item.id,
        outcome: 'stale',
        patientName: current.fullName,
        message: BULK_TEXTS.stale(current.updatedByName, current.treatmentStatus),
        current: currentOf(current),
        undo: null,
      };
    }
    throw error;
  }
}

/**
 * Sets one status on each chosen patient, one after the other, each exactly as a single change
 * (`changePatientStatus`): its own transaction and Change (audit row, Activity item, live
 * event), from the version the user listed (a stale one is reported, never overwritten), and
 * its own undo window. A patient that fails does not stop the others; every one is reported.
 */
export async function changeStatuses(
  db: Db,
  actor: Actor,
  input: TBulkStatusRequest,
  context: RequestContext,
): Promise<TBulkStatusAnswer> {
  const results: TBulkStatusResult[] = [];
  for (const item of input.patients) {
    results.push(await changeOne(db, actor, item, input.treatmentStatus, context));
  }
  return countDone(results);
}

/** One patient's requests, one per clinic, each through the requests' own service. */
async function requestOne(
  db: Db,
  actor: Actor,
  patient: BulkPatient,
  input: TBulkCaseRequestParsed,
  context: RequestContext,
): Promise<TBulkCaseRequestResult> {
  const base = { patientId: patient.id, patientName: patient.fullName };
  if (patient.clinics.length === 0)
    return { ...base, outcome: 'refused', message: BULK_TEXTS.noClinic, requests: [] };
  const requests: TBulkCaseRequestResult['requests'] = [];
  for (const clinic of patient.clinics) {
    try {
      const created = await createRequest(
        db,
        actor,
        patient.id,
        {
          clinicId: clinic.id,
          kind: input.kind,
          dueOn: input.dueOn,
          note: input.note,
          periodFrom: null,
          periodTo: null,
        },
        context,
      );
      requests.push({ id: created.id, clinicId: clinic.id, clinicName: created.clinicName });
    } catch (error) {
      // A refusal (the patient left the scope meanwhile, a clinic no longer the patient's)
      // is reported with the requests already made; anything else is the server's error.
      if (!(error instanceof AppError)) throw error;
      return { ...base, outcome: 'refused', message: error.message, requests };
    }
  }
  return { ...base, outcome: 'done', message: null, requests };
}

/**
 * Asks each chosen patient's clinics for the same thing (records, a bill...), one request per
 * clinic of the patient, through `createRequest`: the same checks (the kind the role may ask
 * for), audit, Activity, notification of the clinic and live event as one request. The ids are
 * scoped in one statement first; an id outside the scope is reported as not found.
 */
export async function requestFromClinics(
  db: Db,
  actor: Actor,
  input: TBulkCaseRequestParsed,
  context: RequestContext,
): Promise<TBulkCaseRequestAnswer> {
  const found = await findBulkPatients(db, getActorPatientScope(actor), input.patientIds, null);
  const byId = new Map(found.map((patient) => [patient.id, patient]));
  const results: TBulkCaseRequestResult[] = [];
  for (const patientId of input.patientIds) {
    const patient = byId.get(patientId);
    results.push(
      patient
        ? await requestOne(db, actor, patient, input, context)
        : { ...(await refuse(db, actor, patientId, ROUTES.requests, context)), requests: [] },
    );
  }
  return countDone(results);
}

/**
 * A clinic or lienholder asks each chosen patient's firm for a case update, through
 * `requestCaseUpdate`: its rules (a party of the patient, one open ask per organisation), audit
 * `case_update_requested`, Activity, the firm's notification and live events. A refusal (asked
 * already, no firm) is that patient's result; an id outside the scope is not found.
 */
export async function askForCaseUpdates(
  db: Db,
  actor: Actor,
  patientIds: readonly string[],
  context: RequestContext,
): Promise<TBulkCaseUpdateAskAnswer> {
  const found = await findBulkPatients(db, getActorPatientScope(actor), patientIds, null);
  const byId = new Map(found.map((patient) => [patient.id, patient]));
  const results: TBulkCaseUpdateAskResult[] = [];
  for (const patientId of patientIds) {
    const patient = byId.get(patientId);
    if (!patient) {
      results.push(await refuse(db, actor, patientId, ROUTES.asks, context));
      continue;
    }
    const base = { patientId, patientName: patient.fullName };
    try {
      await requestCaseUpdate(db, actor, patientId, context);
      results.push({ ...base, outcome: 'done', message: null });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ ...base, outcome: 'refused', message: error.message });
    }
  }
  return countDone(results);
}

/**
 * The chosen patients as CSV, audited as one read naming them. An export is a read of
 * health information: any id outside the scope answers the whole request as not found (the
 * guard's 404, audited as a refusal), never a file with some rows quietly left out.
 */
export async function exportPatients(
  db: Db,
  actor: Actor,
  patientIds: readonly string[],
  context: RequestContext,
): Promise<{ fileName: string; csv: string }> {
  const rows = await findBulkPatients(
    db,
    getActorPatientScope(actor),
    patientIds,
    readExternalIdOwner(actor),
  );
  const found = new Set(rows.map((row) => row.id));
  const missing = patientIds.find((id) => !found.has(id));
  if (missing !== undefined) throw new PatientNotFoundError(missing);
  await auditPatientRead(db, actor, {
    action: 'patients_exported',
    listed: { label: 'patients', ids: rows.map((row) => row.id) },
    details: `${rows.length} patients as CSV`,
    ip: context.ip,
  });
  return { fileName: 'patients.csv', csv: toPatientsCsv(rows) };
}
