import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZListOrganizationsQuery,
  ZOrganizationList,
} from '@casebridge/domain/organizations/organization.schemas';
import { listOrganizations } from './organizations.queries.ts';

export async function organizationRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/organizations',
    {
      config: { access: 'directory:read' },
      schema: {
        tags: ['directory'],
        summary: 'Clinics, attorney firms and lienholders, ordered by name',
        querystring: ZListOrganizationsQuery,
        response: { 200: ZOrganizationList },
      },
    },
    async (request) => ({ items: await listOrganizations(app.ctx.db, request.query) }),
  );
}
