import type { BadgeColor } from '@casebridge/domain/badge-colors';
import type { ReactNode } from 'react';
import { cn } from '#src/lib/cn.ts';

/**
 * Each badge colour's classes, once for every badge (treatment status, message sender, user,
 * template, mail and system-tool states). Every pair is checked for WCAG AA in both themes.
 */
const TONES: Record<BadgeColor, { fill: string; ring: string }> = {
  green: {
    fill: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100',
    ring: 'ring-green-300 dark:ring-green-800',
  },
  blue: {
    fill: 'bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-100',
    ring: 'ring-blue-300 dark:ring-blue-800',
  },
  yellow: {
    fill: 'bg-yellow-100 text-yellow-900 dark:bg-yellow-950 dark:text-yellow-100',
    ring: 'ring-yellow-300 dark:ring-yellow-800',
  },
  purple: {
    fill: 'bg-purple-100 text-purple-900 dark:bg-purple-950 dark:text-purple-100',
    ring: 'ring-purple-300 dark:ring-purple-800',
  },
  red: {
    fill: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
    ring: 'ring-red-300 dark:ring-red-800',
  },
  gray: { fill: 'bg-surface-muted text-ink', ring: 'ring-border' },
};

/** A rounded label in one of the badge colours; `outlined` adds a ring of the same hue. */
export function Badge({
  tone,
  outlined = false,
  className = 'whitespace-nowrap px-2 font-medium',
  children,
}: {
  tone: BadgeColor;
  outlined?: boolean;
  /** Width, padding and weight; the default suits a short state ('Active', 'failed'). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      data-color={tone}
      className={cn(
        'inline-flex items-center rounded-full py-0.5 text-xs',
        className,
        TONES[tone].fill,
        outlined && `ring-1 ring-inset ${TONES[tone].ring}`,
      )}
    >
      {children}
    </span>
  );
}
