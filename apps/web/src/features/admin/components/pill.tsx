import type { ReactNode } from 'react';
import { cn } from '#src/lib/cn.ts';

export type PillTone = 'green' | 'yellow' | 'red' | 'blue' | 'purple' | 'gray';

/** Colour pairs checked for WCAG AA contrast in both themes. */
const TONES: Record<PillTone, string> = {
  green: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100',
  yellow: 'bg-yellow-100 text-yellow-900 dark:bg-yellow-950 dark:text-yellow-100',
  red: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
  blue: 'bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-100',
  purple: 'bg-purple-100 text-purple-900 dark:bg-purple-950 dark:text-purple-100',
  gray: 'bg-surface-muted text-ink',
};

export function Pill({ tone, children }: { tone: PillTone; children: ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium',
        TONES[tone],
      )}
    >
      {children}
    </span>
  );
}
