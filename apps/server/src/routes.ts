import type { FastifyInstance } from 'fastify';
import { accessGrantRoutes } from './modules/access-grants/access-grants.routes.ts';
import { accessRequestRoutes } from './modules/access-requests/access-requests.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { documentRoutes } from './modules/documents/documents.routes.ts';
import { eventRoutes } from './modules/events/events.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { messageRoutes } from './modules/messages/messages.routes.ts';
import { mfaRoutes } from './modules/mfa/mfa.routes.ts';
import { notificationRoutes } from './modules/notifications/notifications.routes.ts';
import { organizationRoutes } from './modules/organizations/organizations.routes.ts';
import { overviewRoutes } from './modules/overview/overview.routes.ts';
import { patientRoutes } from './modules/patients/patients.routes.ts';
import { templateRoutes } from './modules/templates/templates.routes.ts';
import { accessRequestReviewRoutes } from './modules/access-requests/access-requests.review-routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { auditChainRoutes } from './modules/audit/audit-chain.routes.ts';
import { mailOutboxRoutes } from './modules/mail-outbox/mail-outbox.routes.ts';
import { sessionRoutes } from './modules/sessions/sessions.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { systemToolRoutes } from './modules/system-tools/system-tools.routes.ts';
import { userRoutes } from './modules/users/users.routes.ts';

/** Every API module, mounted under /api. */
export async function registerApiRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(mfaRoutes);
  await app.register(accessRequestRoutes);
  await app.register(eventRoutes);
  await app.register(organizationRoutes);
  await app.register(messageRoutes);
  await app.register(notificationRoutes);
  await app.register(patientRoutes);
  await app.register(overviewRoutes);
  await app.register(templateRoutes);
  await app.register(userRoutes);
  await app.register(sessionRoutes);
  await app.register(accessRequestReviewRoutes);
  await app.register(auditRoutes);
  await app.register(auditChainRoutes);
  await app.register(settingsRoutes);
  await app.register(systemToolRoutes);
  await app.register(mailOutboxRoutes);
  await app.register(documentRoutes);
  await app.register(billingRoutes);
  await app.register(accessGrantRoutes);
}
