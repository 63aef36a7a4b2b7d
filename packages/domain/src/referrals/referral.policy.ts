import { hasCapability } from '../capabilities.ts';
import type { OrganizationKind, Role } from '../roles.ts';
import type { ReferralState } from './referral-constants.ts';

type ReferralActor = {
  role: Role;
  organizationId: string | null;
  organizationKind?: OrganizationKind | null;
};

/**
 * Sends a referral (referrals:create): a firm's attorneys refer a new client; a clinic's users
 * refer a patient they see on to another clinic. The UI asks it to show the action; the server
 * asks it again with the referral's kind.
 */
export function canReferNewClient(actor: ReferralActor): boolean {
  return hasCapability(actor.role, 'referrals:create') && actor.role === 'attorney';
}

export function canReferOn(actor: ReferralActor): boolean {
  return hasCapability(actor.role, 'referrals:create') && actor.role === 'clinic';
}

/** Accepts or declines (referrals:respond): a user of the receiving clinic, while pending. */
export function canRespondToReferral(
  actor: ReferralActor,
  referral: { clinicId: string; state: ReferralState },
): boolean {
  return (
    hasCapability(actor.role, 'referrals:respond') &&
    actor.organizationId === referral.clinicId &&
    referral.state === 'pending'
  );
}

/** Withdraws (referrals:create): a user of the referring organisation, while pending. */
export function canWithdrawReferral(
  actor: ReferralActor,
  referral: { referringOrgId: string; state: ReferralState },
): boolean {
  return (
    hasCapability(actor.role, 'referrals:create') &&
    actor.organizationId === referral.referringOrgId &&
    referral.state === 'pending'
  );
}
