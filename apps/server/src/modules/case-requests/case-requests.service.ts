import { isPreviewableMimeType } from '@casebridge/domain/documents/document-types';
import { isUuid } from '@casebridge/domain/record-id';
import {
  CASE_REQUEST_KIND_LABELS,
  type CaseRequestKind,
} from '@casebridge/domain/requests/case-request-constants';
import {
  CASE_REQUEST_ACTION_TARGETS,
  canRequestKind,
  canRespondToRequest,
  canTransition,
  defaultRequestDueOn,
  toIsoDay,
  type CaseRequestAction,
} from '@casebridge/domain/requests/case-request.policy';
import {
  CASE_REQUEST_TEXTS,
  type TCaseRequest,
  type TCaseRequestPage,
  type TCreateCaseRequestParsed,
} from '@casebridge/domain/requests/case-request.schemas';
import type { CaseRequestStatusFilter } from '@casebridge/domain/requests/case-request-texts';
import { inChange, type Change } from '#src/change/change.ts';
import type { Db } from '#src/db/client.ts';
import type { Actor } from '#src/lib/actor.ts';
import { forbidden, notFound, validationFailed } from '#src/lib/app-error.ts';
import { defineSchedule } from '#src/jobs/job-definition.ts';
import { cursorId, listCursorOf } from '#src/lib/cursor-page.ts';
import { systemContext, type RequestContext } from '#src/lib/request-context.ts';
import { assertVersion, StaleWriteError } from '#src/lib/versioning.ts';
import { auditPatientRead } from '#src/modules/audit/audit-reads.ts';
import { requirePatientInScope } from '#src/modules/patients/patient-access.ts';
import { getActorPatientScope } from '#src/modules/patients/patient-scope.ts';
import { notifyRequestSide } from './case-request-notify.ts';
import {
  claimOverdueRequests,
  findLinkableDocumentIds,
  findVisibleRequest,
  getPatientName,
  insertRequest,
  isClinicOfPatient,
  linkDocuments,
  listLinkedDocuments,
  listSideUsers,
  listVisibleRequests,
  updateRequestStatus,
  type CaseRequestRow,
} from './case-requests.queries.ts';

type VisibleRow = {
  request: CaseRequestRow;
  patientName: string;
  clinicName: string;
  requesterOrganizationName: string | null;
  isOverdue: boolean;
};

/** The rows as the API answers them, each with the fulfilling documents the viewer may see. */
async function toDtos(
  db: Db,
  viewer: Pick<Actor, 'role'>,
  rows: readonly VisibleRow[],
): Promise<TCaseRequest[]> {
  const linked = await listLinkedDocuments(
    db,
    viewer,
    rows.map((row) => row.request.id),
  );
  return rows.map(({ request, ...row }) => ({
    id: request.id,
    patientId: request.patientId,
    patientName: row.patientName,
    clinicId: request.clinicId,
    clinicName: row.clinicName,
    requesterOrganizationId: request.requesterOrganizationId,
    requesterOrganizationName: row.requesterOrganizationName,
    requesterName: request.requesterName,
    kind: request.kind,
    periodFrom: request.periodFrom,
    periodTo: request.periodTo,
    dueOn: request.dueOn,
    note: request.note,
    status: request.status,
    declineReason: request.declineReason,
    isOverdue: row.isOverdue,
    acknowledgedAt: request.acknowledgedAt?.toISOString() ?? null,
    closedAt: request.closedAt?.toISOString() ?? null,
    createdAt: request.createdAt.toISOString(),
    documents: linked
      .filter((document) => document.requestId === request.id)
      .map((document) => ({
        id: document.id,
        fileName: document.fileName,
        category: document.category,
        isPreviewable: isPreviewableMimeType(document.mimeType),
      })),
    version: request.version,
    updatedAt: request.updatedAt.toISOString(),
    updatedByName: request.updatedByName,
  }));
}

export type ListQuery = {
  status?: CaseRequestStatusFilter | undefined;
  overdue: boolean;
  search?: string | undefined;
  cursor?: string | undefined;
  limit: number;
  updatedSince?: string | undefined;
};

/** The checked query: the status defaults to `open`, or to `all` for a sync client's changes. */
function toFilter(query: ListQuery) {
  if (query.cursor !== undefined && !isUuid(cursorId(query.cursor)))
    throw validationFailed('Invalid cursor');
  return { ...query, status: query.status ?? (query.updatedSince ? 'all' : 'open') } as const;
}

async function toPage(
  db: Db,
  actor: Actor,
  page: { rows: VisibleRow[]; hasMore: boolean },
  query: Pick<ListQuery, 'updatedSince'>,
): Promise<TCaseRequestPage> {
  const items = await toDtos(db, actor, page.rows);
  const last = items.at(-1);
  if (!page.hasMore || !last) return { items, nextCursor: null };
  return { items, nextCursor: listCursorOf(query.updatedSince)(last) };
}

/** The requests of one patient the actor is a party to; audited as a read of the patient. */
export async function listPatientRequests(
  db: Db,
  actor: Actor,
  requestedPatientId: string,
  query: ListQuery,
  context: Pick<RequestContext, 'ip'>,
): Promise<TCaseRequestPage> {
  const filter = toFilter(query);
  const patient = await requirePatientInScope(db, actor, requestedPatientId);
  const page = await listVisibleRequests(db, actor, getActorPatientScope(actor), {
    ...filter,
    patientId: patient.id,
  });
  await auditPatientRead(db, actor, {
    action: 'case_requests_listed',
    patientId: patient.id,
    details: `case requests: ${page.rows.map((row) => row.request.id).join(',') || 'none'}`,
    ip: context.ip,
  });
  return toPage(db, actor, page, query);
}

/**
 * The actor's 'Outstanding requests' queue across patients: a clinic's requests to it, a firm's
 * or lienholder's own, every one for admins. Audited as one read naming the patients listed.
 */
export async function listOutstandingRequests(
  db: Db,
  actor: Actor,
  query: ListQuery,
  context: Pick<RequestContext, 'ip'>,
): Promise<TCaseRequestPage> {
  const page = await listVisibleRequests(db, actor, getActorPatientScope(actor), toFilter(query));
  const patientIds = [...new Set(page.rows.map((row) => row.request.patientId))];
  await auditPatientRead(db, actor, {
    action: 'case_requests_listed',
    listed: { label: 'patients', ids: patientIds },
    details: `case requests: ${page.rows.map((row) => row.request.id).join(',') || 'none'}`,
    ip: context.ip,
  });
  return toPage(db, actor, page, query);
}

/** A request the actor is a party to; anything else (missing, hidden, malformed) is one 404. */
async function requireVisibleRequest(
  db: Db,
  actor: Actor,
  requestId: string,
  options: { forUpdate?: boolean } = {},
): Promise<VisibleRow> {
  if (!isUuid(requestId)) throw notFound();
  const row = await findVisibleRequest(db, actor, getActorPatientScope(actor), requestId, options);
  if (!row) throw notFound();
  return row;
}

export async function getRequest(
  db: Db,
  actor: Actor,
  requestId: string,
  context: Pick<RequestContext, 'ip'>,
): Promise<TCaseRequest> {
  const row = await requireVisibleRequest(db, actor, requestId);
  await auditPatientRead(db, actor, {
    action: 'case_request_viewed',
    patientId: row.request.patientId,
    details: `case request ${row.request.id}`,
    ip: context.ip,
  });
  const [dto] = await toDtos(db, actor, [row]);
  return dto!;
}

const kindLabel = (kind: CaseRequestKind) => CASE_REQUEST_KIND_LABELS[kind].toLowerCase();

/** Everything a change of a request does besides the row: audit, activity, notice, event. */
async function recordRequestChange(
  change: Change,
  actor: Actor,
  made: {
    request: Pick<CaseRequestRow, 'id' | 'patientId' | 'kind'>;
    action: 'created' | 'acknowledged' | 'fulfilled' | 'declined';
    details: string;
    summary: string;
    notify: string[];
    notice: string;
  },
) {
  const { request } = made;
  change
    .audit({
      action: `case_request_${made.action}`,
      patientId: request.patientId,
      details: made.details,
    })
    .activity({
      patientId: request.patientId,
      kind: 'case_request',
      recordId: request.id,
      summary: made.summary,
      actor,
    });
  await notifyRequestSide(change, made.notify, {
    type: 'case_request',
    requestId: request.id,
    patientId: request.patientId,
    content: made.notice,
    from: actor,
  });
  change.publish({
    topic: 'case-request.changed',
    patientId: request.patientId,
    payload: { requestId: request.id },
  });
}

/**
 * A firm, lienholder or administrator asks one of the patient's clinics for something. The
 * patient must be in the actor's scope (else 404), the clinic one of its clinics, the kind one
 * the role may ask for. The clinic's users are told.
 */
export async function createRequest(
  db: Db,
  actor: Actor,
  requestedPatientId: string,
  input: TCreateCaseRequestParsed,
  context: RequestContext,
): Promise<TCaseRequest> {
  if (!canRequestKind(actor.role, input.kind)) throw forbidden(CASE_REQUEST_TEXTS.kindNotAllowed);
  const id = await inChange(db, { actor, context }, async (change) => {
    const { tx } = change;
    const patient = await requirePatientInScope(tx, actor, requestedPatientId);
    if (!isUuid(input.clinicId) || !(await isClinicOfPatient(tx, patient.id, input.clinicId)))
      throw validationFailed(CASE_REQUEST_TEXTS.clinicNotOfPatient);
    const { id: requestId } = await insertRequest(tx, {
      patientId: patient.id,
      clinicId: input.clinicId,
      requesterOrganizationId: actor.role === 'admin' ? null : actor.organizationId,
      requesterUserId: actor.userId,
      requesterName: actor.name,
      requesterRole: actor.role,
      kind: input.kind,
      periodFrom: input.periodFrom,
      periodTo: input.periodTo,
      dueOn: input.dueOn ?? defaultRequestDueOn(toIsoDay(new Date())),
      note: input.note,
    });
    const who = actor.organizationName ?? actor.name;
    await recordRequestChange(change, actor, {
      request: { id: requestId, patientId: patient.id, kind: input.kind },
      action: 'created',
      details: `case request ${requestId}: ${input.kind} from ${input.clinicId}`,
      summary: `${who} requested ${kindLabel(input.kind)}`,
      notify: await listSideUsers(tx, { organizationId: input.clinicId, userId: null }, patient.id),
      notice: `${who} requested ${kindLabel(input.kind)} for ${patient.fullName}`,
    });
    return requestId;
  });
  const row = await requireVisibleRequest(db, actor, id);
  const [dto] = await toDtos(db, actor, [row]);
  return dto!;
}

export type Response =
  | { action: 'acknowledge' }
  | { action: 'fulfil'; documentIds: readonly string[] }
  | { action: 'decline'; reason: string };

const PAST: Record<CaseRequestAction, 'acknowledged' | 'fulfilled' | 'declined'> = {
  acknowledge: 'acknowledged',
  fulfil: 'fulfilled',
  decline: 'declined',
};

/**
 * The asked clinic (or an administrator) answers: acknowledges, fulfils by linking documents of
 * the patient it may see (uploaded first through the documents' own route, or already there),
 * or declines with a reason. Made from the version the user saw; a transition the status does
 * not allow is 409 with the request as it is. The requesting side is told.
 */
export async function respondToRequest(
  db: Db,
  actor: Actor,
  requestId: string,
  response: Response,
  options: { expected: number } & RequestContext,
): Promise<TCaseRequest> {
  const { expected, ...context } = options;
  await inChange(db, { actor, context }, async (change) => {
    const { tx } = change;
    const row = await requireVisibleRequest(tx, actor, requestId, { forUpdate: true });
    const { request } = row;
    if (!canRespondToRequest(actor, request)) throw forbidden(CASE_REQUEST_TEXTS.notTheClinic);
    const current = async () => (await toDtos(tx, actor, [row]))[0];
    await assertVersion(request, expected, current);
    if (!canTransition(request.status, response.action))
      throw new StaleWriteError(await current(), CASE_REQUEST_TEXTS.notAllowedTransition);
    let details = `case request ${request.id}`;
    if (response.action === 'fulfil') {
      const ids = [...new Set(response.documentIds)];
      const linkable =
        ids.every(isUuid) && (await findLinkableDocumentIds(tx, [actor], request.patientId, ids));
      if (!linkable || linkable.length !== ids.length)
        throw validationFailed(CASE_REQUEST_TEXTS.documentUnavailable);
      // A request is fulfilled by what its requester can open, not by a file hidden from them.
      const forRequester = await findLinkableDocumentIds(
        tx,
        [{ role: request.requesterRole }],
        request.patientId,
        ids,
      );
      if (forRequester.length !== ids.length)
        throw validationFailed(CASE_REQUEST_TEXTS.documentHiddenFromRequester);
      await linkDocuments(tx, request.id, ids, actor.userId);
      details += `: documents ${ids.join(',')}`;
    }
    if (response.action === 'decline') details += `: ${response.reason}`;
    await updateRequestStatus(tx, actor, request.id, {
      status: CASE_REQUEST_ACTION_TARGETS[response.action],
      ...(response.action === 'decline' ? { declineReason: response.reason } : {}),
    });
    const past = PAST[response.action];
    const who = actor.organizationName ?? actor.name;
    await recordRequestChange(change, actor, {
      request,
      action: past,
      details,
      summary: `${who} ${past} the request for ${kindLabel(request.kind)}`,
      notify: await listSideUsers(
        tx,
        { organizationId: request.requesterOrganizationId, userId: request.requesterUserId },
        request.patientId,
      ),
      notice: `${who} ${past} the request for ${kindLabel(request.kind)} for ${row.patientName}`,
    });
  });
  const row = await requireVisibleRequest(db, actor, requestId);
  const [dto] = await toDtos(db, actor, [row]);
  return dto!;
}

/**
 * Sends today's overdue reminders: the claim (one UPDATE … RETURNING, case-requests.queries.ts)
 * and the notifications commit together, so a failure leaves the requests for the next run and
 * several instances send one reminder per request per day. Both sides are told. Returns how
 * many requests were reminded.
 */
export async function sendOverdueReminders(db: Db, options: { appUrl: string }): Promise<number> {
  const author = { actor: null, context: systemContext(options.appUrl) };
  return inChange(db, author, async (change) => {
    const { tx } = change;
    const claimed = await claimOverdueRequests(tx);
    for (const request of claimed) {
      const clinicUsers = await listSideUsers(
        tx,
        { organizationId: request.clinicId, userId: null },
        request.patientId,
      );
      const requesterUsers = await listSideUsers(
        tx,
        { organizationId: request.requesterOrganizationId, userId: request.requesterUserId },
        request.patientId,
      );
      const patientName = await getPatientName(tx, request.patientId);
      await notifyRequestSide(change, [...clinicUsers, ...requesterUsers], {
        type: 'request_overdue',
        requestId: request.id,
        patientId: request.patientId,
        content: `The request for ${kindLabel(request.kind)} for ${patientName} was due ${request.dueOn} and is overdue`,
        from: null,
      });
    }
    return claimed.length;
  });
}

const REMINDER_INTERVAL_MS = 15 * 60_000;

/** Reminds both sides of overdue requests, every 15 minutes; the claim keeps it to one a day. */
export const overdueRemindersJob = defineSchedule({
  name: 'case-requests.reminders',
  everyMs: REMINDER_INTERVAL_MS,
  timeoutMs: REMINDER_INTERVAL_MS,
  run: async ({ db, appUrl }) => {
    await sendOverdueReminders(db, { appUrl });
  },
});
