import type { AuditAction } from '@casebridge/domain/audit';
import { isUuid } from '@casebridge/domain/record-id';
import type { Db } from '#src/db/client.ts';
import type { Actor } from '#src/lib/actor.ts';
import { writeAuditOnItsOwn } from './audit.service.ts';
import { auditNoteOfListedGrantUse } from './grant-use.ts';

/** What a page's ids are: only 'patients' lists patient ids (asked about grants in use). */
export type ListedLabel = 'patients' | 'documents' | 'billing entries' | 'mails';

/**
 * One read of health information, as its audit row records it: the patient read, or for a list
 * or search page the ids it returned, and what was asked (never free text that may hold PHI).
 */
export type PatientRead = {
  action: AuditAction;
  /** The one patient this read is about (its row then shows in the patient's access history). */
  patientId?: string | null;
  /** A page of patients: their ids, in the order returned, go into the details. */
  listed?: { label: ListedLabel; ids: readonly string[] };
  details?: string | null;
  ip: string | null;
};

/** 'patients: id1,id2' or 'patients: none'. */
export function describeListedIds(label: ListedLabel, ids: readonly string[]): string {
  return `${label}: ${ids.length > 0 ? ids.join(',') : 'none'}`;
}

/**
 * The one way a read of patient data is audited: exactly one row per request, written on its
 * own after the read (a read has no transaction to join). Emergency-access reads are annotated
 * here too, so every read route gets it by calling this.
 */
export async function auditPatientRead(db: Db, actor: Actor, read: PatientRead): Promise<void> {
  const parts = [
    read.listed ? describeListedIds(read.listed.label, read.listed.ids) : null,
    read.details ?? null,
    // A page that holds patients reached through an emergency access grant says which (pages
    // of documents, billing lines or mails list their own ids, about the row's one patient).
    read.listed?.label === 'patients'
      ? await auditNoteOfListedGrantUse(db, actor, read.listed.ids)
      : null,
  ].filter((part): part is string => part !== null && part !== '');
  await writeAuditOnItsOwn(db, {
    action: read.action,
    actor,
    patientId: read.patientId ?? null,
    details: parts.length > 0 ? parts.join('; ') : null,
    ip: read.ip,
  });
}

/** A refused attempt on a patient: the id asked for and the route, whatever its format. */
export type RefusedPatientAccess = {
  /** What the id names: a patient, or one of its records (a document). */
  subject?: 'patient' | 'document';
  requestedId: string;
  /** The patient concerned when known (a document's); a patient id is its own. */
  patientId?: string | null;
  /** 'GET /api/patients/:patientId/billing' */
  route: string;
  ip: string | null;
};

/**
 * The audit row of a refused attempt on a patient (out of scope, missing or malformed id). It is
 * written by the error handler after the request's transaction rolled back, so it is never lost
 * with the refused change. A well-formed id is kept in the patient column, so attempts on a real
 * patient show in that patient's access history.
 */
export async function auditRefusedPatientAccess(
  db: Db,
  actor: Actor,
  refused: RefusedPatientAccess,
): Promise<void> {
  const subject = refused.subject ?? 'patient';
  const patientId =
    subject === 'patient' ? (isUuid(refused.requestedId) ? refused.requestedId : null) : null;
  await writeAuditOnItsOwn(db, {
    action: 'access_denied',
    actor,
    patientId: refused.patientId ?? patientId,
    details: `${refused.route}; ${subject} id asked: ${JSON.stringify(refused.requestedId.slice(0, 100))}`,
    ip: refused.ip,
  });
}
