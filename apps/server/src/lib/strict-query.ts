import type { onRequestHookHandler, preValidationHookHandler, RouteOptions } from 'fastify';
import { z } from 'zod';
import { AppError } from './app-error.ts';

/** What a query parameter the route does not know is refused with. */
export const unknownQueryParameterMessage = (name: string) => `unknown query parameter: ${name}`;

/**
 * The query parameters a route's zod querystring schema declares: an object's keys, through
 * pipes, transforms, refinements and unions. A route without a schema declares none.
 */
export function declaredQueryKeys(schema: unknown): Set<string> {
  const keys = new Set<string>();
  const visit = (node: unknown): void => {
    if (node instanceof z.ZodObject) {
      for (const key of Object.keys(node.shape)) keys.add(key);
    } else if (node instanceof z.ZodPipe) {
      visit(node.in);
    } else if (node instanceof z.ZodUnion || node instanceof z.ZodDiscriminatedUnion) {
      for (const option of node.options) visit(option);
    } else if (node instanceof z.ZodIntersection) {
      visit(node.def.left);
      visit(node.def.right);
    } else if (node instanceof z.ZodOptional || node instanceof z.ZodDefault) {
      visit(node.def.innerType);
    }
  };
  visit(schema);
  return keys;
}

type Hooks = RouteOptions['preValidation'] | onRequestHookHandler;

const asList = (hooks: Hooks) => (hooks ? (Array.isArray(hooks) ? hooks : [hooks]) : []);

/**
 * Makes the route refuse a query parameter its schema does not declare (400 VALIDATION_FAILED,
 * naming it), before validation: a misspelt filter must not silently list everything. Called
 * from app.ts's onRoute hook for every API route, with a querystring schema or without.
 */
export function refuseUnknownQueryParameters(route: RouteOptions): void {
  const declared = declaredQueryKeys(route.schema?.querystring);
  const check: preValidationHookHandler = async (request) => {
    const query = request.query;
    if (!query || typeof query !== 'object') return;
    for (const name of Object.keys(query)) {
      if (!declared.has(name)) {
        throw new AppError('VALIDATION_FAILED', unknownQueryParameterMessage(name));
      }
    }
  };
  route.preValidation = [check, ...asList(route.preValidation)] as RouteOptions['preValidation'];
}
