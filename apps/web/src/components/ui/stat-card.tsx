import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '#src/lib/cn.ts';
import { Skeleton } from './skeleton.tsx';

export function StatCard({
  label,
  value,
  icon: Icon,
  hint,
  className,
}: {
  label: string;
  value: number | string | undefined;
  icon: LucideIcon;
  /** What the counter counts, in a few words under its value. */
  hint?: string;
  /** Grid placement, e.g. a full row on a phone when the count of cards is odd. */
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex items-center gap-3 rounded-lg border border-border bg-surface p-4 shadow-sm',
        className,
      )}
    >
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-surface-muted text-brand">
        <Icon className="h-5 w-5" aria-hidden />
      </span>
      <div>
        <p className="text-sm text-ink-muted">{label}</p>
        {value === undefined ? (
          <Skeleton className="mt-1 h-7 w-12" />
        ) : (
          <p className="text-2xl font-semibold text-ink" aria-label={`${label}: ${value}`}>
            {value}
          </p>
        )}
        {hint ? <p className="text-xs text-ink-muted">{hint}</p> : null}
      </div>
    </div>
  );
}

/** A dashboard's row of counters: two columns on a phone, four from `lg`. */
export function StatCardGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section aria-label={label} className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
      {children}
    </section>
  );
}
