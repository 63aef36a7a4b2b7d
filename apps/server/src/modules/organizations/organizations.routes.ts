import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody } from '@casebridge/domain/errors';
import {
  ZCreateOrganizationRequest,
  ZUpdateOrganizationRequest,
} from '@casebridge/domain/organizations/organization-admin.schemas';
import {
  ZListOrganizationsQuery,
  ZOrganization,
  ZOrganizationList,
} from '@casebridge/domain/organizations/organization.schemas';
import { staleWriteBody } from '@casebridge/domain/versioning/versioning';
import { requestContext } from '#src/lib/request-context.ts';
import { expectedVersion, withEtag } from '#src/lib/versioning.ts';
import { requireActor } from '#src/lib/require-actor.ts';
import {
  createOrganization,
  editOrganization,
  listOrganizations,
} from './organizations.service.ts';

const errors = {
  400: ZErrorBody,
  401: ZErrorBody,
  403: ZErrorBody,
  404: ZErrorBody,
  409: ZErrorBody,
};

export async function organizationRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/organizations',
    {
      config: { access: 'directory:read' },
      schema: {
        tags: ['directory'],
        operationId: 'listOrganizations',
        summary: 'List organisations',
        description: 'Clinics, attorney firms and lienholders, ordered by name',
        querystring: ZListOrganizationsQuery,
        response: { 200: ZOrganizationList },
      },
    },
    async (request) => ({ items: await listOrganizations(app.ctx.db, request.query) }),
  );

  api.post(
    '/organizations',
    {
      config: { access: 'organizations:manage' },
      schema: {
        tags: ['directory'],
        operationId: 'createOrganization',
        summary: 'Create an organisation',
        description: 'Add a clinic, attorney firm or lienholder',
        body: ZCreateOrganizationRequest,
        response: { 201: ZOrganization, ...errors },
      },
    },
    async (request, reply) => {
      const organization = await createOrganization(
        app.ctx.db,
        requireActor(request),
        request.body,
        requestContext(request),
      );
      return reply.status(201).send(organization);
    },
  );

  api.patch(
    '/organizations/:organizationId',
    {
      config: { access: 'organizations:manage' },
      schema: {
        tags: ['directory'],
        operationId: 'updateOrganization',
        summary: 'Update an organisation',
        description:
          'Edit an organisation (its kind never changes), from the version named by If-Match or `version` (409 with the organisation when it changed since)',
        params: z.object({ organizationId: z.uuid() }),
        body: ZUpdateOrganizationRequest,
        response: {
          200: ZOrganization,
          ...errors,
          409: staleWriteBody(ZOrganization),
          428: ZErrorBody,
        },
      },
    },
    async (request, reply) => {
      const expected = expectedVersion(request, request.body.version);
      const organization = await editOrganization(
        app.ctx.db,
        requireActor(request),
        request.params.organizationId,
        { ...request.body, expected },
        { ...requestContext(request), log: request.log },
      );
      return withEtag(reply, organization);
    },
  );
}
