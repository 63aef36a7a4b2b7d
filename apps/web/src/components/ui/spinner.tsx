import { cn } from '#src/lib/cn.ts';

export function Spinner({ label = 'Loading', className }: { label?: string; className?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn('flex items-center justify-center', className)}
    >
      <span
        className="h-8 w-8 animate-spin rounded-full border-4 border-border border-t-brand"
        aria-hidden
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/** Full-height centred spinner used while the session or a page loads. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return <Spinner label={label} className="min-h-[50vh]" />;
}
