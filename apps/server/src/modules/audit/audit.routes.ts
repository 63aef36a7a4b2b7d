import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZAuditLogFilter,
  ZAuditLogPage,
  ZListAuditLogsQuery,
} from '@casebridge/domain/audit/audit-log.schemas';
import type { TAuditLogFilter } from '@casebridge/domain/audit/audit-log.schemas';
import { ZErrorBody } from '@casebridge/domain/errors';
import { isUuid } from '@casebridge/domain/record-id';
import { csvResponse } from '#src/lib/openapi.ts';
import { requestContext } from '#src/lib/request-context.ts';
import { requireActor } from '#src/lib/require-actor.ts';
import { toAuditCsv } from './audit-csv.ts';
import { auditPatientRead } from './audit-reads.ts';
import { iterateAuditLogs, listAuditLogs } from './audit.service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody };

/**
 * 'filters: action=patient_viewed, patient=(name search)' or 'all rows'. A patient filter that
 * is not an id is a name: it is not written into the log.
 */
function describeAuditFilter(filter: TAuditLogFilter): string {
  const described = Object.entries(filter)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([key, value]) =>
      key === 'patient' && !isUuid(String(value))
        ? 'patient=(name search)'
        : `${key}=${String(value)}`,
    )
    .join(', ');
  return described ? `filters: ${described}` : 'all rows';
}

/** Reading and exporting the audit trail. There is deliberately no route that edits or deletes it. */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  api.get(
    '/audit-logs',
    {
      config: { access: 'admin:audit' },
      schema: {
        tags: ['audit'],
        operationId: 'listAuditLogs',
        summary: 'List audit log entries',
        description: 'Audit log, newest first, filtered by user, patient, action and date range',
        querystring: ZListAuditLogsQuery,
        response: { 200: ZAuditLogPage, ...errors },
      },
    },
    async (request) => {
      const { cursor, limit, ...filter } = request.query;
      const result = await listAuditLogs(db, filter, {
        cursor: cursor === undefined ? undefined : Number(cursor),
        pageSize: limit,
      });
      // The log names patients: browsing it is a read like any other, one row per page.
      await auditPatientRead(db, requireActor(request), {
        action: 'audit_logs_viewed',
        listed: {
          label: 'patients',
          ids: [...new Set(result.items.flatMap((item) => item.patientId ?? []))],
        },
        details: `${cursor === undefined ? 'page 1' : `page after entry ${cursor}`}, ${describeAuditFilter(filter)}`,
        ip: requestContext(request).ip,
      });
      return {
        ...result,
        nextCursor: result.nextCursor === null ? null : String(result.nextCursor),
      };
    },
  );

  api.get(
    '/audit-logs/export',
    {
      config: { access: 'admin:audit' },
      schema: {
        tags: ['audit'],
        operationId: 'exportAuditLogsCsv',
        summary: 'Export the audit log as CSV',
        description: 'The filtered audit log as CSV (the export itself is audited)',
        querystring: ZAuditLogFilter,
        response: { 200: csvResponse('The audit log as a CSV attachment'), ...errors },
      },
    },
    async (request, reply) => {
      const filter = request.query;
      await auditPatientRead(db, requireActor(request), {
        action: 'audit_exported',
        details: describeAuditFilter(filter),
        ip: requestContext(request).ip,
      });
      const stamp = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-log-${stamp}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(toAuditCsv(iterateAuditLogs(db, filter))));
    },
  );
}
