import { and, eq, ne } from 'drizzle-orm';
import {
  EXTERNAL_ID_MESSAGES,
  type TPatientExternalId,
} from '@casebridge/domain/patients/patient.schemas';
import { inChange } from '#src/change/change.ts';
import type { Db } from '#src/db/client.ts';
import { organizations, patientExternalIds } from '#src/db/schema/index.ts';
import type { Actor } from '#src/lib/actor.ts';
import { AppError, forbidden, validationFailed } from '#src/lib/app-error.ts';
import type { RequestContext } from '#src/lib/request-context.ts';
import { requirePatientInScope } from './patient-access.ts';
import type { ExternalIdOwner } from './patients.queries.ts';

/**
 * Whose external ids a reader sees: an organisation user's own organisation; an admin
 * the organisation it names, else none. Naming another organisation than one's own is refused.
 */
export function readExternalIdOwner(actor: Actor, organizationId?: string): ExternalIdOwner {
  if (actor.role === 'admin') return organizationId ?? null;
  if (organizationId !== undefined && organizationId !== actor.organizationId) throw forbidden();
  return actor.organizationId;
}

/**
 * Whether organisation `owner` uses `externalId` as a reference for some patient: the list's
 * search then lists that patient, through the listing's own scoped external-id filter.
 */
export async function findExternalIdHolder(
  db: Db,
  owner: string,
  externalId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ patientId: patientExternalIds.patientId })
    .from(patientExternalIds)
    .where(
      and(
        eq(patientExternalIds.organizationId, owner),
        eq(patientExternalIds.externalId, externalId.trim()),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The organisation whose reference a write sets: the actor's own, or the one an admin names. */
async function writeExternalIdOwner(db: Db, actor: Actor, organizationId?: string) {
  if (actor.role !== 'admin') {
    if (!actor.organizationId) throw forbidden(EXTERNAL_ID_MESSAGES.noOrganization);
    if (organizationId !== undefined && organizationId !== actor.organizationId) throw forbidden();
    return actor.organizationId;
  }
  if (!organizationId) throw validationFailed(EXTERNAL_ID_MESSAGES.organizationRequired);
  const [organization] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!organization) throw validationFailed('organizationId: no such organisation');
  return organization.id;
}

/** A unique violation, as node-postgres and PGlite raise it (drizzle may wrap it). */
function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as Error & { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Sets the organisation's reference for a patient the actor can see: one per patient and
 * organisation, unique within the organisation (409 when another patient has it). Audited.
 */
export async function setExternalId(
  db: Db,
  actor: Actor,
  input: { patientId: string; externalId: string; organizationId?: string | undefined },
  context: RequestContext,
): Promise<TPatientExternalId> {
  const patient = await requirePatientInScope(db, actor, input.patientId);
  const organizationId = await writeExternalIdOwner(db, actor, input.organizationId);
  const clash = () => new AppError('CONFLICT', EXTERNAL_ID_MESSAGES.taken(input.externalId));
  try {
    return await inChange(db, { actor, context }, async (change) => {
      const { tx } = change;
      const [taken] = await tx
        .select({ patientId: patientExternalIds.patientId })
        .from(patientExternalIds)
        .where(
          and(
            eq(patientExternalIds.organizationId, organizationId),
            eq(patientExternalIds.externalId, input.externalId),
            ne(patientExternalIds.patientId, patient.id),
          ),
        );
      if (taken) throw clash();
      const now = new Date();
      await tx
        .insert(patientExternalIds)
        .values({ patientId: patient.id, organizationId, externalId: input.externalId })
        .onConflictDoUpdate({
          target: [patientExternalIds.patientId, patientExternalIds.organizationId],
          set: { externalId: input.externalId, updatedAt: now },
        });
      change.audit({
        action: 'patient_external_id_set',
        patientId: patient.id,
        details: `organisation ${organizationId}: reference set`,
      });
      return { patientId: patient.id, organizationId, externalId: input.externalId };
    });
  } catch (error) {
    // Two writers giving the same reference to two patients at once: the unique index decides.
    if (isUniqueViolation(error)) throw clash();
    throw error;
  }
}

/** Clears the organisation's reference for the patient (nothing to clear answers 404). Audited. */
export async function clearExternalId(
  db: Db,
  actor: Actor,
  input: { patientId: string; organizationId?: string | undefined },
  context: RequestContext,
): Promise<void> {
  const patient = await requirePatientInScope(db, actor, input.patientId);
  const organizationId = await writeExternalIdOwner(db, actor, input.organizationId);
  await inChange(db, { actor, context }, async (change) => {
    const removed = await change.tx
      .delete(patientExternalIds)
      .where(
        and(
          eq(patientExternalIds.patientId, patient.id),
          eq(patientExternalIds.organizationId, organizationId),
        ),
      )
      .returning({ patientId: patientExternalIds.patientId });
    if (removed.length === 0) throw new AppError('NOT_FOUND', 'No reference to clear');
    change.audit({
      action: 'patient_external_id_cleared',
      patientId: patient.id,
      details: `organisation ${organizationId}: reference cleared`,
    });
  });
}
