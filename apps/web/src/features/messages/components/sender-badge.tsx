import {
  getSenderColor,
  getSenderLabel,
  type SenderColor,
} from '@casebridge/domain/messages/message-sender';
import { cn } from '#src/lib/cn.ts';

/** Solid backgrounds in both themes keep every pair above WCAG AA (axe-checked in e2e). */
const COLOR_CLASSES: Record<SenderColor, string> = {
  green: 'bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-50',
  blue: 'bg-blue-100 text-blue-900 dark:bg-blue-900 dark:text-blue-50',
  yellow: 'bg-yellow-100 text-yellow-900 dark:bg-yellow-800 dark:text-yellow-50',
  purple: 'bg-purple-100 text-purple-900 dark:bg-purple-900 dark:text-purple-50',
  gray: 'bg-surface-muted text-ink',
};

/** The sender's badge: the label of spec section 2, coloured by role. */
export function SenderBadge({
  role,
  organizationName,
}: {
  role: string;
  organizationName: string | null;
}) {
  const color = getSenderColor(role);
  return (
    <span
      data-color={color}
      className={cn(
        'inline-flex max-w-[14rem] items-center truncate rounded-full px-2 py-0.5 text-xs font-semibold',
        COLOR_CLASSES[color],
      )}
    >
      {getSenderLabel(role, organizationName)}
    </span>
  );
}
