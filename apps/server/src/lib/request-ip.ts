import type { FastifyRequest } from 'fastify';

export function getRequestIp(request: FastifyRequest): string {
  return request.ip || 'unknown';
}
