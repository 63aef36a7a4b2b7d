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
import { assertVersion } from '#src/lib/versioning.ts';
import { recheckTreatmentGaps } from '#src/modules/treatment-gaps/gap-settings.service.ts';
import {
  insertOrganization,
  isOrganizationNameTaken,
  lockOrganization,
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

/**
 * An admin's edit, from the version they saw: made from an older version than the
 * organisation's, it changes nothing and answers 409 with the organisation as it now is.
 */
export async function editOrganization(
  db: Db,
  actor: Actor,
  id: string,
  input: TUpdateOrganizationParsed & { expected: number },
  context: { ip: string; appUrl: string; log: { warn(message: string): void } },
): Promise<TOrganization> {
  const saved = await db.transaction(async (tx) => {
    const before = await lockOrganization(tx, id);
    if (!before) throw notFound();
    await assertVersion(before, input.expected, () => before);
    if (await isOrganizationNameTaken(tx, before.kind, input.name, id))
      throw new AppError('CONFLICT', ORGANIZATION_MESSAGES.nameTaken);
    const organization = await updateOrganization(
      tx,
      id,
      { kind: before.kind, values: input },
      actor,
    );
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
  // A clinic's treatment-gap threshold was saved: flag or clear the gaps now.
  if (input.gapThresholdDays !== undefined && saved.kind === 'clinic') {
    await recheckTreatmentGaps(db, context);
  }
  return saved;
}
