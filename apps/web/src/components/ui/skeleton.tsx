import { cn } from '#src/lib/cn.ts';

/** A grey block that holds the place of content while it loads, so nothing jumps. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cn('animate-pulse rounded-md bg-surface-muted', className)} />;
}
