import { CLOSING_TEXTS } from '@casebridge/domain/closing/closing-constants';
import { formatUsd } from '@casebridge/domain/liens/reduction-texts';
import { Link } from 'react-router';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { formatDateTime } from '#src/lib/format.ts';
import { usePayoffInbox } from '#src/features/closing/api/closing-api.ts';

/** The lienholder dashboard's 'Payoffs to answer': each links to the patient's Billing tab. */
export function PayoffInbox() {
  const query = usePayoffInbox();
  return (
    <section
      aria-labelledby="payoff-inbox-heading"
      className="rounded-lg border border-border bg-surface p-4 shadow-sm sm:p-6"
    >
      <h2 id="payoff-inbox-heading" className="mb-3 text-lg font-semibold text-ink">
        {CLOSING_TEXTS.inboxTitle}
      </h2>
      {/* The skeleton's height stays reserved once the inbox has loaded, so the portfolio and the
          list below do not move when one payoff (or none) appears. */}
      <div className="min-h-16">
        {query.isPending ? <Skeleton className="h-16 w-full" /> : null}
        {query.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {getErrorMessage(query.error, CLOSING_TEXTS.inboxLoadFailed)}
          </p>
        ) : null}
        {query.data && query.data.items.length === 0 ? (
          <p className="text-sm text-ink-muted">{CLOSING_TEXTS.inboxEmpty}</p>
        ) : null}
        {query.data && query.data.items.length > 0 ? (
          <ul className="divide-y divide-border">
            {query.data.items.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <Link
                  to={`/patients/${encodeURIComponent(item.patientId)}?tab=billing`}
                  className="font-medium text-brand underline-offset-2 hover:underline"
                >
                  {item.patientName}
                </Link>
                <span className="text-sm text-ink">
                  {formatUsd(item.amountCents)} from {item.proposedByName},{' '}
                  {formatDateTime(item.proposedAt)}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
