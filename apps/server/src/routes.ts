import type { FastifyInstance } from 'fastify';
import { accessRequestRoutes } from './modules/access-requests/access-requests.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { eventRoutes } from './modules/events/events.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { organizationRoutes } from './modules/organizations/organizations.routes.ts';
import { patientRoutes } from './modules/patients/patients.routes.ts';
import { templateRoutes } from './modules/templates/templates.routes.ts';

/** Every API module, mounted under /api. */
export async function registerApiRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(accessRequestRoutes);
  await app.register(eventRoutes);
  await app.register(organizationRoutes);
  await app.register(patientRoutes);
  await app.register(templateRoutes);
}
