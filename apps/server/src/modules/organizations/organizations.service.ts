import {
  ORGANIZATION_MESSAGES,
  type TCreateOrganizationParsed,
  type TUpdateOrganizationParsed,
} from '@casebridge/domain/organizations/organization-admin.schemas';
import type { TOrganization } from '@casebridge/domain/organizations/organization.schemas';
import type { OrganizationKind } from '@casebridge/domain/roles';
import type { Db } from '#src/db/client.ts';
import { inChange } from '#src/change/change.ts';
import type { Actor } from '#src/lib/actor.ts';
import { AppError, notFound } from '#src/lib/app-error.ts';
import type { RequestContext } from '#src/lib/request-context.ts';
import { assertVersion } from '#src/lib/versioning.ts';
import { recheckTreatmentGaps } from '#src/modules/treatment-gaps/gap-settings.service.ts';
import {
  insertOrganization,
  isOrganizationNameTaken,
  listOrganizations as selectOrganizations,
  lockOrganization,
  updateOrganization,
} from './organizations.queries.ts';

/** Names are unique per kind because the legacy slug (name with underscores) must be. */
export async function createOrganization(
  db: Db,
  actor: Actor,
  input: TCreateOrganizationParsed,
  context: RequestContext,
): Promise<TOrganization> {
  return inChange(db, { actor, context }, async (change) => {
    const { tx } = change;
    if (await isOrganizationNameTaken(tx, input.kind, input.name))
      throw new AppError('CONFLICT', ORGANIZATION_MESSAGES.nameTaken);
    const organization = await insertOrganization(tx, input);
    change
      .audit({
        action: 'organization_created',
        details: `${organization.kind} "${organization.name}"`,
      })
      .publish({ topic: 'organization.changed', payload: { id: organization.id } });
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
  context: RequestContext & { log: { warn(message: string): void } },
): Promise<TOrganization> {
  const saved = await inChange(db, { actor, context }, async (change) => {
    const { tx } = change;
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
    change
      .audit({
        action: 'organization_updated',
        details:
          before.name === organization.name
            ? `${organization.kind} "${organization.name}"`
            : `${organization.kind} "${before.name}" renamed to "${organization.name}"`,
      })
      .publish({ topic: 'organization.changed', payload: { id } });
    return organization;
  });
  // A clinic's treatment-gap threshold was saved: flag or clear the gaps now.
  if (input.gapThresholdDays !== undefined && saved.kind === 'clinic') {
    await recheckTreatmentGaps(db, context);
  }
  return saved;
}

/** The directory, filtered by kind and name: shared reference data every signed-in user reads. */
export function listOrganizations(
  db: Db,
  filter: { kind?: OrganizationKind | undefined; search?: string | undefined },
): Promise<TOrganization[]> {
  return selectOrganizations(db, filter);
}
