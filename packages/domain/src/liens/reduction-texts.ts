import { formatCentsAsDecimal } from '../billing/money.ts';
import { formatBasisPoints } from './basis-points.ts';
import type { ReductionOfferKind } from './lien-constants.ts';

/**
 * The words of a reduction negotiation, zod-free so the patient page, the feed and
 * the server's notifications share them.
 */

/** '$1,250.00' from integer cents, with no floating point. */
export function formatUsd(cents: number): string {
  const [whole = '0', fraction = '00'] = formatCentsAsDecimal(Math.abs(cents)).split('.');
  return `${cents < 0 ? '-' : ''}$${whole.replaceAll(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

type OfferFigures = {
  kind: ReductionOfferKind;
  amountCents: number;
  percentBasisPoints: number | null;
};

/** '$1,250.00' or '25 % ($1,250.00)'. */
export function describeReductionOffer(offer: OfferFigures): string {
  const amount = formatUsd(offer.amountCents);
  return offer.kind === 'percent' && offer.percentBasisPoints !== null
    ? `${formatBasisPoints(offer.percentBasisPoints)} % (${amount})`
    : amount;
}

export type ReductionStep = 'proposed' | 'countered' | 'accepted' | 'rejected' | 'withdrawn';

/** One line for the feed, the bell and a detailed e-mail: who did what on whose lien. */
export function describeReductionStep(
  step: ReductionStep,
  who: string,
  lienholderName: string,
  offer: OfferFigures,
): string {
  const figure = describeReductionOffer(offer);
  switch (step) {
    case 'proposed':
      return `${who} proposed a reduction of ${figure} on the ${lienholderName} lien`;
    case 'countered':
      return `${who} countered with a reduction of ${figure} on the ${lienholderName} lien`;
    case 'accepted':
      return `${who} accepted a reduction of ${figure} on the ${lienholderName} lien`;
    case 'rejected':
      return `${who} rejected the reduction of ${figure} on the ${lienholderName} lien`;
    case 'withdrawn':
      return `${who} withdrew the reduction offer of ${figure} on the ${lienholderName} lien`;
  }
}
