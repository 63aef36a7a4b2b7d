import type { FastifyRequest } from 'fastify';
import type { Db } from '#src/db/client.ts';
import { getRequestIp } from '#src/lib/request-ip.ts';
import { PatientNotFoundError } from '#src/modules/patients/patient-access.ts';
import { auditRefusedPatientAccess } from './audit-reads.ts';

/**
 * Called by the error handler for every error: a refusal by the patient guard (out of scope,
 * missing or malformed id) writes its one `access_denied` row. Here, not in the guard, because
 * the guard often runs inside the request's transaction, whose rollback would take the row with
 * it. The answer stays the same 404 if the row cannot be written; the failure is logged.
 */
export async function auditIfRefusedPatientAccess(
  db: Db,
  request: FastifyRequest,
  error: unknown,
): Promise<void> {
  if (!(error instanceof PatientNotFoundError) || !request.actor) return;
  try {
    await auditRefusedPatientAccess(db, request.actor, {
      requestedId: error.requestedId,
      route: `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`,
      ip: getRequestIp(request),
    });
  } catch (auditError) {
    request.log.error({ err: auditError }, 'refused patient access not audited');
  }
}
