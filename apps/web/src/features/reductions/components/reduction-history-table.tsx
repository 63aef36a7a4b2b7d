import {
  REDUCTION_OFFER_STATUS_LABELS,
  type ReductionOfferStatus,
} from '@casebridge/domain/liens/lien-constants';
import type { TReductionOffer } from '@casebridge/domain/liens/reduction.schemas';
import { describeReductionOffer, formatUsd } from '@casebridge/domain/liens/reduction-texts';
import type { BadgeColor } from '@casebridge/domain/badge-colors';
import { Badge } from '#src/components/ui/badge.tsx';
import { TableScroll } from '#src/components/ui/table-scroll.tsx';
import { TableHead } from '#src/components/ui/table-rows.tsx';
import { formatDateTime } from '#src/lib/format.ts';

const STATUS_TONES: Record<ReductionOfferStatus, BadgeColor> = {
  open: 'blue',
  accepted: 'green',
  rejected: 'red',
  countered: 'yellow',
  withdrawn: 'gray',
};

const COLUMNS = ['Round', 'Offered by', 'Reduction', 'Balance then', 'Note', 'Status', 'When'];

/** Every offer the reader may see, newest first, with who answered it and when. */
export function ReductionHistoryTable({
  label,
  offers,
}: {
  label: string;
  offers: readonly TReductionOffer[];
}) {
  return (
    <TableScroll label={label}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{label}</caption>
        <TableHead columns={COLUMNS} />
        <tbody>
          {offers.map((offer) => (
            <tr key={offer.id} className="border-b border-border last:border-0">
              <td className="px-4 py-2">{offer.round}</td>
              <td className="px-4 py-2">
                {offer.offeredByName}
                <span className="block text-xs text-ink-muted">
                  {offer.offeredBy === 'attorney' ? 'Attorney' : 'Lienholder'}
                </span>
              </td>
              <td className="px-4 py-2 whitespace-nowrap">{describeReductionOffer(offer)}</td>
              <td className="px-4 py-2 whitespace-nowrap">{formatUsd(offer.balanceCents)}</td>
              <td className="px-4 py-2">{offer.note ?? '—'}</td>
              <td className="px-4 py-2">
                <Badge tone={STATUS_TONES[offer.status]}>
                  {REDUCTION_OFFER_STATUS_LABELS[offer.status]}
                </Badge>
                {offer.respondedByName ? (
                  <span className="block text-xs text-ink-muted">by {offer.respondedByName}</span>
                ) : null}
              </td>
              <td className="px-4 py-2 whitespace-nowrap">
                {formatDateTime(offer.respondedAt ?? offer.createdAt)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
