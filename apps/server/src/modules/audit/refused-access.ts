import type { FastifyRequest } from 'fastify';
import type { Db } from '#src/db/client.ts';
import { AppError } from '#src/lib/app-error.ts';
import { requestContext } from '#src/lib/request-context.ts';
import { PatientNotFoundError } from '#src/modules/patients/patient-access.ts';
import { auditRefusedPatientAccess } from './audit-reads.ts';
import { findDocumentPatientId } from './refused-access.queries.ts';

/**
 * A document's 404 (malformed, missing, outside the scope or hidden by its category), carrying
 * the id asked for so the refusal is audited like the patient guard's.
 */
export class DocumentNotFoundError extends AppError {
  readonly requestedId: string;

  constructor(requestedId: string) {
    super('NOT_FOUND', 'Not found');
    this.requestedId = requestedId;
  }
}

async function describeRefusal(db: Db, error: unknown) {
  if (error instanceof PatientNotFoundError)
    return { subject: 'patient' as const, requestedId: error.requestedId };
  if (error instanceof DocumentNotFoundError) {
    return {
      subject: 'document' as const,
      requestedId: error.requestedId,
      patientId: await findDocumentPatientId(db, error.requestedId),
    };
  }
  return null;
}

/**
 * Called by the error handler for every error: a refusal by the patient guard (out of scope,
 * missing or malformed id) or of a document writes its one `access_denied` row. Here, not in the
 * guard, because the guard often runs inside the request's transaction, whose rollback would take
 * the row with it. The answer stays the same 404 if the row cannot be written; that is logged.
 */
export async function auditIfRefusedPatientAccess(
  db: Db,
  request: FastifyRequest,
  error: unknown,
): Promise<void> {
  if (!request.actor) return;
  try {
    const refusal = await describeRefusal(db, error);
    if (!refusal) return;
    await auditRefusedPatientAccess(db, request.actor, {
      ...refusal,
      route: `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`,
      ip: requestContext(request).ip,
    });
  } catch (auditError) {
    request.log.error({ err: auditError }, 'refused patient access not audited');
  }
}
