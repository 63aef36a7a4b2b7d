import type { TBillingEntry } from '@casebridge/domain/billing/billing.schemas';
import { formatCents, formatDate } from '#src/lib/format.ts';

/** A billing line's CPT code, sessions, amount and date: the cells both billing tables show. */
export function BillingEntryCells({
  entry,
}: {
  entry: Pick<TBillingEntry, 'cptCode' | 'sessionCount' | 'amountCents' | 'date'> & {
    voidedAt?: string | null;
  };
}) {
  // A voided line's amount is struck through; the row's 'Voided' mark says it in words.
  const isVoided = Boolean(entry.voidedAt);
  return (
    <>
      <td className="px-4 py-3 font-mono text-ink">{entry.cptCode}</td>
      <td className="px-4 py-3 text-right text-ink">{entry.sessionCount}</td>
      <td
        className={`px-4 py-3 text-right tabular-nums text-ink ${isVoided ? 'line-through' : ''}`}
      >
        {formatCents(entry.amountCents)}
      </td>
      <td className="px-4 py-3 text-ink">{formatDate(entry.date)}</td>
    </>
  );
}
