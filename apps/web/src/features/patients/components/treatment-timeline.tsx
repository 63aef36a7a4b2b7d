import { getTimeline, type TreatmentStatus } from '@casebridge/domain/patients/treatment-status';
import { Check } from 'lucide-react';
import { cn } from '#src/lib/cn.ts';

/** Four steps; those up to the current status are completed and the current one highlighted. */
export function TreatmentTimeline({ status }: { status: TreatmentStatus }) {
  const steps = getTimeline(status);
  return (
    <section
      aria-labelledby="timeline-heading"
      className="rounded-lg border border-border bg-surface p-4"
    >
      <h2 id="timeline-heading" className="mb-4 font-semibold text-ink">
        Treatment Timeline
      </h2>
      <ol className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        {steps.map((step, index) => (
          <li
            key={step.label}
            aria-current={step.isCurrent ? 'step' : undefined}
            data-completed={step.isCompleted}
            className="flex items-center gap-3"
          >
            <span
              className={cn(
                'flex h-8 w-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-semibold',
                step.isCompleted
                  ? 'border-green-700 bg-green-700 text-white dark:border-green-400 dark:bg-green-400 dark:text-green-950'
                  : 'border-border text-ink-muted',
                step.isCurrent && 'ring-4 ring-brand/40',
              )}
            >
              {step.isCompleted ? <Check className="h-4 w-4" aria-hidden /> : index + 1}
            </span>
            <span
              className={cn(
                'text-sm',
                step.isCurrent ? 'font-semibold text-ink' : 'text-ink-muted',
              )}
            >
              {step.label}
              <span className="sr-only">
                {step.isCompleted ? ' (completed)' : ' (not completed)'}
              </span>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
