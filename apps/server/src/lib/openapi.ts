import type { FastifyInstance } from 'fastify';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DOCUMENT_CATEGORIES } from '@casebridge/domain/constants';
import { DOCUMENT_FILE_TYPES } from '@casebridge/domain/documents/document-types';
import { ZErrorBody } from '@casebridge/domain/errors';
import type { Env } from '#src/env.ts';
import { IDEMPOTENCY_KEY_HEADER } from './idempotency.ts';
import { exampleFor, exampleUuid, type JsonSchema } from './openapi-examples.ts';
import {
  BEARER_SCHEME,
  listApiOperations,
  SESSION_SCHEME,
  type ApiOperation,
} from './openapi-operations.ts';

/**
 * The API contract served at GET /api/openapi.json (docs/architecture.md, 'The API contract').
 * Route schemas give the shapes (zod, through fastify-type-provider-zod) and a summary;
 * registerOpenApiRules (openapi-operations.ts) adds operationId, security and roles as routes
 * register; finishDocument below applies the rules every operation shares: its error answers,
 * examples, the bodies no zod schema describes, and the document's own metadata.
 */

const ERROR_REF = { $ref: '#/components/schemas/Error' };

/** What each shared error status means, with the codes `error.code` carries for it. */
export const ERROR_RESPONSES = {
  400: 'Invalid request: a body, path or query value fails validation (the message names the field), a query parameter the operation does not know, or text with control characters. Code VALIDATION_FAILED.',
  401: 'No valid session or API token, or the session is still waiting for its second factor. Codes UNAUTHENTICATED, SESSION_EXPIRED, SECOND_FACTOR_REQUIRED.',
  403: 'Signed in, but the role or token lacks the capability (x-capability), the second factor must be set up first, or a cross-site write was refused. Codes FORBIDDEN, MFA_ENROLMENT_REQUIRED.',
  404: 'No such record, or one the caller may not see (the two are not told apart). Code NOT_FOUND.',
  409: 'Conflict: the record changed since the version the write names (the answer may carry the current record), it is in a state that does not allow this, or a request with the same Idempotency-Key is still running. Code CONFLICT.',
  422: 'The Idempotency-Key was already used for a different request: another body, route or parameters, or another file. Code IDEMPOTENCY_KEY_REUSED.',
  413: 'The request body or file is larger than allowed. Code PAYLOAD_TOO_LARGE.',
  415: 'The body is not of a media type this operation accepts. Code UNSUPPORTED_MEDIA_TYPE.',
  428: 'The write names no version: send If-Match or `version`. Code PRECONDITION_REQUIRED.',
  429: 'Too many requests: wait for the seconds in Retry-After. Code RATE_LIMITED.',
  500: 'Unexpected server error; nothing is leaked. Code INTERNAL.',
  503: 'The server cannot answer now: it is shutting down, or its database had no connection free in time. Try again after Retry-After; another instance may answer. Code UNAVAILABLE.',
} as const;
type ErrorStatus = keyof typeof ERROR_RESPONSES;

const SUCCESS_DESCRIPTIONS: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'Done; no content',
};

const RETRY_AFTER = {
  'Retry-After': {
    description: 'Seconds to wait before trying again.',
    schema: { type: 'integer', minimum: 1, example: 60 },
  },
};

const TAG_DESCRIPTIONS: Record<string, string> = {
  auth: 'Signing in and out, and the current session.',
  mfa: 'Two-step verification: authenticator apps and recovery codes.',
  account: 'The signed-in user’s own account.',
  sessions: 'A user’s sessions on their devices.',
  patients: 'Patients shared between clinics, attorney firms and lienholders.',
  documents: 'Documents of a patient: upload, list, download, corrections.',
  billing: 'Billing History: entries, corrections and exports.',
  messages: 'Team messages on a patient.',
  notifications: 'A user’s notifications and preferences.',
  events: 'The live stream of changes (server-sent events).',
  requests: 'Records and bills requests between the parties.',
  liens: 'Lien ledgers, payments and the lienholder portfolio.',
  reductions: 'Reduction offers on a lien.',
  settlements: 'A firm’s settlement worksheet.',
  'case-facts': 'A patient’s case facts: accident, insurers, legal stage and policy limits.',
  referrals: 'Referrals of new clients and patients to a clinic, and the clinic’s answers.',
  visits: 'A patient’s visits, a clinic’s day list and its sign-in sheet.',
  'case-updates':
    'Case updates a firm owes a patient’s clinics and lienholders: notes, asks, the interval.',
  closing: 'Settlement, lien payoffs, final bills, the disbursement statement and closing a case.',
  'treatment-gaps': 'Treatment-gap thresholds of a clinic.',
  'access-grants': 'Temporary access to a patient for a user outside its parties.',
  'access requests': 'The public access-request form and its review.',
  activity: 'A patient’s activity feed.',
  directory: 'Organisations: clinics, attorney firms and lienholders.',
  users: 'User accounts, invitations and password resets (administrators).',
  templates: 'Message and e-mail templates.',
  audit: 'The audit log, its export, hash chain and access history.',
  settings: 'Application settings (administrators).',
  admin: 'The administrators’ overview.',
  'admin tools': 'Health checks, demo data and the mail outbox (administrators).',
  system: 'Health of the service.',
};

const API_DESCRIPTION = [
  'CaseBridge shares patient cases between clinics, attorney firms and lienholders.',
  '',
  'Authentication: a browser signs in (`POST /api/auth/login`) and sends the session cookie;',
  'a machine client sends `Authorization: Bearer <token>` with an API token an administrator',
  'created. Each operation names the capability it needs (`x-capability`) and the roles that',
  'hold it (`x-roles`); records outside the caller’s scope answer 404.',
  '',
  'Errors always have the body `{ "error": { "code", "message" } }` (schema `Error`).',
  'Writes of versioned records name the version they start from (`If-Match` or `version`);',
  'a create may carry an `Idempotency-Key` to be repeated safely.',
].join('\n');

/**
 * The text a CSV export sends, whole or streamed. The schema is only read for the document: a
 * string or stream with its own content type is sent as it is, never serialized.
 */
const ZCsv = z.string() as unknown as z.ZodType<string | NodeJS.ReadableStream>;

/** Response content for a CSV export (text/csv; charset=utf-8, attachment). */
export function csvResponse(description: string) {
  return { description, content: { 'text/csv': { schema: ZCsv } } };
}

/** Response content for plain text of another format (the Prometheus exposition format). */
export function textResponse(description: string) {
  return { description, content: { 'text/plain': { schema: z.string() } } };
}

const ZBinary = z.string().meta({ format: 'binary' });

/** Response content for file bytes, one media type per type the file may have. */
export function fileResponse(description: string, mediaTypes: readonly string[]) {
  return {
    description,
    content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: ZBinary }])),
  };
}

/** Every media type a stored document may have (domain document-types.ts). */
export const DOCUMENT_MEDIA_TYPES = [
  ...new Set(Object.values(DOCUMENT_FILE_TYPES).map((type) => type.mimeType)),
  'application/octet-stream',
];

/** The frames of GET /api/events, as its route writes them (modules/events/events.routes.ts). */
export const EVENT_STREAM_DESCRIPTION = [
  'A server-sent event stream (never closed by the server while the session lives).',
  'Frames: `retry: 2000` first; then `: connected`, or, when the request sent `Last-Event-ID`',
  '(header or `lastEventId` query), the missed events first. Each change is',
  '`id: <n>` / `event: change` / `data: {"id","topic","patientId","payload"}` (plus `origin`',
  'for the writer’s own changes). `event: resync` with `data: {}` means too much was missed:',
  'refetch. `event: session-ended` comes before the server ends the stream of a session that',
  'ended. `: ping` comments are heartbeats. At most 10 streams per user (else 429); a server',
  'that has begun to shut down refuses a new stream (503): reconnect, to another instance.',
].join('\n');

export const eventStreamResponse = {
  description: EVENT_STREAM_DESCRIPTION,
  content: { 'text/event-stream': { schema: z.string() } },
};

/** Bodies that no zod schema describes, keyed by operationId: a multipart upload's parts. */
const MULTIPART_BODIES: Record<string, object> = {
  uploadPatientDocument: {
    required: true,
    description:
      'One file and its category, as multipart/form-data: the `category` field first, then `file`.',
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          required: ['category', 'file'],
          properties: {
            category: { type: 'string', enum: [...DOCUMENT_CATEGORIES] },
            file: {
              type: 'string',
              format: 'binary',
              description: `The file (${Object.keys(DOCUMENT_FILE_TYPES).join(', ')}), smaller than the upload limit of GET /api/documents/upload-limits.`,
            },
          },
        },
        encoding: { file: { contentType: DOCUMENT_MEDIA_TYPES.join(', ') } },
      },
    },
  },
};

/**
 * Hand-written examples for the bodies partners send most, keyed by operationId; every other
 * JSON body gets one built from its schema (openapi-examples.ts). Redocly's lint checks each
 * against its schema (no-invalid-media-type-examples).
 */
const BODY_EXAMPLES: Record<string, unknown> = {
  createPatient: {
    fullName: 'Maria Alvarez',
    dob: '1984-07-21',
    clinicIds: [exampleUuid('clinicId')],
    firmId: exampleUuid('firmId'),
    lienholderIds: [exampleUuid('lienholderId')],
    intakeDate: '2026-03-02',
    pointOfContactName: 'Daniel Alvarez',
    pointOfContactPhone: '+1 555 010 0199',
  },
  createOrganization: {
    name: 'Riverside Physical Therapy',
    kind: 'clinic',
    address: '1200 Valencia St, San Francisco, CA 94110',
    phone: '+1 555 010 0142',
    email: 'frontdesk@riverside-pt.example.com',
  },
  createPatientBillingEntry: { cptCode: '97110', sessionCount: 3, amount: '375.00' },
  sendPatientMessage: {
    body: 'The MRI report from March 14 is uploaded under MRI.',
    notifyByEmail: true,
  },
  recordLienPayment: { amount: '1250.00', paidOn: '2026-03-14', reference: 'CHK-40211' },
  proposeLienReduction: { kind: 'percent', value: '20', note: 'Policy limits are low.' },
  createPatientRequest: { clinicId: exampleUuid('clinicId'), kind: 'medical_records' },
  postPatientVisits: {
    date: '2026-03-16',
    time: '09:30',
    type: 'follow_up',
    note: 'Bring the MRI report',
  },
  putVisit: {
    date: '2026-03-16',
    time: '10:00',
    type: 'therapy',
    state: 'attended',
    note: null,
    reason: 'Signed in late; marked missed by mistake',
    version: 2,
  },
};

type Operation = {
  operationId?: string;
  parameters?: Array<{ name: string; in: string; example?: unknown; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema; example?: unknown }> };
  responses: Record<string, Response>;
};
type Response = {
  description?: string;
  content?: Record<string, { schema?: JsonSchema }>;
  headers?: Record<string, unknown>;
};
export type OpenApiDocument = {
  openapi: string;
  info: Record<string, unknown>;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas?: Record<string, unknown>; [key: string]: unknown };
  tags?: Array<{ name: string; description?: string }>;
  [key: string]: unknown;
};

/** The statuses an operation can answer with the shared error body, by the rules above. */
export function errorStatusesOf(operation: ApiOperation): ErrorStatus[] {
  const isPublic = operation.access === 'public';
  const isWrite = operation.method !== 'GET';
  const statuses: ErrorStatus[] = [400];
  if (!isPublic) statuses.push(401);
  // A signed-in route refuses a role without the capability; every write refuses cross-site.
  if (!isPublic || isWrite) statuses.push(403);
  if (operation.path.includes('{')) statuses.push(404);
  // Every POST outside /api/auth/ takes an Idempotency-Key (lib/idempotency.ts).
  if (isIdempotent(operation)) statuses.push(409);
  if (isWrite) statuses.push(413, 415);
  // …and refuses the key again with another request.
  if (isIdempotent(operation)) statuses.push(422);
  if (operation.isRateLimited) statuses.push(429);
  // Any operation that reads the database may find it too busy (lib/database-busy.ts).
  statuses.push(500, 503);
  return statuses;
}

function isIdempotent(operation: ApiOperation): boolean {
  return operation.method === 'POST' && !operation.path.startsWith('/api/auth/');
}

const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).toSorted(([a], [b]) => a.localeCompare(b)))
      : item,
  );

const ERROR_SCHEMA = z.toJSONSchema(ZErrorBody, { target: 'openapi-3.0', io: 'output' });
const { $schema: _dialect, ...ERROR_JSON } = ERROR_SCHEMA as Record<string, unknown>;
const ERROR_CANONICAL = canonical(ERROR_JSON);

function errorResponse(status: ErrorStatus): Response {
  return {
    description: ERROR_RESPONSES[status],
    content: { 'application/json': { schema: ERROR_REF } },
    ...(status === 429 || status === 503 ? { headers: RETRY_AFTER } : {}),
  };
}

function finishResponses(operation: Operation, facts: ApiOperation): void {
  const { responses } = operation;
  for (const [status, response] of Object.entries(responses)) {
    const json = response.content?.['application/json'];
    if (json?.schema && canonical(json.schema) === ERROR_CANONICAL) json.schema = ERROR_REF;
    if (response.description === 'Default Response') {
      response.description =
        ERROR_RESPONSES[Number(status) as ErrorStatus] ?? SUCCESS_DESCRIPTIONS[status] ?? 'OK';
    }
    if (status === '204') delete response.content;
    if (status === '429') response.headers = { ...RETRY_AFTER, ...response.headers };
  }
  for (const status of errorStatusesOf(facts)) {
    responses[status] ??= errorResponse(status);
  }
}

function finishParameters(operation: Operation, facts: ApiOperation): void {
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== 'path' || parameter.example !== undefined) continue;
    const example = exampleFor(parameter.schema, parameter.name);
    parameter.example = example === 'Example' ? exampleUuid(parameter.name) : example;
  }
  if (isIdempotent(facts)) {
    operation.parameters = [
      ...(operation.parameters ?? []),
      {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description: `A repeat with the same key answers as the first request and changes nothing (8–200 printable characters; kept 48 hours). Header ${IDEMPOTENCY_KEY_HEADER}.`,
        schema: { type: 'string', minLength: 8, maxLength: 200 },
        example: exampleUuid(`${facts.operationId}:idempotency`),
      } as never,
    ];
  }
}

function finishRequestBody(operation: Operation, facts: ApiOperation): void {
  if (facts.isMultipart && !operation.requestBody) {
    const body = MULTIPART_BODIES[facts.operationId];
    if (!body) {
      throw new Error(
        `${facts.method} ${facts.path} takes multipart/form-data: describe its parts in MULTIPART_BODIES (lib/openapi.ts)`,
      );
    }
    operation.requestBody = structuredClone(body);
    return;
  }
  const json = operation.requestBody?.content?.['application/json'];
  if (json?.schema && json.example === undefined) {
    const example = BODY_EXAMPLES[facts.operationId] ?? exampleFor(json.schema);
    if (example !== undefined) json.example = example;
  }
}

/**
 * OpenAPI 3.0 reads `nullable` only beside a `type`: zod's nullable unions put it beside
 * `anyOf`, so it moves into each branch, and a nullable `enum` lists null. A record keyed by an enum lists its keys as `required`
 * with no `properties`: each key gets the record's value schema.
 */
export function normalizeSchemas(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) normalizeSchemas(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as JsonSchema;
  if (schema.nullable === true && schema.type === undefined && schema.anyOf) {
    delete schema.nullable;
    schema.anyOf = schema.anyOf.map((branch) =>
      branch.type === undefined ? branch : { ...branch, nullable: true },
    );
  }
  // OpenAPI 3.0.3: `nullable` does not widen an `enum`, so a null the schema allows is listed
  // (a template's `purpose`, a reduction's `viewerParty`); without it a validator refuses null.
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) {
    schema.enum = [...schema.enum, null];
  }
  if (
    Array.isArray(schema.required) &&
    schema.properties === undefined &&
    typeof schema.additionalProperties === 'object'
  ) {
    const value = schema.additionalProperties;
    schema.properties = Object.fromEntries(schema.required.map((key) => [key, value]));
  }
  for (const child of Object.values(schema)) normalizeSchemas(child);
}

/** Applies the shared rules to the generated document (see the file comment). */
export function finishDocument(
  document: OpenApiDocument,
  operations: readonly ApiOperation[],
): OpenApiDocument {
  for (const facts of operations) {
    const operation = document.paths[facts.path]?.[facts.method.toLowerCase()];
    if (!operation) continue;
    finishRequestBody(operation, facts);
    finishParameters(operation, facts);
    finishResponses(operation, facts);
  }
  // An entry for an operationId that no longer exists would be dropped without a word.
  const ids = new Set(operations.map((facts) => facts.operationId));
  const stale = [...Object.keys(BODY_EXAMPLES), ...Object.keys(MULTIPART_BODIES)].filter(
    (id) => !ids.has(id),
  );
  if (stale.length > 0) throw new Error(`lib/openapi.ts names no operation ${stale.join(', ')}`);
  normalizeSchemas(document.paths);
  const usedTags = new Set(
    Object.values(document.paths).flatMap((item) =>
      Object.values(item).flatMap((operation) => (operation as { tags?: string[] }).tags ?? []),
    ),
  );
  document.tags = [...usedTags].toSorted().map((name) => ({
    name,
    description: TAG_DESCRIPTIONS[name] ?? `Operations of the ${name} module.`,
  }));
  document.components.schemas = {
    ...document.components.schemas,
    Error: {
      ...ERROR_JSON,
      description: 'The body of every error answer.',
      example: { error: { code: 'NOT_FOUND', message: 'Not found' } },
    },
  };
  return document;
}

/** The @fastify/swagger options of the app: the document's metadata and the rules above. */
export function openApiOptions(app: FastifyInstance, env: Env): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'CaseBridge API',
        version: '1.0.0',
        description: API_DESCRIPTION,
        contact: { name: 'CaseBridge support', url: `${env.appUrl}/` },
        license: { name: 'Proprietary', url: `${env.appUrl}/` },
      },
      servers: [{ url: env.appUrl, description: 'This CaseBridge server' }],
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: 'casebridge.session_token',
            description: 'The session cookie POST /api/auth/login sets (browsers).',
          },
          [BEARER_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            description: 'An API token an administrator created: `Authorization: Bearer <token>`.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (input) => {
      if (!('openapiObject' in input)) throw new Error('CaseBridge documents OpenAPI 3 only');
      return finishDocument(
        input.openapiObject as unknown as OpenApiDocument,
        listApiOperations(app),
      ) as never;
    },
  };
}
