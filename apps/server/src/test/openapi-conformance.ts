import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

/**
 * Reading an OpenAPI 3.0 document as a third-party tool would, to hold the server's real answers
 * to it (openapi-conformance.integration.test.ts): which statuses and content types an operation
 * lists, and whether a JSON body validates against the listed schema (ajv).
 */

type SchemaObject = Record<string, unknown>;
type MediaTypeObject = { schema?: SchemaObject };
type ResponseObject = { content?: Record<string, MediaTypeObject> };
type ParameterObject = { name: string; in: string; required?: boolean };
export type OperationObject = {
  operationId?: string;
  parameters?: ParameterObject[];
  requestBody?: { content?: Record<string, MediaTypeObject & { example?: unknown }> };
  responses?: Record<string, ResponseObject>;
};
export type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, OperationObject>>;
  components?: Record<string, unknown>;
};

export type Operation = {
  /** `GET /api/patients/{patientId}`: the key of the test's plans. */
  key: string;
  method: string;
  path: string;
  operation: OperationObject;
};

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

/** Every operation of the document, in document order. */
export function listOperations(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, operation]) => ({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        operation,
      })),
  );
}

/** The names of an operation's path parameters, in the order the path has them. */
export function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
}

/**
 * OpenAPI 3.0's `nullable` and exclusive bounds as JSON Schema: ajv reads it beside a `type` (and, as OpenAPI 3.0.3
 * says, it does not widen an `enum`: a null must be listed there). Without a `type` (zod's
 * nullable unions) ajv refuses it, so the schema becomes `anyOf: [schema, null]`.
 */
function toJsonSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toJsonSchema);
  if (typeof value !== 'object' || value === null) return value;
  const converted = Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, toJsonSchema(item)]),
  );
  // OpenAPI 3.0's boolean exclusive bounds are JSON Schema's numeric ones.
  for (const [exclusive, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof converted[exclusive] !== 'boolean') continue;
    if (converted[exclusive] && typeof converted[bound] === 'number') {
      converted[exclusive] = converted[bound];
      delete converted[bound];
    } else {
      delete converted[exclusive];
    }
  }
  if (converted.nullable === true && converted.type === undefined) {
    const { nullable: _nullable, ...rest } = converted;
    return { anyOf: [rest, { type: 'null' }] };
  }
  return converted;
}

const escapePointer = (segment: string) =>
  encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'));

/** ajv-formats is CommonJS: its default export arrives wrapped under ESM. */
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule })
  .default ?? addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

/** What the checker reads of an answer: light-my-request's, or a live stream's first bytes. */
export type Answer = {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
  rawPayload: { length: number };
};

export type Verdict = { ok: true } | { ok: false; problem: string };

/** Holds real answers to the document: status, content type and body. */
export class ConformanceChecker {
  private readonly ajv: Ajv;
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(document: OpenApiDocument) {
    // `example`, `x-…` and the other OpenAPI-only keywords are not JSON Schema: not strict.
    this.ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(this.ajv);
    this.ajv.addSchema(toJsonSchema(document) as SchemaObject, 'openapi.json');
  }

  /** Problems of the document itself that no call can show: a 204 that declares content. */
  static documentProblems(operations: Operation[]): string[] {
    return operations.flatMap(({ key, operation }) => {
      const noContent = operation.responses?.['204'];
      return noContent?.content && Object.keys(noContent.content).length > 0
        ? [`${key}: 204 declares content ${Object.keys(noContent.content).join(', ')}`]
        : [];
    });
  }

  check(target: Operation, response: Answer): Verdict {
    const status = String(response.statusCode);
    const responses = target.operation.responses ?? {};
    const listed = [status, `${status[0]}XX`, 'default'].find((key) => responses[key]);
    if (!listed) {
      return {
        ok: false,
        problem: `status ${status} is not listed (${Object.keys(responses).join(', ')}): ${short(response.body)}`,
      };
    }
    const content = responses[listed]?.content ?? {};
    const mediaTypes = Object.keys(content);
    const isEmpty = response.rawPayload.length === 0;
    if (mediaTypes.length === 0 || status === '204') {
      return isEmpty
        ? { ok: true }
        : { ok: false, problem: `status ${status} has a body the document does not declare` };
    }
    const sent = String(response.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim()
      .toLowerCase();
    const mediaType = mediaTypes.find((type) => matchesMediaType(type, sent));
    if (!mediaType) {
      return {
        ok: false,
        problem: `content type '${sent}' is not one of ${mediaTypes.join(', ')}`,
      };
    }
    if (!/[/+]json$/.test(mediaType) || !content[mediaType]?.schema) return { ok: true };
    let body: unknown;
    try {
      body = JSON.parse(response.body);
    } catch {
      return { ok: false, problem: `the ${mediaType} body is not JSON: ${short(response.body)}` };
    }
    const validate = this.validatorFor(target, listed, mediaType);
    if (validate(body)) return { ok: true };
    const errors = (validate.errors ?? [])
      .slice(0, 5)
      .map(
        (error) => `${error.instancePath || '/'} ${error.message} ${JSON.stringify(error.params)}`,
      )
      .join('; ');
    return { ok: false, problem: `body does not match the ${listed} schema: ${errors}` };
  }

  private validatorFor(target: Operation, status: string, mediaType: string): ValidateFunction {
    const pointer = [
      'paths',
      target.path,
      target.method.toLowerCase(),
      'responses',
      status,
      'content',
      mediaType,
      'schema',
    ]
      .map(escapePointer)
      .join('/');
    let validate = this.validators.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `openapi.json#/${pointer}` });
      this.validators.set(pointer, validate);
    }
    return validate;
  }
}

function matchesMediaType(declared: string, sent: string): boolean {
  const type = declared.split(';')[0]!.trim().toLowerCase();
  if (type === '*/*') return sent !== '';
  if (type.endsWith('/*')) return sent.startsWith(type.slice(0, -1));
  return type === sent;
}

const short = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}…` : text);
