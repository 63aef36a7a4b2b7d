import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorStatusesOf, type OpenApiDocument } from '#src/lib/openapi.ts';
import {
  listApiOperations,
  rolesFor,
  securityFor,
  type ApiOperation,
} from '#src/lib/openapi-operations.ts';
import { createTestServer, type TestServer } from '#src/test/test-server.ts';

/**
 * The contract's rules hold for every operation the app registers, so that a new route
 * cannot go out without an operationId, a summary of its own, its security and roles, or the
 * error answers it can give (docs/architecture.md, 'The API contract'). Redocly's lint and the
 * generated client run in scripts/openapi-check.mjs; real answers in openapi-conformance.
 */

type Parameter = { name: string; in: string; example?: unknown };
type Response = {
  description?: string;
  content?: Record<string, { schema?: Record<string, unknown> }>;
  headers?: Record<string, unknown>;
};
type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  'x-capability'?: string;
  'x-roles'?: string[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { example?: unknown }> };
  responses: Record<string, Response>;
};

let server: TestServer;
let document: OpenApiDocument;
let operations: readonly ApiOperation[];

beforeAll(async () => {
  server = await createTestServer();
  document = (await server.request({ url: '/api/openapi.json' })).json();
  operations = listApiOperations(server.app);
});
afterAll(async () => server.close());

const operationOf = (facts: ApiOperation) =>
  document.paths[facts.path]?.[facts.method.toLowerCase()] as Operation | undefined;

/** `METHOD /path: problem` for every operation where `check` finds one. */
function problems(check: (operation: Operation, facts: ApiOperation) => string | null): string[] {
  return operations.flatMap((facts) => {
    const operation = operationOf(facts);
    const problem = operation ? check(operation, facts) : 'missing from the document';
    return problem ? [`${facts.method} ${facts.path}: ${problem}`] : [];
  });
}

describe('the API contract', () => {
  it('documents every registered operation, and nothing else', () => {
    const registered = operations.map((facts) => `${facts.method} ${facts.path}`).toSorted();
    const documented = Object.entries(document.paths)
      .flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
      )
      .toSorted();
    expect(operations.length).toBeGreaterThan(100);
    expect(documented).toEqual(registered);
  });

  it('gives every operation a unique camelCase operationId', () => {
    const ids = operations.map((facts) => operationOf(facts)?.operationId);
    expect(ids.filter((id) => !/^[a-z][A-Za-z0-9]*$/.test(id ?? ''))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has a summary from every route schema, and tags', () => {
    expect(
      problems((operation, facts) =>
        !facts.hasOwnSummary
          ? 'the route schema gives no summary'
          : !operation.summary || operation.summary.length > 80
            ? 'the summary is missing or longer than 80 characters'
            : !operation.tags?.length
              ? 'no tags'
              : null,
      ),
    ).toEqual([]);
    const tags = new Set(document.tags?.map((tag) => tag.name));
    expect(
      problems((operation) =>
        operation.tags?.every((tag) => tags.has(tag)) ? null : 'an undeclared tag',
      ),
    ).toEqual([]);
  });

  it('names the security, the capability and the roles that hold it', () => {
    expect(
      problems((operation, facts) => {
        const expected = {
          security: securityFor(facts.access),
          capability: facts.access === 'public' ? undefined : facts.access,
          roles: facts.access === 'public' ? undefined : rolesFor(facts.access),
        };
        const actual = {
          security: operation.security,
          capability: operation['x-capability'],
          roles: operation['x-roles'],
        };
        return JSON.stringify(actual) === JSON.stringify(expected)
          ? null
          : `has ${JSON.stringify(actual)}, not ${JSON.stringify(expected)}`;
      }),
    ).toEqual([]);
    const patientsRead = document.paths['/api/patients']?.get as Operation | undefined;
    expect(patientsRead?.['x-roles']).toEqual([
      'clinic',
      'attorney',
      'lienholder',
      'admin',
      'contact',
    ]);
    expect(patientsRead?.security).toEqual([{ session: [] }, { bearerToken: [] }]);
    expect(Object.keys(document.components.securitySchemes as object)).toEqual([
      'session',
      'bearerToken',
    ]);
  });

  it('lists every error status the rules give, with the shared Error schema', () => {
    expect(
      problems((operation, facts) => {
        const missing = errorStatusesOf(facts).filter((status) => {
          const response = operation.responses[status];
          const schema = response?.content?.['application/json']?.schema;
          // A conflict or a stale write may answer with more than the error (the current
          // record), and health's 503 is its report of each dependency: a schema of their own.
          // Every other one is the shared Error.
          if (!schema) return true;
          const hasOwnSchema = status === 409 || (status === 503 && facts.path === '/api/health');
          return !hasOwnSchema && schema.$ref !== '#/components/schemas/Error';
        });
        return missing.length > 0 ? `no error answer for ${missing.join(', ')}` : null;
      }),
    ).toEqual([]);
    expect(document.components.schemas?.Error).toMatchObject({
      required: ['error'],
      properties: { error: { required: ['code', 'message'] } },
    });
  });

  it('describes a 204 without content and Retry-After on every 429', () => {
    expect(
      problems((operation) => {
        if (operation.responses['204']?.content) return '204 declares content';
        const tooMany = operation.responses['429'];
        if (tooMany && !tooMany.headers?.['Retry-After']) return '429 without Retry-After';
        return null;
      }),
    ).toEqual([]);
  });

  it('gives examples for every JSON body and path parameter', () => {
    expect(
      problems((operation) => {
        const json = operation.requestBody?.content?.['application/json'];
        if (json && json.example === undefined) return 'a JSON body without an example';
        const bare = (operation.parameters ?? []).filter(
          (parameter) => parameter.in === 'path' && parameter.example === undefined,
        );
        return bare.length > 0 ? `no example for ${bare.map((p) => p.name).join(', ')}` : null;
      }),
    ).toEqual([]);
  });

  it('describes the bodies and answers that are not JSON', () => {
    const paths = document.paths as Record<string, Record<string, Operation>>;
    const upload = paths['/api/patients/{patientId}/documents']?.post?.requestBody?.content;
    expect(upload?.['multipart/form-data']).toMatchObject({
      schema: { required: ['category', 'file'], properties: { file: { format: 'binary' } } },
    });
    const exports = [
      '/api/patients/{patientId}/billing.csv',
      '/api/liens/portfolio.csv',
      '/api/audit-logs/export',
    ].map((path) => [path, Object.keys(paths[path]?.get?.responses['200']?.content ?? {})]);
    expect(exports).toEqual(exports.map(([path]) => [path, ['text/csv']]));
    const download = paths['/api/documents/{documentId}/download']?.get?.responses['200'];
    expect(download?.content?.['application/pdf']?.schema).toEqual({
      type: 'string',
      format: 'binary',
    });
    expect(download?.content?.['application/octet-stream']).toBeDefined();
    const events = paths['/api/events']?.get?.responses;
    expect(Object.keys(events?.['200']?.content ?? {})).toEqual(['text/event-stream']);
    expect(events?.['200']?.description).toContain('event: change');
    expect(events?.['429']).toBeDefined();
  });

  it('names its server, contact and licence', () => {
    expect(document.servers).toEqual([
      { url: 'http://localhost:3000', description: expect.any(String) },
    ]);
    expect(document.info).toMatchObject({
      description: expect.stringContaining('Bearer'),
      contact: expect.any(Object),
      license: expect.objectContaining({ name: expect.any(String) }),
    });
  });
});
