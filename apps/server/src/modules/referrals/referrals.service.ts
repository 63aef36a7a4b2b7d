import { eq } from 'drizzle-orm';
import { ACTIVITY_SUMMARIES } from '@casebridge/domain/activity/activity-texts';
import { isUuid } from '@casebridge/domain/record-id';
import {
  canReferNewClient,
  canReferOn,
  canRespondToReferral,
  canWithdrawReferral,
} from '@casebridge/domain/referrals/referral.policy';
import {
  describeReferralCreated,
  describeReferralResponse,
  REFERRAL_MESSAGES,
  type TAcceptReferralResponse,
  type TCreateReferralParsed,
  type TListReferralsQuery,
  type TReferOnParsed,
  type TReferral,
  type TReferralPage,
} from '@casebridge/domain/referrals/referral.schemas';
import { inChange, type Change } from '#src/change/change.ts';
import type { Db } from '#src/db/client.ts';
import { patients } from '#src/db/schema/index.ts';
import type { Actor } from '#src/lib/actor.ts';
import { AppError, forbidden, validationFailed } from '#src/lib/app-error.ts';
import type { RequestContext } from '#src/lib/request-context.ts';
import { nextVersion, StaleWriteError } from '#src/lib/versioning.ts';
import { auditPatientRead } from '#src/modules/audit/audit-reads.ts';
import { recordInitialCaseFacts } from '#src/modules/case-facts/case-facts.service.ts';
import {
  requirePatientInScope,
  type InScopePatient,
} from '#src/modules/patients/patient-access.ts';
import { insertPatient, today } from '#src/modules/patients/patients.service.ts';
import {
  answerReferral,
  countPendingReferrals,
  findClinic,
  findVisibleReferral,
  insertReferral,
  isPatientAtClinic,
  joinPatientClinic,
  listOrganizationMembers,
  listReferrals,
  referralOrganizationOf,
  type ReferralRow,
  type VisibleReferral,
} from './referrals.queries.ts';

/**
 * Referrals between organisations (docs/architecture/referrals.md): a firm refers a new client
 * to a clinic, a clinic refers a patient it sees on to another clinic, and the receiving clinic
 * accepts (the patient is created, attached or joined in the same transaction) or declines with
 * a reason. Only the two organisations see a referral; anyone else gets the missing record's 404.
 */

/** A referral the actor's organisation cannot see, or an id that is no referral's. */
export class ReferralNotFoundError extends AppError {
  constructor() {
    super('NOT_FOUND', 'Not found');
  }
}

/** The referral as the reader's organisation sees it. */
export function toReferralDto(row: VisibleReferral, organizationId: string): TReferral {
  const { referral } = row;
  const isReferrer = referral.referringOrgId === organizationId;
  const responseSeconds =
    referral.respondedAt === null
      ? null
      : Math.max(
          0,
          Math.round((referral.respondedAt.getTime() - referral.createdAt.getTime()) / 1000),
        );
  return {
    id: referral.id,
    kind: referral.kind,
    state: referral.state,
    referrer: { id: referral.referringOrgId, name: row.referrerName, kind: row.referrerKind },
    clinic: { id: referral.clinicId, name: row.clinicName },
    createdByName: referral.createdByName,
    clientName: referral.clientName,
    dob: referral.dob,
    phone: referral.phone,
    accidentDate: referral.accidentDate,
    accidentType: referral.accidentType,
    injurySummary: referral.injurySummary,
    insurerCarrier: referral.insurerCarrier,
    claimNumber: referral.claimNumber,
    lopOnFile: referral.lopOnFile,
    urgency: referral.urgency,
    declineReason: referral.declineReason,
    // The receiving clinic opens the patient once it has accepted; the sender always may (it
    // referred its own patient on, or its client became the patient with the firm assigned).
    patientId: isReferrer || referral.state === 'accepted' ? referral.patientId : null,
    createdAt: referral.createdAt.toISOString(),
    respondedAt: referral.respondedAt?.toISOString() ?? null,
    respondedByName: referral.respondedByName,
    responseSeconds,
    duplicate: row.duplicate,
    version: referral.version,
    updatedAt: referral.updatedAt.toISOString(),
    updatedByName: referral.updatedByName,
  };
}

async function requireReferral(
  db: Db,
  organizationId: string,
  referralId: string,
  options: { forUpdate?: boolean } = {},
): Promise<VisibleReferral> {
  if (!isUuid(referralId)) throw new ReferralNotFoundError();
  const row = await findVisibleReferral(db, organizationId, referralId, options);
  if (!row) throw new ReferralNotFoundError();
  return row;
}

/** A page of the organisation's received or sent referrals, audited as one read. */
export async function listActorReferrals(
  db: Db,
  actor: Actor,
  query: TListReferralsQuery,
  context: RequestContext,
): Promise<TReferralPage> {
  const organizationId = referralOrganizationOf(actor);
  const [rows, pendingCount] = await Promise.all([
    listReferrals(db, organizationId, query),
    countPendingReferrals(db, organizationId, query.box),
  ]);
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  await auditPatientRead(db, actor, {
    action: 'referrals_listed',
    details: `${query.box}${query.state ? `, state ${query.state}` : ''}; referrals: ${
      items.length > 0 ? items.map((row) => row.referral.id).join(',') : 'none'
    }`,
    ip: context.ip,
  });
  return {
    items: items.map((row) => toReferralDto(row, organizationId)),
    nextCursor: rows.length > query.limit && last ? last.referral.id : null,
    pendingCount,
  };
}

export async function getReferral(
  db: Db,
  actor: Actor,
  referralId: string,
  context: RequestContext,
): Promise<TReferral> {
  const organizationId = referralOrganizationOf(actor);
  const row = await requireReferral(db, organizationId, referralId);
  await auditPatientRead(db, actor, {
    action: 'referral_viewed',
    patientId: toReferralDto(row, organizationId).patientId,
    details: `Referral ${row.referral.id}`,
    ip: context.ip,
  });
  return toReferralDto(row, organizationId);
}

/** Who hears of a referral: the active people of both organisations, the actor left out. */
async function referralRecipients(change: Change, referral: ReferralRow) {
  const members = await listOrganizationMembers(change.tx, [
    referral.referringOrgId,
    referral.clinicId,
  ]);
  const actorId = change.actor?.userId;
  return {
    everyone: members.map((member) => member.id),
    of: (organizationId: string) =>
      members
        .filter((member) => member.organizationId === organizationId && member.id !== actorId)
        .map((member) => member.id),
  };
}

/** The live event both sides' open pages refetch on. */
function publishChanged(change: Change, referral: ReferralRow, everyone: readonly string[]) {
  change.publish({
    topic: 'referral.changed',
    recipientUserIds: everyone,
    payload: { referralId: referral.id },
  });
}

/** The write shared by both kinds of referral: the row, audit, notice, events. */
async function sendReferral(
  change: Change,
  actor: Actor,
  values: Parameters<typeof insertReferral>[1],
  patient: InScopePatient | null,
  clinicName: string,
): Promise<ReferralRow> {
  const referral = await insertReferral(change.tx, values);
  change.audit({
    action: 'referral_created',
    patientId: patient?.id ?? null,
    details: `Referral ${referral.id} to ${clinicName} (${referral.urgency})`,
  });
  if (patient) {
    change.activity({
      patientId: patient.id,
      kind: 'referral',
      recordId: referral.id,
      summary: ACTIVITY_SUMMARIES.referralSent(clinicName),
      actor,
    });
  }
  const recipients = await referralRecipients(change, referral);
  await change.notify(recipients.of(referral.clinicId), {
    type: 'referral',
    content: describeReferralCreated(actor.organizationName ?? actor.name, referral.clientName),
    linkTo: '/referrals',
    fromUserId: actor.userId,
    fromRole: actor.role,
  });
  publishChanged(change, referral, recipients.everyone);
  change.publish({
    topic: 'referral.created',
    patientId: patient?.id ?? null,
    payload: { referralId: referral.id },
  });
  return referral;
}

async function requireClinic(db: Db, clinicId: string) {
  const clinic = await findClinic(db, clinicId);
  if (!clinic) throw validationFailed(REFERRAL_MESSAGES.clinicInvalid, { field: 'clinicId' });
  return clinic;
}

/** A firm refers a new client to a clinic of the directory. */
export async function createReferral(
  db: Db,
  actor: Actor,
  input: TCreateReferralParsed,
  context: RequestContext,
): Promise<TReferral> {
  if (!canReferNewClient(actor)) throw forbidden();
  const organizationId = referralOrganizationOf(actor);
  return inChange(db, { actor, context }, async (change) => {
    const clinic = await requireClinic(change.tx, input.clinicId);
    const referral = await sendReferral(
      change,
      actor,
      {
        ...input,
        kind: 'new_client',
        referringOrgId: organizationId,
        firmId: organizationId,
        createdBy: actor.userId,
        createdByName: actor.name,
      },
      null,
      clinic.name,
    );
    return toReferralDto(
      await requireReferral(change.tx, organizationId, referral.id),
      organizationId,
    );
  });
}

/** A clinic that sees the patient refers them on to another clinic. */
export async function referPatientOn(
  db: Db,
  actor: Actor,
  patientId: string,
  input: TReferOnParsed,
  context: RequestContext,
): Promise<TReferral> {
  if (!canReferOn(actor)) throw forbidden();
  const organizationId = referralOrganizationOf(actor);
  return inChange(db, { actor, context }, async (change) => {
    const { tx } = change;
    const patient = await requirePatientInScope(tx, actor, patientId);
    // Temporary access to a patient lets a clinic read it, not send it elsewhere.
    if (!(await isPatientAtClinic(tx, patient.id, organizationId))) throw forbidden();
    if (input.clinicId === organizationId)
      throw validationFailed(REFERRAL_MESSAGES.ownClinic, { field: 'clinicId' });
    const clinic = await requireClinic(tx, input.clinicId);
    if (await isPatientAtClinic(tx, patient.id, clinic.id))
      throw validationFailed(REFERRAL_MESSAGES.alreadyAtClinic, { field: 'clinicId' });
    const referral = await sendReferral(
      change,
      actor,
      {
        ...input,
        kind: 'onward',
        referringOrgId: organizationId,
        firmId: patient.firmId,
        patientId: patient.id,
        clientName: patient.fullName,
        dob: patient.dob,
        phone: patient.pointOfContactPhone,
        createdBy: actor.userId,
        createdByName: actor.name,
      },
      patient,
      clinic.name,
    );
    return toReferralDto(await requireReferral(tx, organizationId, referral.id), organizationId);
  });
}

/** The 409 of an answer that came too late: the referral as it now is. */
async function staleAnswer(db: Db, organizationId: string, referralId: string, message?: string) {
  const current = toReferralDto(
    await requireReferral(db, organizationId, referralId),
    organizationId,
  );
  return new StaleWriteError(current, message);
}

/** Locks the referral for an answer and checks the version and the state. */
async function lockForAnswer(
  change: Change,
  organizationId: string,
  referralId: string,
  expectedVersion: number,
  allowed: (row: ReferralRow) => boolean,
): Promise<VisibleReferral> {
  const row = await requireReferral(change.tx, organizationId, referralId, { forUpdate: true });
  const { referral } = row;
  if (referral.version !== expectedVersion)
    throw await staleAnswer(change.tx, organizationId, referralId);
  if (referral.state !== 'pending')
    throw await staleAnswer(change.tx, organizationId, referralId, REFERRAL_MESSAGES.notPending);
  if (!allowed(referral)) throw forbidden();
  return row;
}

/**
 * The accepted referral's patient: the patient referred on (the clinic joins its care), the
 * clinic's own patient the user chose to attach to (the duplicate the queue pointed at), or a
 * new patient through Add Patient's own path, with the firm assigned, status Referred and intake
 * today.
 */
async function patientOfAcceptance(
  change: Change,
  actor: Actor,
  referral: ReferralRow,
  attachToPatientId: string | null,
): Promise<{ patientId: string; created: boolean }> {
  const { tx } = change;
  if (referral.kind === 'onward') {
    if (!referral.patientId) throw validationFailed(REFERRAL_MESSAGES.onwardNeedsPatient);
    await joinPatientClinic(tx, referral.patientId, referral.clinicId);
    change.publish({ topic: 'patient.updated', patientId: referral.patientId });
    return { patientId: referral.patientId, created: false };
  }
  if (attachToPatientId) {
    const attachError = validationFailed(REFERRAL_MESSAGES.attachInvalid, {
      field: 'attachToPatientId',
    });
    if (!isUuid(attachToPatientId)) throw attachError;
    const [found] = await tx
      .select({ id: patients.id, firmId: patients.firmId })
      .from(patients)
      .where(eq(patients.id, attachToPatientId))
      .for('no key update');
    if (!found || !(await isPatientAtClinic(tx, found.id, referral.clinicId))) throw attachError;
    if (found.firmId !== null && found.firmId !== referral.firmId) throw attachError;
    if (found.firmId === null && referral.firmId) {
      await tx
        .update(patients)
        .set({ firmId: referral.firmId, ...nextVersion(patients, actor) })
        .where(eq(patients.id, found.id));
      change
        .audit({
          action: 'patient_updated',
          patientId: found.id,
          details: 'firm assigned from an accepted referral',
        })
        .publish({ topic: 'patient.updated', patientId: found.id });
    }
    return { patientId: found.id, created: false };
  }
  const created = await insertPatient(change, actor, {
    fullName: referral.clientName,
    dob: referral.dob,
    firmId: referral.firmId ?? '',
    intakeDate: today(),
    evalDate: null,
    lastTreatmentDate: null,
    pointOfContactName: referral.phone ? referral.clientName : null,
    pointOfContactPhone: referral.phone,
    clinicIds: [referral.clinicId],
    lienholderIds: [],
  });
  return { patientId: created.id, created: true };
}

/** The answer's audit, Activity item, notice to the sender, and events. */
async function recordAnswer(
  change: Change,
  actor: Actor,
  row: VisibleReferral,
  answered: ReferralRow,
  patientId: string | null,
): Promise<void> {
  const state = answered.state as 'accepted' | 'declined';
  change.audit({
    action: state === 'accepted' ? 'referral_accepted' : 'referral_declined',
    patientId,
    details: `Referral ${answered.id} from ${row.referrerName}`,
  });
  if (patientId) {
    change.activity({
      patientId,
      kind: 'referral',
      recordId: answered.id,
      summary:
        state === 'accepted'
          ? ACTIVITY_SUMMARIES.referralAccepted(row.referrerName, row.clinicName)
          : ACTIVITY_SUMMARIES.referralDeclined(row.clinicName),
      actor,
    });
  }
  const recipients = await referralRecipients(change, answered);
  await change.notify(recipients.of(answered.referringOrgId), {
    type: 'referral',
    content: describeReferralResponse(row.clinicName, answered.clientName, state),
    // Only a patient the sender may open is linked; a declined new client has none.
    patientId: state === 'accepted' ? patientId : null,
    linkTo: state === 'accepted' && patientId ? `/patients/${patientId}` : '/referrals',
    fromUserId: actor.userId,
    fromRole: actor.role,
  });
  publishChanged(change, answered, recipients.everyone);
  change.publish({
    topic: 'referral.responded',
    patientId,
    payload: { referralId: answered.id },
  });
}

/**
 * The receiving clinic accepts from the version it saw; the patient (created, attached or
 * joined), its case facts and the referral's state commit together, so two accepts racing give
 * one patient: the second waits on the referral's lock and gets 409.
 */
export async function acceptReferral(
  db: Db,
  actor: Actor,
  referralId: string,
  input: { version: number; attachToPatientId?: string | null | undefined },
  context: RequestContext,
): Promise<TAcceptReferralResponse> {
  const organizationId = referralOrganizationOf(actor);
  return inChange(db, { actor, context }, async (change) => {
    const row = await lockForAnswer(change, organizationId, referralId, input.version, (r) =>
      canRespondToReferral(actor, r),
    );
    const { patientId, created } = await patientOfAcceptance(
      change,
      actor,
      row.referral,
      input.attachToPatientId ?? null,
    );
    const patient = await requirePatientInScope(change.tx, actor, patientId, { forUpdate: true });
    const sent = row.referral;
    await recordInitialCaseFacts(change, actor, patient, {
      accidentDate: sent.accidentDate,
      accidentType: sent.accidentType,
      insurer: sent.insurerCarrier
        ? { carrier: sent.insurerCarrier, claimNumber: sent.claimNumber }
        : null,
      source: `referral ${sent.id}`,
    });
    const answered = await answerReferral(
      change.tx,
      row.referral.id,
      input.version,
      { state: 'accepted', patientId, responded: true },
      actor,
    );
    if (!answered) throw await staleAnswer(change.tx, organizationId, referralId);
    await recordAnswer(change, actor, row, answered, patientId);
    const referral = toReferralDto(
      await requireReferral(change.tx, organizationId, referralId),
      organizationId,
    );
    return { referral, patientId, created };
  });
}

/** The receiving clinic declines with a reason the sender reads. */
export async function declineReferral(
  db: Db,
  actor: Actor,
  referralId: string,
  input: { version: number; reason: string },
  context: RequestContext,
): Promise<TReferral> {
  const organizationId = referralOrganizationOf(actor);
  return inChange(db, { actor, context }, async (change) => {
    const row = await lockForAnswer(change, organizationId, referralId, input.version, (r) =>
      canRespondToReferral(actor, r),
    );
    const answered = await answerReferral(
      change.tx,
      row.referral.id,
      input.version,
      { state: 'declined', declineReason: input.reason, responded: true },
      actor,
    );
    if (!answered) throw await staleAnswer(change.tx, organizationId, referralId);
    // A referral on keeps the patient it was about; a new client's has none.
    await recordAnswer(change, actor, row, answered, answered.patientId);
    return toReferralDto(
      await requireReferral(change.tx, organizationId, referralId),
      organizationId,
    );
  });
}

/** The sender withdraws a referral still waiting for its answer. */
export async function withdrawReferral(
  db: Db,
  actor: Actor,
  referralId: string,
  input: { version: number },
  context: RequestContext,
): Promise<TReferral> {
  const organizationId = referralOrganizationOf(actor);
  return inChange(db, { actor, context }, async (change) => {
    const row = await lockForAnswer(change, organizationId, referralId, input.version, (r) =>
      canWithdrawReferral(actor, r),
    );
    const answered = await answerReferral(
      change.tx,
      row.referral.id,
      input.version,
      { state: 'withdrawn', responded: false },
      actor,
    );
    if (!answered) throw await staleAnswer(change.tx, organizationId, referralId);
    change.audit({
      action: 'referral_withdrawn',
      patientId: answered.patientId,
      details: `Referral ${answered.id} to ${row.clinicName}`,
    });
    const recipients = await referralRecipients(change, answered);
    publishChanged(change, answered, recipients.everyone);
    return toReferralDto(
      await requireReferral(change.tx, organizationId, referralId),
      organizationId,
    );
  });
}
