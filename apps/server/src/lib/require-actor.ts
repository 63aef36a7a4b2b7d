import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '@casebridge/domain/errors';
import type { Actor } from './actor.ts';
import { AppError } from './app-error.ts';

/** The actor of a route that declared a capability; the access hook has already checked it. */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
  return request.actor;
}
