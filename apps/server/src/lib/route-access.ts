import type { Capability } from '@casebridge/domain/capabilities';

/** What a route needs: nothing (`public`) or a capability of the signed-in actor. */
export type RouteAccess = 'public' | Capability;

/**
 * The step of signing in a route belongs to, for a session that may not open the app yet:
 * `verify` (the session must give its second factor) or `enrol` ('Require MFA' and no factor yet).
 * Every other route refuses such a session (auth/session.ts, resolveActor).
 */
export type SecondFactorStep = 'verify' | 'enrol';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    secondFactorStep?: SecondFactorStep;
  }
}

/** Routes that vendor plugins register (Swagger UI assets) and that are public by nature. */
export const VENDOR_PUBLIC_PREFIXES = ['/api/docs'] as const;

export function isVendorPublicRoute(url: string): boolean {
  return VENDOR_PUBLIC_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));
}

export class UndeclaredRouteAccessError extends Error {
  constructor(method: string, url: string) {
    super(`Route ${method} ${url} does not declare its access (public or a capability)`);
  }
}
