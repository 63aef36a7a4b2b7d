import type { Role } from '../roles.ts';
import type { ReductionOfferStatus, ReductionParty } from './lien-constants.ts';

/**
 * Who negotiates a reduction of one patient's lien: the patient's firm ('attorney')
 * and the lien's lienholder. The attorney opens a round; the side that did not make the open
 * offer accepts, rejects or counters it; its maker may withdraw it. Administrators and clinics
 * read, never negotiate. The server asks these again; the web app asks them to show controls.
 *
 * Rounds add up: each accepted round's amount is a further reduction, and the ledger counts the
 * sum of the accepted amounts (`lien-ledger.ts`), so an accepted figure never changes again.
 */

export type ReductionPolicyActor = { role: Role; organizationId: string | null };

/** The lien as the rules need it: the patient's firm and the lienholder. */
export type ReductionLien = { firmId: string | null; lienholderId: string };

export const REDUCTION_MESSAGES = {
  notParty: "Only the patient's attorney and this lienholder negotiate its reductions.",
  attorneyProposes: "The patient's attorney proposes a reduction; the lienholder answers it.",
  offerOpen: 'An offer is already open on this lien: answer or withdraw it first.',
  notOpen: 'This offer was already answered.',
  ownOffer: 'You made this offer: the other side answers it.',
  notOwnOffer: 'Only the side that made an offer may withdraw it.',
  notALien: 'This lienholder holds no lien on the patient.',
  valueRequired: 'Enter the reduction.',
  amountInvalid: 'Enter an amount in dollars greater than zero, like 1250.00.',
  percentInvalid: 'Enter a percentage above 0 and up to 100, with at most two decimals.',
  exceedsBalance: 'A reduction cannot be more than the current balance.',
  balanceChanged:
    'The balance has dropped below this offer since it was made: counter it with a new figure.',
  nothingToReduce: 'There is no balance left to reduce.',
  noteTooLong: 'Keep the note under 1,000 characters.',
} as const;

/** The side the actor negotiates for on this lien, or null (not a party to it). */
export function getReductionParty(
  actor: ReductionPolicyActor,
  lien: ReductionLien,
): ReductionParty | null {
  if (actor.organizationId === null) return null;
  if (actor.role === 'attorney' && actor.organizationId === lien.firmId) return 'attorney';
  if (actor.role === 'lienholder' && actor.organizationId === lien.lienholderId) {
    return 'lienholder';
  }
  return null;
}

/** A new round: the attorney, while no offer is open. */
export function canProposeReduction(
  party: ReductionParty | null,
  openOffer: { offeredBy: ReductionParty } | null,
): boolean {
  return party === 'attorney' && openOffer === null;
}

type OfferState = { offeredBy: ReductionParty; status: ReductionOfferStatus };

/** Accept, reject or counter: only the side that did not make the open offer. */
export function canAnswerReduction(party: ReductionParty | null, offer: OfferState): boolean {
  return offer.status === 'open' && party !== null && party !== offer.offeredBy;
}

/** Withdraw: only the side that made the open offer. */
export function canWithdrawReduction(party: ReductionParty | null, offer: OfferState): boolean {
  return offer.status === 'open' && party !== null && party === offer.offeredBy;
}

/**
 * Which offers a reader of the lien sees: the two sides and administrators the whole history;
 * a clinic of the patient only the outcome for its bills (accepted reductions).
 */
export function getVisibleReductionStatuses(
  role: Role,
  party: ReductionParty | null,
): 'all' | readonly ReductionOfferStatus[] {
  if (party !== null || role === 'admin') return 'all';
  return ['accepted'];
}
