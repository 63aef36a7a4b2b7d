import {
  canEditBillingEntry,
  canVoidBillingEntry,
  type BillingPolicyActor,
} from '@casebridge/domain/billing/billing.policy';
import type { TBillingEntry } from '@casebridge/domain/billing/billing.schemas';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { describeBillingEntry } from '#src/features/billing/utils/describe-billing-entry.ts';

export type BillingEntryAction = 'edit' | 'void' | 'history';

/**
 * A line's last cell: 'Voided' with its reason for a voided line; History for everyone who sees
 * the line; Edit and Void for the clinic that billed it and administrators. Each button's name
 * ends with the line it acts on ('Edit 97110 × 2, $240.00 on Mar 14, 2026'), for screen readers.
 */
export function BillingEntryActions({
  entry,
  actor,
  onAction,
}: {
  entry: TBillingEntry;
  actor: BillingPolicyActor;
  /** `opener` is the button, for focus to return to when the dialog closes. */
  onAction: (action: BillingEntryAction, opener: HTMLButtonElement) => void;
}) {
  const line = describeBillingEntry(entry);
  const button = (action: BillingEntryAction, label: string) => (
    <Button
      variant="ghost"
      size="sm"
      className="px-2"
      data-action={action}
      onClick={(event) => onAction(action, event.currentTarget)}
    >
      {label} <span className="sr-only">{line}</span>
    </Button>
  );
  return (
    <div className="flex flex-wrap items-center gap-1">
      {entry.voidedAt !== null ? (
        <div className="mr-2 text-xs text-ink">
          <Badge tone="red">Voided</Badge>
          {entry.voidReason ? <p className="mt-1 max-w-48">Reason: {entry.voidReason}</p> : null}
        </div>
      ) : null}
      {button('history', 'History')}
      {canEditBillingEntry(actor, entry) ? button('edit', 'Edit') : null}
      {canVoidBillingEntry(actor, entry) ? button('void', 'Void') : null}
    </div>
  );
}
