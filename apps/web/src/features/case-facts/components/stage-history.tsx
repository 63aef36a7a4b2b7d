import {
  CASE_FACTS_MESSAGES,
  CASE_STAGE_LABELS,
} from '@casebridge/domain/case-facts/case-facts-constants';
import type { TCaseStageChange } from '@casebridge/domain/case-facts/case-facts.schemas';
import { Section } from '#src/components/ui/section.tsx';
import { formatDateTime } from '#src/lib/format.ts';

/** Every move of the legal stage, newest first, with who made it, when, and the note. */
export function StageHistory({ items }: { items: readonly TCaseStageChange[] }) {
  return (
    <Section id="case-stage-history-heading" title="Stage history">
      {items.length === 0 ? (
        <p className="rounded-lg border border-border bg-surface p-4 text-sm text-ink-muted">
          {CASE_FACTS_MESSAGES.noStageHistory}
        </p>
      ) : (
        <ol className="space-y-2">
          {items.map((item) => (
            <li key={item.id} className="rounded-lg border border-border bg-surface p-3 sm:p-4">
              <p className="font-medium text-ink">
                {CASE_STAGE_LABELS[item.fromStage]} → {CASE_STAGE_LABELS[item.toStage]}
              </p>
              <p className="text-xs text-ink-muted">
                {item.changedByName ?? 'Someone'} ·{' '}
                <time dateTime={item.changedAt}>{formatDateTime(item.changedAt)}</time>
              </p>
              {item.note ? (
                <p className="mt-1 whitespace-pre-line text-sm text-ink">{item.note}</p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
