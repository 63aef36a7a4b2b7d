import type { FastifyInstance, RouteOptions } from 'fastify';
import {
  ROLE_CAPABILITIES,
  TOKEN_EXCLUDED_CAPABILITIES,
  type Capability,
} from '@casebridge/domain/capabilities';
import { ROLES, type Role } from '@casebridge/domain/roles';
import type { RouteAccess } from './route-access.ts';

/**
 * What the API contract knows of one operation, collected as each /api route is registered
 * (docs/architecture.md, 'The API contract'). The document is finished from these facts.
 */
export type ApiOperation = {
  /** Upper case: GET, POST, … */
  method: string;
  /** The OpenAPI path: /api/patients/{patientId}. */
  path: string;
  operationId: string;
  /** Whether the route's schema gave its own summary (the contract test requires one). */
  hasOwnSummary: boolean;
  access: RouteAccess;
  /** Counted by @fastify/rate-limit (`config.rateLimit`): may answer 429 with Retry-After. */
  isRateLimited: boolean;
  /** Declares a multipart/form-data body (`consumes`), read by its handler rather than a schema. */
  isMultipart: boolean;
};

/** Signed-in browser session or machine token, as declared in components.securitySchemes. */
export const SESSION_SCHEME = 'session';
export const BEARER_SCHEME = 'bearerToken';

export class OperationIdCollisionError extends Error {
  constructor(operationId: string, first: ApiOperation, second: { method: string; path: string }) {
    super(
      `operationId ${operationId} names both ${first.method} ${first.path} and ${second.method} ${second.path}: give one an explicit schema.operationId`,
    );
  }
}

const VERBS: Record<string, string> = {
  GET: 'get',
  POST: 'post',
  PUT: 'put',
  PATCH: 'patch',
  DELETE: 'delete',
};

/** An English plural's singular, for the collection segment before an id: patients → patient. */
export function singular(word: string): string {
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(?:ss|us)$/.test(word)) return word;
  if (/(?:sses|uses|xes|ches|shes)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** /api/patients/:patientId → /api/patients/{patientId} */
export function toOpenApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/**
 * The operationId a route gets when its schema names none: the method's verb, then the words of
 * the path after /api, a collection named before an id in the singular, ids left out.
 * GET /api/patients/{patientId}/billing → getPatientBilling.
 */
export function deriveOperationId(method: string, path: string): string {
  const segments = path
    .replace(/^\/api\/?/, '')
    .split('/')
    .filter(Boolean);
  const words: string[] = [];
  segments.forEach((segment, index) => {
    if (segment.startsWith('{')) return;
    const parts = segment.split(/[^A-Za-z0-9]+/).filter(Boolean);
    const isBeforeId = segments[index + 1]?.startsWith('{') ?? false;
    if (isBeforeId && parts.length > 0) parts.push(singular(parts.pop() as string));
    words.push(...parts);
  });
  const verb = VERBS[method] ?? method.toLowerCase();
  return verb + words.map(capitalize).join('');
}

/** The roles whose capabilities include `access` (every role for `session`), in ROLES order. */
export function rolesFor(access: RouteAccess): Role[] {
  if (access === 'public') return [];
  return ROLES.filter((role) => ROLE_CAPABILITIES[role].includes(access));
}

/** `public`: none; a capability no token may hold: the session only; else session or token. */
export function securityFor(access: RouteAccess): Array<Record<string, string[]>> {
  if (access === 'public') return [];
  if (TOKEN_EXCLUDED_CAPABILITIES.includes(access)) return [{ [SESSION_SCHEME]: [] }];
  return [{ [SESSION_SCHEME]: [] }, { [BEARER_SCHEME]: [] }];
}

const operationsOf = new WeakMap<FastifyInstance, ApiOperation[]>();

/** The operations registered on an app through registerOpenApiRules, in registration order. */
export function listApiOperations(app: FastifyInstance): readonly ApiOperation[] {
  return operationsOf.get(app) ?? [];
}

type RouteSchema = Record<string, unknown> & { hide?: boolean; summary?: string };

/**
 * Gives every documented /api route its operationId, security, `x-capability` and `x-roles`
 * while it is registered, and fails start-up when two routes share an operationId. Register it
 * before the routes (app.ts).
 */
export function registerOpenApiRules(app: FastifyInstance): void {
  const operations: ApiOperation[] = [];
  operationsOf.set(app, operations);
  const byId = new Map<string, ApiOperation>();
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema as RouteSchema | undefined;
    if (!route.url.startsWith('/api/') || schema?.hide) return;
    const access = route.config?.access;
    if (!access) return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter(
      (method) => method !== 'HEAD',
    );
    for (const method of methods) {
      const path = toOpenApiPath(route.url);
      const explicitId = typeof schema?.operationId === 'string' ? schema.operationId : undefined;
      const operationId = explicitId ?? deriveOperationId(method, path);
      const operation: ApiOperation = {
        method,
        path,
        operationId,
        hasOwnSummary: typeof schema?.summary === 'string' && schema.summary.trim() !== '',
        access,
        isRateLimited: Boolean(route.config?.rateLimit),
        isMultipart:
          Array.isArray(schema?.consumes) && schema.consumes.includes('multipart/form-data'),
      };
      const taken = byId.get(operationId);
      if (taken) throw new OperationIdCollisionError(operationId, taken, operation);
      byId.set(operationId, operation);
      operations.push(operation);
      route.schema = {
        ...schema,
        operationId,
        summary: operation.hasOwnSummary ? schema?.summary : fallbackSummary(method, path),
        security: securityFor(access),
        ...(access === 'public' ? {} : { 'x-capability': access, 'x-roles': rolesFor(access) }),
      };
    }
  });
}

/** Only for a route that gave none; the contract test fails on it (hasOwnSummary). */
function fallbackSummary(method: string, path: string): string {
  return `${method} ${path}`;
}

/** Whether the capability is one of the known ones (a typo in x-capability would be silent). */
export function isCapability(value: string): value is Capability {
  return ROLES.some((role) => (ROLE_CAPABILITIES[role] as readonly string[]).includes(value));
}
