import {
  ORGANIZATION_MESSAGES,
  type TCreateOrganizationParsed,
  type TUpdateOrganizationParsed,
} from '@casebridge/domain/organizations/organization-admin.schemas';
import type { TOrganization } from '@casebridge/domain/organizations/organization.schemas';
import type { Db } from '#src/db/client.ts';
import { publishEvent } from '#src/events/outbox.ts';
import type { Actor } from '#src/lib/actor.ts';
import { AppError, notFound } from '#src/lib/app-error.ts';
import { writeAudit } from '#src/modules/audit/audit.service.ts';
import {
  getOrganization,
  insertOrganization,
  isOrganizationNameTaken,
  updateOrganization,
} from './organizations.queries.ts';

/** Names are unique per kind because the legacy slug (name with underscores) must be. */
export async function createOrganization(
  db: Db,
  actor: Actor,
  input: TCreateOrganizationParsed,
  context: { ip: string },
): Promise<TOrganization> {
  return db.transaction(async (tx) => {
    if (await isOrganizationNameTaken(tx, input.kind, input.name))
      throw new AppError('CONFLICT', ORGANIZATION_MESSAGES.nameTaken);
    const organization = await insertOrganization(tx, input);
    await writeAudit(tx, {
      action: 'organization_created',
      actor,
      details: `${organization.kind} "${organization.name}"`,
      ip: context.ip,
    });
    await publishEvent(tx, { topic: 'organization.changed', payload: { id: organization.id } });
    return organization;
  });
}

export async function editOrganization(
  db: Db,
  actor: Actor,
  id: string,
  input: TUpdateOrganizationParsed,
  context: { ip: string },
): Promise<TOrganization> {
  return db.transaction(async (tx) => {
    const before = await getOrganization(tx, id);
    if (!before) throw notFound();
    if (await isOrganizationNameTaken(tx, before.kind, input.name, id))
      throw new AppError('CONFLICT', ORGANIZATION_MESSAGES.nameTaken);
    const organization = await updateOrganization(tx, id, before.kind, input);
    if (!organization) throw notFound();
    await writeAudit(tx, {
      action: 'organization_updated',
      actor,
      details:
        before.name === organization.name
          ? `${organization.kind} "${organization.name}"`
          : `${organization.kind} "${before.name}" renamed to "${organization.name}"`,
      ip: context.ip,
    });
    await publishEvent(tx, { topic: 'organization.changed', payload: { id } });
    return organization;
  });
}
