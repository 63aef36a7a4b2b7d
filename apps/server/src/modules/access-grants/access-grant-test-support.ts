import { and, eq, isNull, like } from 'drizzle-orm';
import { accessGrants, auditLogs } from '#src/db/schema/index.ts';
import { getUserId } from '#src/modules/documents/document-test-support.ts';
import type { TestServer } from '#src/test/test-server.ts';

/** Test-only helpers of the access-grant suites. */

export const GRANT_REASON = 'Covering for Harbor during the clinic closure';

/** Grants `email` access to the patient as the admin whose cookie is given; the answer. */
export async function grantAs(
  server: TestServer,
  adminCookie: string,
  patientId: string,
  email: string,
  body: Record<string, unknown> = {},
) {
  return server.request({
    method: 'POST',
    url: `/api/patients/${patientId}/access-grants`,
    cookie: adminCookie,
    body: {
      userId: await getUserId(server, email),
      durationHours: 24,
      reason: GRANT_REASON,
      ...body,
    },
  });
}

/** Moves a grant's end into the past, as time passing would. */
export async function expireGrant(server: TestServer, grantId: string): Promise<void> {
  await server.context.db
    .update(accessGrants)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(eq(accessGrants.id, grantId));
}

/** The audit rows a user wrote about a patient with this action. */
export async function auditRowsOf(
  server: TestServer,
  filter: { email: string; patientId: string | null; action: string; detailsLike?: string },
) {
  return server.context.db
    .select({ details: auditLogs.details })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.userId, await getUserId(server, filter.email)),
        filter.patientId === null
          ? isNull(auditLogs.patientId)
          : eq(auditLogs.patientId, filter.patientId),
        eq(auditLogs.action, filter.action),
        filter.detailsLike ? like(auditLogs.details, filter.detailsLike) : undefined,
      ),
    );
}
