import { AGING_BUCKETS } from '@casebridge/domain/liens/lien-ledger-constants';
import { Section } from '#src/components/ui/section.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { formatCents } from '#src/lib/format.ts';
import { useAgingReport } from '#src/features/liens/api/liens-api.ts';

/**
 * 'Aging': the portfolio's balance by months since intake, as plain CSS bars (no chart library in
 * the dashboard's initial JavaScript). The buckets are fixed, so their rows show at once and only
 * the bars and figures fill in (nothing moves). Each row is a list item that reads its bucket,
 * amount and number of liens, so a screen reader gets the same figures as the picture.
 */
export function AgingChart() {
  const aging = useAgingReport();
  const byKey = new Map(aging.data?.buckets.map((bucket) => [bucket.key, bucket]));
  const largest = Math.max(
    1,
    ...[...byKey.values()].map((bucket) => Math.max(0, bucket.balanceCents)),
  );

  return (
    <Section id="aging-heading" title="Aging: balance by months since intake" className="mb-6">
      <div className="rounded-lg border border-border bg-surface p-4 shadow-sm">
        {aging.error ? (
          <p role="alert" className="mb-3 text-ink">
            {getErrorMessage(aging.error, 'Failed to load the aging')}
          </p>
        ) : null}
        <ul className="space-y-3">
          {AGING_BUCKETS.map(({ key, label }) => {
            const bucket = byKey.get(key);
            const share = bucket ? Math.max(0, bucket.balanceCents) / largest : 0;
            return (
              <li key={key} className="grid h-6 grid-cols-[6.5rem_1fr] items-center gap-3">
                <span className="text-sm text-ink">{label}</span>
                {bucket ? (
                  <div className="flex min-w-0 items-center gap-2">
                    <div
                      aria-hidden
                      className="h-6 shrink rounded bg-brand"
                      style={{
                        width: `${share * 100}%`,
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
                ) : (
                  <Skeleton className="h-6 w-full" />
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </Section>
  );
}
