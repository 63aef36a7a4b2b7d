import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ROLE_CAPABILITIES } from '@casebridge/domain/capabilities';
import { exampleFor, exampleUuid } from './openapi-examples.ts';
import { errorStatusesOf, normalizeSchemas } from './openapi.ts';
import {
  deriveOperationId,
  listApiOperations,
  OperationIdCollisionError,
  registerOpenApiRules,
  rolesFor,
  securityFor,
  singular,
  type ApiOperation,
} from './openapi-operations.ts';

const handler = async () => ({});

describe('deriveOperationId', () => {
  it.each([
    ['GET', '/api/patients/{patientId}/billing', 'getPatientBilling'],
    ['GET', '/api/patients', 'getPatients'],
    ['GET', '/api/patients/{patientId}', 'getPatient'],
    ['POST', '/api/patients/{patientId}/status/undo', 'postPatientStatusUndo'],
    ['GET', '/api/patients/{patientId}/billing.csv', 'getPatientBillingCsv'],
    [
      'DELETE',
      '/api/notifications/preferences/email-confirmation',
      'deleteNotificationsPreferencesEmailConfirmation',
    ],
    ['POST', '/api/access-requests/{requestId}/approve', 'postAccessRequestApprove'],
    ['PATCH', '/api/admin/mail-outbox/{mailId}', 'patchAdminMailOutbox'],
  ])('%s %s → %s', (method, path, expected) => {
    expect(deriveOperationId(method, path)).toBe(expected);
  });

  it('puts a collection before an id in the singular', () => {
    expect(['patients', 'entries', 'addresses', 'status', 'billing'].map(singular)).toEqual([
      'patient',
      'entry',
      'address',
      'status',
      'billing',
    ]);
  });
});

describe('registerOpenApiRules', () => {
  it('gives each route its operationId, security, capability and roles', async () => {
    const app = Fastify();
    registerOpenApiRules(app);
    app.get('/api/things/:thingId', {
      config: { access: 'patients:read' },
      schema: { summary: 'Get a thing' },
      handler,
    });
    app.post('/api/things', {
      config: { access: 'public' },
      schema: { operationId: 'makeThing', summary: 'Make a thing' },
      handler,
    });
    app.get('/api/mine', { config: { access: 'session' }, handler });
    await app.ready();
    expect(listApiOperations(app)).toEqual([
      expect.objectContaining({ operationId: 'getThing', hasOwnSummary: true }),
      expect.objectContaining({ operationId: 'makeThing', access: 'public' }),
      expect.objectContaining({ operationId: 'getMine', hasOwnSummary: false }),
    ]);
    await app.close();
  });

  it('refuses a second route with the same operationId when it registers', () => {
    const app = Fastify();
    registerOpenApiRules(app);
    app.get('/api/mail', { config: { access: 'admin:mail' }, handler });
    expect(() =>
      app.get('/api/things', {
        config: { access: 'admin:mail' },
        schema: { operationId: 'getMail' },
        handler,
      }),
    ).toThrow(OperationIdCollisionError);
  });

  it('names the roles that hold a capability, from ROLE_CAPABILITIES', () => {
    expect(rolesFor('billing:create')).toEqual(['clinic', 'admin']);
    expect(rolesFor('settlements:manage')).toEqual(['attorney']);
    expect(rolesFor('public')).toEqual([]);
    expect(rolesFor('session')).toHaveLength(Object.keys(ROLE_CAPABILITIES).length);
  });

  it('offers a token only where a token may be used', () => {
    expect(securityFor('public')).toEqual([]);
    expect(securityFor('patients:read')).toEqual([{ session: [] }, { bearerToken: [] }]);
    expect(securityFor('session')).toEqual([{ session: [] }]);
    expect(securityFor('admin:users')).toEqual([{ session: [] }]);
  });
});

describe('errorStatusesOf', () => {
  const operation = (facts: Partial<ApiOperation>): ApiOperation => ({
    method: 'GET',
    path: '/api/things',
    operationId: 'x',
    hasOwnSummary: true,
    access: 'patients:read',
    isRateLimited: false,
    isMultipart: false,
    ...facts,
  });

  it('lists what a signed-in read can answer, a busy database (503) included', () => {
    expect(errorStatusesOf(operation({}))).toEqual([400, 401, 403, 500, 503]);
    expect(errorStatusesOf(operation({ path: '/api/things/{thingId}' }))).toEqual([
      400, 401, 403, 404, 500, 503,
    ]);
  });

  it('adds the body and idempotency answers to a create, and 429 where rate limited', () => {
    expect(errorStatusesOf(operation({ method: 'POST' }))).toEqual([
      400, 401, 403, 409, 413, 415, 422, 500, 503,
    ]);
    expect(
      errorStatusesOf(
        operation({
          method: 'POST',
          path: '/api/auth/login',
          access: 'public',
          isRateLimited: true,
        }),
      ),
    ).toEqual([400, 403, 413, 415, 429, 500, 503]);
  });
});

describe('normalizeSchemas', () => {
  it('moves nullable beside each type and lists the keys of an enum-keyed record', () => {
    const schema = {
      nullable: true,
      anyOf: [{ type: 'string' }, { type: 'number' }],
      properties: {
        byStatus: {
          type: 'object',
          required: ['a', 'b'],
          additionalProperties: { type: 'integer' },
        },
      },
    };
    normalizeSchemas(schema);
    expect(schema).toEqual({
      anyOf: [
        { type: 'string', nullable: true },
        { type: 'number', nullable: true },
      ],
      properties: {
        byStatus: {
          type: 'object',
          required: ['a', 'b'],
          additionalProperties: { type: 'integer' },
          properties: { a: { type: 'integer' }, b: { type: 'integer' } },
        },
      },
    });
  });
});

describe('exampleFor', () => {
  it('builds a value that keeps to formats, enums, bounds and patterns', () => {
    expect(
      exampleFor({
        type: 'object',
        required: ['patientId', 'dob', 'cptCode', 'sessions', 'kind'],
        properties: {
          patientId: { type: 'string', format: 'uuid' },
          dob: { type: 'string', format: 'date' },
          cptCode: { type: 'string', pattern: '^([0-9]{5}|[A-Z][0-9]{4})$' },
          sessions: { type: 'integer', minimum: 1, maximum: 10 },
          kind: { type: 'string', enum: ['amount', 'percent'] },
          note: { type: 'string' },
        },
      }),
    ).toEqual({
      patientId: exampleUuid('patientId'),
      dob: '1984-07-21',
      cptCode: '97110',
      sessions: 1,
      kind: 'amount',
    });
  });

  it('gives up rather than publish a value its pattern refuses', () => {
    expect(exampleFor({ type: 'string', pattern: '^zz-[0-9]{40}$' }, 'reference')).toBeUndefined();
  });

  it('makes stable version-4 uuids', () => {
    expect(exampleUuid('patientId')).toBe(exampleUuid('patientId'));
    expect(exampleUuid('patientId')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});
