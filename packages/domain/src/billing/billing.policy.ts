import { hasCapability } from '../capabilities.ts';
import type { Role } from '../roles.ts';

/** The parts of a signed-in user that decide whether they may correct a billing line. */
export type BillingPolicyActor = { role: Role; organizationId: string | null };

/** The parts of a billing line that decide who may correct it. */
export type BillingPolicyEntry = { clinicId: string | null; voidedAt: string | Date | null };

/**
 * Whether the line is the actor's to correct, leaving aside whether it is voided. A billing
 * line is the claim of the clinic that billed it: that clinic's users and
 * administrators may correct it, other clinics treating the same patient only read it. A line
 * no clinic billed (an administrator added it) is corrected by administrators. The patient's
 * scope is checked apart, on the server, before this.
 */
export function isBillingEntryOwnedBy(
  actor: BillingPolicyActor,
  entry: BillingPolicyEntry,
): boolean {
  if (actor.role === 'admin') return true;
  return entry.clinicId !== null && entry.clinicId === actor.organizationId;
}

/** Whether the actor may edit the line (a voided line is final: nobody may). */
export const canEditBillingEntry = (actor: BillingPolicyActor, entry: BillingPolicyEntry) =>
  entry.voidedAt === null &&
  hasCapability(actor.role, 'billing:edit') &&
  isBillingEntryOwnedBy(actor, entry);

/** Whether the actor may void the line (a voided line cannot be voided again). */
export const canVoidBillingEntry = (actor: BillingPolicyActor, entry: BillingPolicyEntry) =>
  entry.voidedAt === null &&
  hasCapability(actor.role, 'billing:void') &&
  isBillingEntryOwnedBy(actor, entry);
