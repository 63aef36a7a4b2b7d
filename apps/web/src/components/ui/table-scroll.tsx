import type { ReactNode } from 'react';
import { cn } from '#src/lib/cn.ts';

/**
 * The box a wide table scrolls sideways in on a phone.
 * - Focusable and labelled, so a keyboard user can scroll it even when the table holds no
 *   link or button (WCAG 2.1.1, axe scrollable-region-focusable).
 * - `relative`, so the table's absolutely positioned sr-only caption stays inside the box;
 *   otherwise it is placed against the page and makes the whole page scroll sideways.
 * Named '{label} table': the section around it is usually a region named '{label}' already, and
 * two landmarks with one name cannot be told apart (axe landmark-unique).
 */
export function TableScroll({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={`${label} table`}
      // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className={cn('relative overflow-x-auto rounded-lg border border-border', className)}
    >
      {children}
    </div>
  );
}
