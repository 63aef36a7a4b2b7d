/**
 * Lien ledger and reduction negotiation. Amounts are integer cents; a percentage is
 * kept in basis points (1 % = 100) so no float ever reaches a balance.
 */

/** Who made an offer in a reduction round: the patient's firm or the lienholder. */
export const REDUCTION_PARTIES = ['attorney', 'lienholder'] as const;
export type ReductionParty = (typeof REDUCTION_PARTIES)[number];

/** How an offer was stated; the amount in cents is always stored too. */
export const REDUCTION_OFFER_KINDS = ['amount', 'percent'] as const;
export type ReductionOfferKind = (typeof REDUCTION_OFFER_KINDS)[number];

/**
 * An offer is open until the other side answers it: accepted (the round ends and the reduced
 * balance is locked), rejected (the round ends), countered (a new open offer from the other side
 * replaces it) or withdrawn by its maker.
 */
export const REDUCTION_OFFER_STATUSES = [
  'open',
  'accepted',
  'rejected',
  'countered',
  'withdrawn',
] as const;
export type ReductionOfferStatus = (typeof REDUCTION_OFFER_STATUSES)[number];

export const REDUCTION_OFFER_STATUS_LABELS: Record<ReductionOfferStatus, string> = {
  open: 'Open',
  accepted: 'Accepted',
  rejected: 'Rejected',
  countered: 'Countered',
  withdrawn: 'Withdrawn',
};

/** 100 % in basis points: the attorney fee and a percentage offer are at most this. */
export const FULL_BASIS_POINTS = 10_000;
