import {
  CASE_FACTS_MESSAGES,
  COVERAGE_LABELS,
} from '@casebridge/domain/case-facts/case-facts-constants';
import type { TCaseFacts } from '@casebridge/domain/case-facts/case-facts.schemas';
import { describeCoverageLimit } from '@casebridge/domain/case-facts/policy-limits';
import { Badge } from '#src/components/ui/badge.tsx';
import { Section } from '#src/components/ui/section.tsx';
import { formatCents } from '#src/lib/format.ts';

/**
 * 'Limit met': the patient's medical specials (the Billing tab's Total Medical Specials)
 * against each kind of policy limit, for the firm, the providers and administrators alike.
 */
export function PolicyLimitsPanel({ limits }: { limits: TCaseFacts['limits'] }) {
  return (
    <Section id="case-limits-heading" title="Specials and policy limits">
      <div className="rounded-lg border border-border bg-surface p-4 shadow-sm sm:p-6">
        <p className="text-sm text-ink-muted">
          Total Medical Specials:{' '}
          <span className="font-semibold text-ink">{formatCents(limits.specialsCents)}</span>
        </p>
        {limits.coverages.length === 0 ? (
          <p className="mt-2 text-sm text-ink-muted">No policy limits recorded yet.</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {limits.coverages.map((limit) => (
              <li key={limit.coverage} className="space-y-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="text-sm font-medium text-ink">
                    {COVERAGE_LABELS[limit.coverage]}
                  </span>
                  {limit.isMet ? (
                    <Badge tone="red" outlined>
                      {CASE_FACTS_MESSAGES.limitMet}
                    </Badge>
                  ) : null}
                </div>
                <p className="text-sm text-ink">
                  {describeCoverageLimit(limits.specialsCents, limit)}
                </p>
                <div
                  aria-hidden
                  className="h-2 w-full overflow-hidden rounded-full bg-surface-muted"
                >
                  <div
                    className={limit.isMet ? 'h-full bg-red-700' : 'h-full bg-brand'}
                    style={{ width: `${Math.min(100, limit.percent ?? 100)}%` }}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Section>
  );
}
