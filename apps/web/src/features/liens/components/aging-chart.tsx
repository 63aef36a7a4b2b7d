import { LIEN_MESSAGES } from '@casebridge/domain/liens/lien-ledger-constants';
import { Section } from '#src/components/ui/section.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { formatCents } from '#src/lib/format.ts';
import { useAgingReport } from '#src/features/liens/api/liens-api.ts';

/**
 * 'Aging': the portfolio's balance by months since intake, as plain CSS bars (no chart library in
 * the dashboard's initial JavaScript). Each bar is a list item that reads its bucket, amount and
 * number of liens, so a screen reader gets the same figures as the picture.
 */
export function AgingChart() {
  const aging = useAgingReport();
  const buckets = aging.data?.buckets ?? [];
  const largest = Math.max(1, ...buckets.map((bucket) => Math.max(0, bucket.balanceCents)));
  const isEmpty = aging.data !== undefined && buckets.every((bucket) => bucket.lienCount === 0);

  return (
    <Section id="aging-heading" title="Aging: balance by months since intake" className="mb-6">
      <div className="rounded-lg border border-border bg-surface p-4 shadow-sm">
        {aging.isPending ? <Skeleton className="h-40 w-full" /> : null}
        {aging.error ? (
          <p className="text-ink">{getErrorMessage(aging.error, 'Failed to load the aging')}</p>
        ) : null}
        {isEmpty ? <p className="text-ink-muted">{LIEN_MESSAGES.agingEmpty}</p> : null}
        {aging.data && !isEmpty ? (
          <ul className="space-y-3">
            {buckets.map((bucket) => (
              <li key={bucket.key} className="grid grid-cols-[6.5rem_1fr] items-center gap-3">
                <span className="text-sm text-ink">{bucket.label}</span>
                <div className="flex items-center gap-2">
                  <div
                    aria-hidden
                    className="h-6 rounded bg-brand"
                    style={{
                      width: `${(Math.max(0, bucket.balanceCents) / largest) * 100}%`,
                      minWidth: bucket.balanceCents > 0 ? '0.25rem' : 0,
                    }}
                  />
                  <span className="whitespace-nowrap text-sm tabular-nums text-ink">
                    {formatCents(bucket.balanceCents)}
                    <span className="text-ink-muted">
                      {' '}
                      · {bucket.lienCount} {bucket.lienCount === 1 ? 'lien' : 'liens'}
                    </span>
                  </span>
                </div>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </Section>
  );
}
