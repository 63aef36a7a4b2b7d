import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  describeAuditChain,
  ZAuditChainReport,
} from '@casebridge/domain/audit/audit-chain.schemas';
import { ZErrorBody } from '@casebridge/domain/errors';
import { inChange } from '#src/change/change.ts';
import { requestContext } from '#src/lib/request-context.ts';
import { requireActor } from '#src/lib/require-actor.ts';
import { getAuditKeyring } from './audit-key.ts';
import { verifyAuditChain } from './audit-verify.ts';

/** The admin tool behind 'Verify audit chain': the same walk as `npm run audit:verify`. */
export async function auditChainRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  api.post(
    '/admin/audit/verify',
    {
      config: { access: 'admin:audit' },
      schema: {
        tags: ['audit'],
        operationId: 'verifyAuditChain',
        summary: 'Verify the audit hash chain',
        description: 'Walks the audit hash chain and names the first row that does not match',
        response: { 200: ZAuditChainReport, 401: ZErrorBody, 403: ZErrorBody },
      },
    },
    async (request) => {
      const report = await verifyAuditChain(db, { keys: getAuditKeyring(db) });
      const author = { actor: requireActor(request), context: requestContext(request) };
      await inChange(db, author, async (change) => {
        change.audit({ action: 'audit_chain_verified', details: describeAuditChain(report) });
      });
      return report;
    },
  );
}
